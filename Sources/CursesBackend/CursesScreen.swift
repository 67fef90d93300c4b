import CNCurses
import Foundation
import Pictures
import TUI
import TUIRuntime

/// Why the terminal could not be set up.
public enum CursesError: Error, Equatable, CustomStringConvertible {
  case notATerminal
  case cannotInitialize(term: String)
  case cannotAddressCursor(term: String)

  public var description: String {
    switch self {
    case .notATerminal:
      "standard input and output must be a terminal (use `artfeed render` or `artfeed parse` in scripts)"
    case .cannotInitialize(let term):
      "cannot initialize the terminal (TERM=\(term)); check that TERM names a known terminal"
    case .cannotAddressCursor(let term):
      "TERM=\(term) cannot move the cursor, which a full-screen browser needs; "
        + "set TERM to your terminal (e.g. xterm-256color), or use `artfeed render` or `artfeed parse`"
    }
  }
}

/// The real screen: ncursesw on the controlling terminal.
///
/// A class because it owns a C resource. `close()` restores the terminal and is safe to call
/// more than once, from any exit path.
public final class CursesScreen: Screen {
  private var isOpen = false
  private var colors: ColorTable
  /// Pictures in pixels after each refresh, when the terminal shows them (PixelWriter.swift).
  public var pixels: PixelWriter?

  /// The colour depth pictures should be converted for on this terminal.
  public var colorDepth: ColorDepth { colors.depth }

  /// Sets up curses: UTF-8 locale, no echo, cbreak, keypad, mouse, colours unless `useColor`
  /// is false or the terminal has none, the roles painted with `palette`.
  public init(useColor: Bool, palette: Palette = .standard) throws(CursesError) {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    setlocale(LC_ALL, "")
    if setlocale(LC_CTYPE, nil).map({ String(cString: $0) }).map(Self.isUTF8) != true {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
    guard artfeed_newterm() != nil else {
      throw .cannotInitialize(term: Self.variable("TERM") ?? "")
    }
    guard artfeed_can_address_cursor() != 0 else {
      endwin()
      throw .cannotAddressCursor(term: Self.variable("TERM") ?? "")
    }
    isOpen = true
    cbreak()
    noecho()
    nonl()
    keypad(artfeed_stdscr(), true)
    curs_set(0)
    // A key's escape sequence arrives in one write, so the rest of it is already there when
    // its ESC is read: no wait is needed to tell Esc from an arrow (bubbletea and crossterm
    // decide the same way). $ESCDELAY (milliseconds) still sets a wait for slow links.
    set_escdelay(Self.escapeDelay(Self.variable("ESCDELAY")))
    mouseinterval(300)
    mousemask(artfeed_all_mouse_events(), nil)
    colors = ColorTable(enabled: useColor && has_colors(), palette: palette)
  }

  deinit { close() }

  /// Restores the terminal. Idempotent.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    pixels?.close()
    // Terminals without an alternate screen (vt100) would keep the last frame under the
    // shell prompt; a cleared screen is what the reader expects after quitting.
    erase()
    refresh()
    endwin()
  }

  public var size: (width: Int, height: Int) {
    (Int(artfeed_cols()), Int(artfeed_lines()))
  }

  public func draw(_ buffer: ScreenBuffer) {
    guard isOpen else { return }
    erase()
    colors.beginFrame()
    for y in 0..<buffer.height {
      drawLine(y, of: buffer)
    }
    pixels?.prepare(buffer)
    refresh()
    pixels?.flush()
  }

  /// Sleeps in `poll(2)` on the terminal and `wake` together, so input and finished work both
  /// end the sleep at once and nothing else does (no polling timeout).
  ///
  /// Input ncurses has already read (the rest of a key's sequence) is taken first, without
  /// sleeping. A signal (SIGWINCH, a stop signal) interrupts the sleep: ncurses then reports a
  /// resize on its next read, and the loop asks whether to stop.
  public func nextEvent(wake: WakeSignal, timeoutMilliseconds: Int?) -> Event? {
    guard isOpen else { return nil }
    if pixels?.needsFrame == true { return .resize(width: size.width, height: size.height) }
    if let event = readInput() { return event }
    var watched = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.fileDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&watched, 2, Int32(clamping: timeoutMilliseconds ?? -1))
    if ready > 0, watched[1].revents != 0 { wake.drain() }
    if ready > 0, watched[0].revents == 0 { return nil }
    // Input, or a signal (EINTR): a resize shows as KEY_RESIZE on this read.
    guard ready != 0 else { return nil }
    let event = readInput()
    if event == nil, ready > 0, watched[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
      // The terminal is gone: stop as a hang-up would, rather than wake for ever.
      raise(SIGHUP)
    }
    return event
  }

  /// One event from what the terminal sent, without waiting for more.
  private func readInput() -> Event? {
    timeout(0)
    var character: wint_t = 0
    let status = wget_wch(artfeed_stdscr(), &character)
    if status == KEY_CODE_YES {
      return keyCodeEvent(Int32(character))
    }
    guard status == OK else { return nil }
    return KeyDecoder.key(forCharacter: UInt32(character)).map(Event.key)
  }

  /// Gives the terminal to `body` (a terminal browser) and takes it back: curses' modes are
  /// saved and the terminal restored while it runs, then the screen is redrawn whole.
  /// Puts `text` on the terminal's clipboard with OSC 52 (`ESC ] 52 ; c ; BASE64 BEL`),
  /// which xterm, kitty, foot, WezTerm and iTerm2 honour, and tmux passes on (and keeps as
  /// a paste buffer) with `set-clipboard on`. Base64 carries any text safely; the terminal
  /// ignores what it does not allow. Written after ncurses' own output, moving no cursor.
  public func copyToClipboard(_ text: String) -> Bool {
    guard isOpen else { return false }
    let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    // ncurses flushed its own output at the end of the last `refresh`: the bytes go after it.
    let bytes = Array(sequence.utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes {
        Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return false }
      written += result
    }
    return true
  }

  public func suspend(_ body: () -> Void) {
    guard isOpen else {
      body()
      return
    }
    def_prog_mode()
    endwin()
    body()
    pixels?.lose(.everything)
    reset_prog_mode()
    clearok(artfeed_stdscr(), true)
    refresh()
  }

  /// Suspends like a shell job (Ctrl-Z is handled by ncurses itself; this is for callers).
  public func redrawAfterResume() {
    guard isOpen else { return }
    clearok(artfeed_stdscr(), true)
    refresh()
  }

  // MARK: - Drawing

  /// Draws one line as runs of equally styled cells, so ncurses advances by the same
  /// `wcwidth` sums the layout computed.
  private func drawLine(_ y: Int, of buffer: ScreenBuffer) {
    var x = 0
    while x < buffer.width {
      let style = buffer[x, y].style
      var text = ""
      let start = x
      while x < buffer.width, buffer[x, y].style == style {
        if !buffer[x, y].isContinuation { text += buffer[x, y].text }
        x += 1
      }
      // The bottom-right cell cannot be written without scrolling on some terminals.
      if y == buffer.height - 1, x == buffer.width, let last = text.last, last == " " {
        text.removeLast()
      }
      guard !text.isEmpty else { continue }
      let (attributes, pair) = colors.attributes(for: style)
      artfeed_attr_set_pair(attributes, pair)
      var wide = Array(text.unicodeScalars.map { wchar_t(bitPattern: $0.value) })
      wide.append(0)
      _ = mvaddwstr(Int32(y), Int32(start), wide)
    }
    artfeed_attr_set(artfeed_a_normal(), 0)
  }

  // MARK: - Input

  private func keyCodeEvent(_ code: Int32) -> Event? {
    if code == KEY_RESIZE {
      let (width, height) = size
      return .resize(width: width, height: height)
    }
    if code == KEY_MOUSE {
      var event = MEVENT()
      guard getmouse(&event) == OK else { return nil }
      return mouseEvent(event)
    }
    return .key(KeyDecoder.key(forKeyCode: code))
  }

  private func mouseEvent(_ event: MEVENT) -> Event? {
    let state = event.bstate
    let x = Int(event.x)
    let y = Int(event.y)
    if state & artfeed_button4_pressed() != 0 { return .mouse(MouseEvent(.wheelUp, x: x, y: y)) }
    if artfeed_button5_pressed() != 0, state & artfeed_button5_pressed() != 0 {
      return .mouse(MouseEvent(.wheelDown, x: x, y: y))
    }
    if state & artfeed_button1_double_clicked() != 0 {
      return .mouse(MouseEvent(.doubleClick, x: x, y: y))
    }
    if state & (artfeed_button1_clicked() | artfeed_button1_pressed()) != 0 {
      return .mouse(MouseEvent(.click, x: x, y: y))
    }
    return nil
  }

  /// One environment variable, read with `getenv` (`ProcessInfo`'s environment builds a
  /// dictionary of every variable to answer for one).
  static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The wait after ESC for the rest of a sequence: $ESCDELAY when it is a number of
  /// milliseconds up to 1000, else none.
  static func escapeDelay(_ setting: String?) -> Int32 {
    guard let setting, let milliseconds = Int32(setting), (0...1000).contains(milliseconds) else {
      return 0
    }
    return milliseconds
  }

  private static func isUTF8(_ locale: String) -> Bool {
    let lower = locale.lowercased()
    return lower.contains("utf-8") || lower.contains("utf8")
  }
}
