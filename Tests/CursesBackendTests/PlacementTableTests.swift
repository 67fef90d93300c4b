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
