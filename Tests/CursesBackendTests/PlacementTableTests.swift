import Pictures
import TUI
import Testing

@testable import CursesBackend

/// Frames with pictures at given lines, as the list draws them: 12x6 boxes at column 2.
struct Frames {
  static let cell = CellSize(width: 10, height: 20)

  static func key(_ name: String) -> PictureCache.Key {
    PictureCache.Key(url: name, columns: 12, rows: 6, depth: .none, cell: cell)
  }

  static func picture(_ name: String) -> PixelPicture? {
    var pixels: [UInt8] = []
    for _ in 0..<120 * 120 { pixels += [UInt8(name.count * 20), 0, 0, 255] }
    return PixelPicture.fitting(
      Picture(width: 120, height: 120, pixels: pixels), columns: 12, rows: 6, cell: cell)
  }

  /// A 40x30 frame with text on line 0 and pictures `name` with their box tops at `lines`.
  static func frame(_ boxes: [(String, Int)], width: Int = 40, height: Int = 30, text: String = "")
    -> ScreenBuffer
  {
    var buffer = ScreenBuffer(width: width, height: height)
    buffer.put("title " + text, x: 0, y: 0, style: .normal)
    for (name, line) in boxes {
      guard let picture = picture(name) else { continue }
      buffer.place(
        picture, key: key(name), in: BoxRect(x: 2, y: line, width: 12, height: 6),
        clip: 1..<(height - 1))
    }
    return buffer
  }
}

@Suite("The placement table: what each frame sends")
struct PlacementTableTests {
  typealias Step = PlacementTable.Step

  func kinds(_ steps: [Step]) -> [String] {
    steps.map { step in
      switch step {
      case .transmit(let placement, _): "transmit \(placement.key.url)"
      case .transmitAnimation(let placement, _): "animation \(placement.key.url)"
      case .animate: "animate"
      case .place(let placement, _, _): "place \(placement.key.url)@\(placement.visible.y)"
      case .deletePlacement: "delete"
      case .deleteImage: "forget"
      case .deleteAllPlacements: "delete all"
      case .draw(let placement): "draw \(placement.key.url)@\(placement.visible.y)"
      }
    }
  }

  @Test("kitty: each picture is sent once; scrolling only deletes and places")
  func kittySendsOnce() {
    var table = PlacementTable(kind: .kitty)
    let first = Frames.frame([("a", 1), ("bb", 10)])
    #expect(
      kinds(table.plan(next: first, previous: nil).steps)
        == ["transmit a", "place a@1", "transmit bb", "place bb@10"])
    #expect(table.plan(next: first, previous: first).steps.isEmpty, "the same frame sends nothing")
    let scrolled = Frames.frame([("bb", 4), ("ccc", 13)])
    #expect(
      kinds(table.plan(next: scrolled, previous: first).steps)
        == ["delete", "delete", "place bb@4", "transmit ccc", "place ccc@13"])
    let back = Frames.frame([("a", 1), ("bb", 10)])
    let steps = table.plan(next: back, previous: scrolled).steps
    #expect(!kinds(steps).contains { $0.hasPrefix("transmit") }, "\(kinds(steps))")
  }

  @Test("kitty: a box cut by the screen's edge is the same picture, placed with a crop")
  func kittyCrop() throws {
    var table = PlacementTable(kind: .kitty)
    let whole = Frames.frame([("a", 10)])
    _ = table.plan(next: whole, previous: nil)
    let cut = Frames.frame([("a", -2)])
    let steps = table.plan(next: cut, previous: whole).steps
    #expect(kinds(steps) == ["delete", "place a@1"])
    let placement = try #require(cut.placements.first)
    #expect(placement.rows == 3..<6, "rows 0-2 are above line 1")
  }

  @Test("kitty: a resize places everything again; a suspend sends everything again")
  func kittyLoss() {
    var table = PlacementTable(kind: .kitty)
    let frame = Frames.frame([("a", 1)])
    _ = table.plan(next: frame, previous: nil)
    let resized = table.plan(next: frame, previous: frame, loss: .placements)
    #expect(resized.clearScreen && kinds(resized.steps) == ["delete all", "place a@1"])
    let resumed = table.plan(next: frame, previous: frame, loss: .everything)
    #expect(kinds(resumed.steps) == ["delete all", "transmit a", "place a@1"])
  }

  @Test("kitty: past the limit the least recently shown picture is forgotten, never one shown")
  func kittyLimit() {
    var table = PlacementTable(kind: .kitty, imageLimit: 2)
    _ = table.plan(next: Frames.frame([("a", 1)]), previous: nil)
    _ = table.plan(next: Frames.frame([("bb", 1)]), previous: nil)
    let two = Frames.frame([("ccc", 1), ("dddd", 10)])
    let steps = kinds(table.plan(next: two, previous: nil).steps)
    #expect(steps.filter { $0 == "forget" }.count == 2, "\(steps)")
    #expect(Set(table.images.map(\.key.url)) == ["ccc", "dddd"])
  }

  @Test("kitty: leaving frees every picture in the terminal")
  func kittyClosing() {
    var table = PlacementTable(kind: .kitty)
    _ = table.plan(next: Frames.frame([("a", 1), ("bb", 10)]), previous: nil)
    #expect(kinds(table.closing()) == ["forget", "forget"])
    #expect(table.images.isEmpty)
  }

  @Test("sixel: a picture that moved is drawn at its new place and its old lines are redrawn")
  func sixelMoves() {
    var table = PlacementTable(kind: .sixel)
    let first = Frames.frame([("a", 10)])
    #expect(kinds(table.plan(next: first, previous: nil).steps) == ["draw a@10"])
    let moved = Frames.frame([("a", 4)])
    let plan = table.plan(next: moved, previous: first)
    #expect(kinds(plan.steps) == ["draw a@4"])
    #expect(Set(10..<16).isSubset(of: Set(plan.redrawLines)), "the old lines: \(plan.redrawLines)")
  }

  @Test("sixel: a picture in place is sent again only when a line under it is redrawn")
  func sixelKept() {
    var table = PlacementTable(kind: .sixel)
    let first = Frames.frame([("a", 1), ("bb", 10)])
    _ = table.plan(next: first, previous: nil)
    let same = table.plan(next: first, previous: first)
    #expect(same.steps.isEmpty && same.redrawLines.isEmpty)
    let retitled = Frames.frame([("a", 1), ("bb", 10)], text: "changed")
    #expect(table.plan(next: retitled, previous: first).steps.isEmpty, "line 0 has no picture")
    var touched = Frames.frame([("a", 1), ("bb", 10)])
    touched.put("x", x: 30, y: 12, style: .normal)
    let plan = table.plan(next: touched, previous: first)
    #expect(kinds(plan.steps) == ["draw bb@10"], "line 12 is redrawn whole, bb with it")
    #expect(plan.redrawLines == [12])
  }

  @Test("every changed line is redrawn whole, so ncurses never scrolls pictures")
  func changedLines() {
    var table = PlacementTable(kind: .kitty)
    let first = Frames.frame([("a", 1)])
    _ = table.plan(next: first, previous: nil)
    var next = Frames.frame([("a", 1)])
    next.put("moved", x: 20, y: 20, style: .normal)
    #expect(table.plan(next: next, previous: first).redrawLines == [20])
  }
}

@Suite("render --pictures")
struct PictureTextTests {
  @Test("each picture is drawn from the line after the text, up to its box, cursor restored")
  func relativePlacement() {
    let frame = Frames.frame([("a", 2), ("bb", 11)])
    let text = String(decoding: PictureText.sequences(for: frame, kind: .sixel), as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}7\u{1B}[28A\u{1B}[3G\u{1B}P"))
    #expect(text.contains("\u{1B}8\u{1B}7\u{1B}[19A\u{1B}[3G\u{1B}P"))
    #expect(text.hasSuffix("\u{1B}\\\u{1B}8"))
  }

  @Test("kitty: a picture shown twice is transmitted once")
  func kittyOnce() {
    let frame = Frames.frame([("a", 2), ("a", 11)])
    let text = String(decoding: PictureText.sequences(for: frame, kind: .kitty), as: UTF8.self)
    #expect(text.components(separatedBy: "a=t,").count == 2)
    #expect(text.components(separatedBy: "a=p,").count == 3)
  }
}

@Suite("The placement table: an animation kitty plays")
struct KittyMotionTableTests {
  /// Frame "a" at line `line` carrying three frames of 100, 200, 300 ms.
  static func animated(line: Int = 1, running: Bool = true, loops: Int = 0, runs: Int = 1)
    throws -> ScreenBuffer
  {
    var buffer = Frames.frame([("a", line)])
    let first = try #require(Frames.picture("a"))
    buffer.attach(
      PlacedMotion(
        frames: [first, first, first], milliseconds: [100, 200, 300], loops: loops,
        isRunning: running, runs: runs), to: Frames.key("a"), as: Frames.key("a").frame(1))
    return buffer
  }

  func names(_ steps: [PlacementTable.Step]) -> [String] {
    steps.map { step in
      switch step {
      case .transmit: "transmit"
      case .transmitAnimation(let placement, _): "animation \(placement.motion?.frames.count ?? 0)"
      case .animate(_, let running, let loops): "\(running ? "run" : "stop") \(loops)"
      case .place(let placement, _, _): "place@\(placement.visible.y)"
      case .deletePlacement: "delete"
      case .deleteImage: "forget"
      case .deleteAllPlacements: "delete all"
      case .draw: "draw"
      }
    }
  }

  @Test("sent once with its frames, placed, run; the same frame again sends nothing")
  func once() throws {
    var table = PlacementTable(kind: .kitty)
    let first = try Self.animated(loops: 2)
    #expect(names(table.plan(next: first, previous: nil).steps) == ["animation 3", "place@1", "run 2"])
    #expect(table.plan(next: first, previous: first).steps.isEmpty)
  }

  @Test("pause and play say stop and run to the same image, nothing is sent again")
  func pause() throws {
    var table = PlacementTable(kind: .kitty)
    let running = try Self.animated()
    let plan = table.plan(next: running, previous: nil)
    guard case .transmitAnimation(_, let id) = plan.steps.first else {
      Issue.record("no animation sent")
      return
    }
    let paused = try Self.animated(running: false)
    #expect(table.plan(next: paused, previous: running).steps == [.animate(image: id, running: false, loops: 0)])
    #expect(table.plan(next: running, previous: paused).steps == [.animate(image: id, running: true, loops: 0)])
  }

  @Test("leaving the screen deletes the image and its frames; moving only places it again")
  func leave() throws {
    var table = PlacementTable(kind: .kitty)
    let first = try Self.animated(line: 1)
    _ = table.plan(next: first, previous: nil)
    let moved = try Self.animated(line: 5)
    #expect(names(table.plan(next: moved, previous: first).steps) == ["delete", "place@5", "run 0"])
    let gone = Frames.frame([])
    #expect(names(table.plan(next: gone, previous: moved).steps) == ["forget"])
    #expect(table.images.isEmpty, "nothing of the animation is kept")
    _ = table.plan(next: first, previous: gone)
    #expect(names(table.closing()) == ["forget"], "quitting frees it")
  }

  @Test("each new run count sends the run command again (kitty 0.26 drops one sent too early)")
  func runAgain() throws {
    var table = PlacementTable(kind: .kitty)
    let placed = try Self.animated(running: false)
    #expect(names(table.plan(next: placed, previous: nil).steps) == ["animation 3", "place@1", "stop 0"])
    let run = try Self.animated()
    #expect(names(table.plan(next: run, previous: placed).steps) == ["run 0"])
    let again = try Self.animated(runs: 2)
    #expect(names(table.plan(next: again, previous: run).steps) == ["run 0"])
    #expect(table.plan(next: again, previous: again).steps.isEmpty)
  }

  @Test("a resize frees the animation's frames at once; it is sent again when shown")
  func resize() throws {
    var table = PlacementTable(kind: .kitty)
    let first = try Self.animated()
    _ = table.plan(next: first, previous: nil)
    let plan = table.plan(next: first, previous: nil, loss: .placements)
    #expect(names(plan.steps) == ["delete all", "forget", "animation 3", "place@1", "run 0"])
  }
}
