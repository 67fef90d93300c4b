import FeedCore
import Testing

@testable import FeedModel

@Suite("ItemChunks")
struct ItemChunksTests {
  static let items = (0..<10).map { FeedItem(title: "Item \($0)", guid: "g\($0)") }

  @Test("the same value handed out again shares its storage; equal items built anew do not")
  func sharesStorage() {
    let base = ItemChunks(Self.items)
    let answer = ItemChunks(selecting: [3, 1, 7], of: base)
    let again = answer
    #expect(again.sharesStorage(with: answer))
    #expect(base.sharesStorage(with: base))
    let rebuilt = ItemChunks(selecting: [3, 1, 7], of: base)
    #expect(rebuilt.array.map(\.guid) == answer.array.map(\.guid))
    #expect(!rebuilt.sharesStorage(with: answer), "the same items, another answer")
    #expect(!answer.sharesStorage(with: base))
    #expect(!ItemChunks(Self.items).sharesStorage(with: base))
  }
}
