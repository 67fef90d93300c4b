import Testing

@testable import TUI

/// The title bar and the status line on narrow terminals: what goes first is what the reader
/// needs least, and nothing is cut without "…" (issue 31).
@Suite("Narrow bars")
struct NarrowBarsTests {
  static let list: [TitleBar.Part] = [
    .init("artfeed", priority: 0), .init("Popular", priority: 10),
    .init("64 items", priority: 5), .init("64 unread", priority: 6), .init("offline", priority: 1),
  ]

  @Test("the title bar leaves out whole pieces, the least needed first, keeping their order")
  func titleBar() {
    #expect(
      TitleBar.fitted(Self.list, width: 80) == " artfeed · Popular · 64 items · 64 unread · offline"
    )
    #expect(TitleBar.fitted(Self.list, width: 40) == " Popular · 64 items · 64 unread")
    #expect(TitleBar.fitted(Self.list, width: 20) == " Popular · 64 unread")
    #expect(TitleBar.fitted(Self.list, width: 9) == " Popular")
    // Not even the piece needed most fits: it alone, cut with "…", never a lesser piece.
    #expect(TitleBar.fitted(Self.list, width: 6) == " Popu…")
  }

  static let hints = "j/k move  Enter open  / artist  v gallery  ? help  q quit"

  @Test("hints go whole, from the right, ? help last of all; never cut in the middle")
  func hints() {
    #expect(StatusLine.fittedHints(Self.hints, width: 80) == Self.hints)
    #expect(
      StatusLine.fittedHints(Self.hints, width: 43) == "j/k move  Enter open  / artist  ? help")
    #expect(StatusLine.fittedHints(Self.hints, width: 20) == "j/k move  ? help")
    #expect(StatusLine.fittedHints(Self.hints, width: 7) == "? help")
    #expect(StatusLine.fittedHints(Self.hints, width: 5) == "")
    // A feed's state in the hints' place is one text: cut with "…".
    #expect(
      StatusLine.fittedHints("cached 3 h ago: could not resolve host", width: 20)
        == "cached 3 h ago: cou…")
  }

  @Test("at 50 columns the items page keeps ? help (q quit goes first)")
  func itemsAt50() {
    let state = Fixtures.state(width: 50, height: 16)
    let last = state.render(.fixed).trimmedLines.last ?? ""
    #expect(last.hasSuffix("? help"), "\(last)")
    #expect(!last.contains("q quit") && !last.contains("…"), "\(last)")
  }

  @Test("the feed list at 40 columns: names and counts whole, the state column gives way")
  func feedListAt40() {
    let state = PageStackTests.opened(width: 40, height: 12)
    let lines = state.render(.fixed).trimmedLines
    let north = lines.first { $0.contains("North") } ?? ""
    #expect(north.contains("North") && north.contains("10 items"), "\(north)")
    #expect(!north.contains("…"), "\(north)")
  }
}
