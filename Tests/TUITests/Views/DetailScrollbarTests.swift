import FeedCore
import Testing

@testable import TUI

@Suite("The item view's scrollbar")
struct DetailScrollbarTests {
  @Test("no scrollbar when the whole item fits; one when it does not")
  func scrollbarOnlyWhenNeeded() {
    var short = Fixtures.state(
      width: 60, height: 20, items: [FeedItem(title: "Short", summary: "One line.")])
    short.press(.enter)
    let lastColumn = short.render().lines.dropFirst().dropLast().map { $0.last ?? " " }
    #expect(lastColumn.allSatisfy { $0 == " " }, "found \(lastColumn)")

    let words = String(repeating: "word ", count: 400)
    var long = Fixtures.state(
      width: 60, height: 20, items: [FeedItem(title: "Long", summary: words)])
    long.press(.enter)
    let bar = long.render().lines.dropFirst().dropLast().map { $0.last ?? " " }
    #expect(bar.contains("█"))
  }
}
