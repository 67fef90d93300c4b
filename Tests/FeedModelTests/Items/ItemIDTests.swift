import FeedCore
import FeedModel
import Foundation
import Testing

@Suite("Item identity")
struct ItemIDTests {
  @Test("one identity rule: guid, else link, else title and date")
  func identity() {
    let date = Date(timeIntervalSince1970: 1000)
    #expect(ItemID(.init(title: "a", link: "L", guid: "G")) == ItemID(.init(title: "b", guid: "G")))
    #expect(ItemID(.init(title: "a", link: "L")) == ItemID(.init(title: "b", link: "L")))
    #expect(ItemID(.init(title: "a", link: "L")) != ItemID(.init(title: "a", guid: "L")))
    #expect(
      ItemID(.init(title: "a", published: date)) == ItemID(.init(title: "a", published: date)))
    #expect(ItemID(.init(title: "a", published: date)) != ItemID(.init(title: "a")))
  }
}
