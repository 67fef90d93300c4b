import FeedCore
import Foundation
import Testing
import TextLayout

@testable import TUI

@Suite("Detail view reading position")
struct DetailPositionTests {
  @Test("a re-wrap keeps the passage at the top of the screen", arguments: [60, 35, 20, 100])
  func rewrapKeepsPassage(width: Int) {
    let words = (1...400).map { "word\($0)" }.joined(separator: " ")
    let item = FeedItem(title: "Long read", summary: "Opening paragraph.\n\n" + words)
    var state = Fixtures.state(width: 80, height: 12, items: [item])
    state.press(.enter)
    for _ in 0..<15 { state.press(.character("j")) }
    let before = state.render().lines[1].split(separator: " ").first.map(String.init) ?? ""
    #expect(before.hasPrefix("word"))
    state.send([.resize(width: width, height: 12)])
    state.send([.resize(width: 80, height: 12)])
    let topLine = state.render().lines[1]
    #expect(
      topLine.split(separator: " ").first.map(String.init) == before, "at \(width): \(topLine)")
    state.send([.resize(width: width, height: 12)])
    let narrow = state.render().lines[1...3].joined(separator: " ")
    #expect(
      narrow.contains(before), "the word that was at the top is on the first lines at \(width)")
  }
}
