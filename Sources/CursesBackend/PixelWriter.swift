import CNCurses
import Foundation
import Pictures
import Synchronization
import TUI

/// Set by SIGCONT: the program was stopped (Ctrl-Z) and ncurses has repainted the text, but
/// the terminal lost the pictures (and, for kitty, switching screens dropped its copies).
private let resumed = Atomic<Bool>(false)

/// Writes the pictures of each frame to the terminal in pixels, after curses has drawn the
/// cells: the only code besides curses that writes to the tty.
///
/// `prepare` runs before curses refreshes (it tells curses which lines to repaint, so that
/// the text layer erases pictures that went away), `flush` after (it sends what the
/// `PlacementTable` planned, then puts the cursor back where curses left it: the whole
/// output is wrapped in DECSC/DECRC). A resize or a suspend makes the next frame clear the
/// screen and show every picture again.
public final class PixelWriter {
  public let output: PixelOutput
  private var table: PlacementTable
  private let sequences: PictureSequences
  private var previous: ScreenBuffer?
  private var loss: PlacementTable.Loss?
  private var pending: [PlacementTable.Step] = []
  private let descriptor: Int32
  private var finishesUpdates = false
  /// Bytes of picture output written so far (the benchmark reads it through the log).
  public private(set) var bytesWritten = 0

  /// A writer for `output` on `descriptor` (standard output: the terminal curses draws on).
  public init(output: PixelOutput, descriptor: Int32 = STDOUT_FILENO) {
    self.output = output
    self.descriptor = descriptor
    // Image ids from the process id, so that two programs in one kitty window rarely meet.
    let first = UInt32(truncatingIfNeeded: getpid() & 0xFFFF) << 12 | 1
    table = PlacementTable(kind: output.kind, firstImage: first)
    sequences = PictureSequences(kind: output.kind)
    signal(SIGCONT) { _ in resumed.store(true, ordering: .relaxed) }
  }

  /// Encodes a picture for this terminal ahead of its first frame; the picture loader calls
  /// it from its tasks, so the run loop only writes bytes already made.
  public var preparer: @Sendable (PictureCache.Key, PixelPicture) -> Void {
    { [sequences] key, picture in sequences.prepare(key, picture) }
  }

  /// True after a resume until the next frame is drawn: the run loop should draw one.
  public var needsFrame: Bool { resumed.load(ordering: .relaxed) }

  /// Something other than a frame changed the screen: the next frame starts over.
  func lose(_ what: PlacementTable.Loss) {
    if loss != .everything { loss = what }
  }

  /// Plans `buffer`'s pictures; curses is told to clear the screen or repaint lines.
  /// Call after the cells are drawn into curses' window and before `refresh()`.
  func prepare(_ buffer: ScreenBuffer) {
    if !finishesUpdates {
      // ncurses stops an update half way when a key is waiting (typeahead) and finishes it
      // at the next refresh: the pictures would be drawn over lines it has yet to write.
      typeahead(-1)
      finishesUpdates = true
    }
    if resumed.exchange(false, ordering: .relaxed) { lose(.everything) }
    if let previous, previous.width != buffer.width || previous.height != buffer.height {
      // kitty 0.26 drops the pictures themselves when its window is resized (placing them
      // again by id showed nothing under Xvfb): they are sent again.
      lose(.everything)
    }
    let plan = table.plan(next: buffer, previous: previous, loss: loss)
    loss = nil
    if plan.clearScreen { clearok(artfeed_stdscr(), true) }
    for line in plan.redrawLines where line >= 0 && line < buffer.height {
      wredrawln(artfeed_stdscr(), Int32(line), 1)
    }
    pending = plan.steps
    previous = buffer
    // `ARTFEED_PIXEL_LOG`: one line per frame (lines redrawn, steps), one per write.
    PixelLog.note(
      "frame \(buffer.width)x\(buffer.height) clear=\(plan.clearScreen) "
        + "redraw=\(plan.redrawLines) steps=\(plan.steps.map(Self.describe))")
  }

  private static func describe(_ step: PlacementTable.Step) -> String {
    switch step {
    case .transmit(let p, let image): "transmit \(image) \(p.key.url.suffix(20))"
    case .transmitAnimation(let p, let image):
      "animation \(image) of \(p.motion?.frames.count ?? 0) frames \(p.key.url.suffix(20))"
    case .animate(let image, let running, let loops):
      "\(running ? "run" : "stop") \(image) loops=\(loops)"
    case .place(let p, let image, let id): "place \(image)/\(id) at \(p.visible.x),\(p.visible.y)"
    case .deletePlacement(let image, let id): "delete \(image)/\(id)"
    case .deleteImage(let image): "forget \(image)"
    case .deleteAllPlacements: "delete all"
    case .draw(let p):
      "draw at \(p.visible.x),\(p.visible.y) \(p.visible.width)x\(p.visible.height)"
    }
  }

  /// Sends the planned steps. Call right after `refresh()`.
  func flush() {
    guard !pending.isEmpty else { return }
    send(pending)
    pending = []
  }

  /// Frees what the terminal holds for us (kitty's pictures). Call before `endwin`.
  func close() {
    send(table.closing())
    previous = nil
  }

  // MARK: - Bytes

  private func send(_ steps: [PlacementTable.Step]) {
    guard !steps.isEmpty else { return }
    var out: [UInt8] = []
    let direct = output.tmuxPane == nil
    if direct { out += Self.saveCursor }
    for step in steps {
      for command in commands(for: step) { out += wrapped(command) }
    }
    if direct { out += Self.restoreCursor }
    write(out)
    PixelLog.note("wrote \(out.count) bytes")
  }

  /// The commands of a step, each sent whole (inside tmux each is wrapped on its own).
  private func commands(for step: PlacementTable.Step) -> [[UInt8]] {
    switch step {
    case .transmit(let placement, let image):
      return sequences.transmission(placement, id: image)
    case .transmitAnimation(let placement, let image):
      return sequences.animation(placement, id: image)
    case .animate(let image, let running, let loops):
      return [KittyGraphics.animate(id: image, running: running, loops: loops)]
    case .place(let placement, let image, let id):
      return [moveTo(placement) + PictureSequences.kittyPlace(placement, image: image, id: id)]
    case .deletePlacement(let image, let id):
      return [KittyGraphics.deletePlacement(id: image, placement: id)]
    case .deleteImage(let image):
      return [KittyGraphics.deleteImage(id: image)]
    case .deleteAllPlacements:
      return [KittyGraphics.deleteAllPlacements]
    case .draw(let placement):
      return [moveTo(placement) + sequences.drawing(placement)]
    }
  }

  /// Inside tmux: the command for the outer terminal, with the cursor saved and restored
  /// there too (tmux does not know it moved).
  private func wrapped(_ command: [UInt8]) -> [UInt8] {
    guard output.tmuxPane != nil else { return command }
    return TmuxPassthrough.wrap(Self.saveCursor + command + Self.restoreCursor)
  }

  /// The cursor to the visible part's top left cell (the outer terminal's, inside tmux).
  private func moveTo(_ placement: PicturePlacement) -> [UInt8] {
    let shown = placement.visible
    let x = shown.x + (output.tmuxPane?.x ?? 0)
    let y = shown.y + (output.tmuxPane?.y ?? 0)
    return Array("\u{1B}[\(y + 1);\(x + 1)H".utf8)
  }

  static let saveCursor: [UInt8] = [0x1B, 0x37]
  static let restoreCursor: [UInt8] = [0x1B, 0x38]

  private func write(_ bytes: [UInt8]) {
    var offset = 0
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      while offset < raw.count {
        let count = Foundation.write(descriptor, base + offset, raw.count - offset)
        if count < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return
        }
        offset += count
      }
    }
    bytesWritten += offset
  }
}
