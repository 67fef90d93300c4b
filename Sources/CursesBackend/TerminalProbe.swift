import Foundation
import Pictures

/// What a terminal said about itself when asked, before curses takes the screen.
public struct TerminalReport: Sendable, Equatable {
  /// It answered the kitty graphics query (before its DA1 reply).
  public var kitty = false
  /// Its DA1 reply lists attribute 4 (sixel graphics).
  public var sixel = false
  /// It answered DA1 at all (every terminal does; none means the probe timed out).
  public var answered = false
  /// The cell size in pixels: `TIOCGWINSZ`'s pixel fields, else the reply to `CSI 16 t`.
  public var cell: CellSize?
  /// Its name and version (the XTVERSION reply), e.g. "kitty(0.26.5)", sanitized.
  public var name: String?

  public init() {}
}

/// Asks the terminal what it can show: the kitty graphics query, `CSI 16 t` (cell size),
/// XTVERSION and DA1, in one write. Terminals answer in order, so when the DA1 reply has
/// come, every answer that will come has: a terminal that ignores the kitty query simply
/// answers DA1 first.
///
/// The terminal is put in non-canonical mode without echo for the probe only, and restored
/// as it was. The wait is bounded (`timeout`): a terminal that answers nothing costs that
/// much at start-up, once; every terminal answers DA1, in milliseconds, so the bound is
/// generous (a slow link, a terminal still starting). Whatever arrived by then is read, and
/// the input is flushed, so no part of an answer is taken for keys.
public enum TerminalProbe {
  /// The queries, in the order the replies are expected.
  public static let queries: [UInt8] =
    KittyGraphics.query + Array("\u{1B}[16t\u{1B}[>0q\u{1B}[c".utf8)

  /// Inside tmux: the cell size and DA1 only. tmux takes an APC string (the kitty query) as a
  /// title for the pane, so it is never sent there.
  public static let tmuxQueries: [UInt8] = Array("\u{1B}[16t\u{1B}[c".utf8)

  /// Probes the terminal on `input`/`output`; a report with `answered` false when they are
  /// not a terminal or nothing came back in time.
  public static func probe(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
    timeout: Duration = .milliseconds(1000), queries: [UInt8] = queries
  ) -> TerminalReport {
    guard isatty(input) == 1, isatty(output) == 1 else { return TerminalReport() }
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { return TerminalReport() }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSANOW, &raw) == 0 else { return TerminalReport() }
    defer { tcsetattr(input, TCSANOW, &saved) }
    let written = queries.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
    guard written == queries.count else { return TerminalReport() }
    var report = parse(readReplies(input, timeout: timeout))
    if !report.answered { tcflush(input, TCIFLUSH) }
    if let size = windowPixels(output) { report.cell = size }
    return report
  }

  /// Reads until a DA1 reply has arrived or `timeout` has passed.
  static func readReplies(_ input: Int32, timeout: Duration) -> [UInt8] {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1024)
    while clock.now < deadline, !hasDA1(bytes) {
      let left = clock.now.duration(to: deadline).components
      let milliseconds = Int32(
        max(1, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000))
      var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { break }
      let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { break }
      bytes += chunk[0..<count]
      if bytes.count > 65536 { break }
    }
    return bytes
  }

  /// The cell size from the terminal's window size in pixels, when the pty knows it.
  static func windowPixels(_ output: Int32) -> CellSize? {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
      size.ws_xpixel > 0, size.ws_ypixel > 0
    else { return nil }
    return CellSize(
      width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
  }

  // MARK: - Replies

  /// True once `bytes` hold a DA1 reply (`ESC [ ? ... c`).
  static func hasDA1(_ bytes: [UInt8]) -> Bool {
    replies(in: bytes).contains {
      $0.kind == .csi && $0.body.first == UInt8(ascii: "?") && $0.final == UInt8(ascii: "c")
    }
  }

  /// What the replies in `bytes` say. Anything else in them (keys typed meanwhile) is
  /// ignored.
  static func parse(_ bytes: [UInt8]) -> TerminalReport {
    var report = TerminalReport()
    for reply in replies(in: bytes) {
      let text = String(decoding: reply.body, as: UTF8.self)
      switch (reply.kind, reply.final) {
      case (.apc, _):
        // "Gi=31;OK" answers the query; an error ("Gi=31;EINVAL:...") still means the
        // terminal speaks the protocol, but a picture it refuses is no use.
        if text.hasPrefix("Gi=31;") && text.hasSuffix(";OK") { report.kitty = true }
      case (.csi, UInt8(ascii: "c")) where text.hasPrefix("?"):
        report.answered = true
        let attributes = text.dropFirst().split(separator: ";").map(String.init)
        report.sixel = attributes.dropFirst().contains("4")
      case (.csi, UInt8(ascii: "t")):
        let fields = text.split(separator: ";").compactMap { Int($0) }
        if fields.count == 3, fields[0] == 6, fields[1] > 0, fields[2] > 0 {
          report.cell = CellSize(width: fields[2], height: fields[1])
        }
      case (.dcs, _) where text.hasPrefix(">|"):
        let name = text.dropFirst(2).unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }
        report.name = String(String.UnicodeScalarView(name.prefix(60)))
      default: break
      }
    }
    return report
  }

  struct Reply: Equatable {
    enum Kind { case csi, apc, dcs }
    var kind: Kind
    var body: [UInt8]
    /// The final byte of a CSI sequence (0 for strings).
    var final: UInt8
  }

  /// The CSI sequences and APC/DCS strings in `bytes`, in order; incomplete ones are left out.
  static func replies(in bytes: [UInt8]) -> [Reply] {
    var found: [Reply] = []
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == 0x1B else {
        index += 1
        continue
      }
      let introducer = bytes[index + 1]
      if introducer == UInt8(ascii: "[") {
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { break }
        found.append(Reply(kind: .csi, body: Array(bytes[index + 2..<end]), final: bytes[end]))
        index = end + 1
      } else if introducer == UInt8(ascii: "_") || introducer == UInt8(ascii: "P") {
        var end = index + 2
        while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) {
          end += 1
        }
        guard end + 1 < bytes.count else { break }
        let kind: Reply.Kind = introducer == UInt8(ascii: "_") ? .apc : .dcs
        found.append(Reply(kind: kind, body: Array(bytes[index + 2..<end]), final: 0))
        index = end + 2
      } else {
        index += 2
      }
    }
    return found
  }
}
