import FeedCore
import FeedModel
import Testing

@Suite("Artist search")
struct ArtistMatchTests {
  let items = [
    FeedItem(title: "a", guid: "1", author: "Zoë Quill"),
    FeedItem(title: "b", guid: "2", credits: [MediaCredit(role: "author", name: "zoe-quill")]),
    FeedItem(
      title: "c", guid: "3", author: "someone else",
      credits: [MediaCredit(role: "author", name: "https://avatars.example/zoe.png")]),
    FeedItem(title: "a again", guid: "1", author: "Zoë Quill"),
  ]

  @Test("case and accents are ignored; credits count; URL credits do not; guids de-duplicate")
  func matching() {
    #expect(ArtistMatch.search(items, query: "ZOE").map(\.title) == ["a", "b"])
    #expect(ArtistMatch.search(items, query: "quill").map(\.title) == ["a", "b"])
    #expect(ArtistMatch.search(items, query: "http").isEmpty)
    #expect(ArtistMatch.search(items, query: "  ").isEmpty)
  }

  @Test("results are newest first, undated last in feed order")
  func ordering() {
    let old = FeedItem(
      title: "old", guid: "o", published: .init(timeIntervalSince1970: 10), author: "ann")
    let new = FeedItem(
      title: "new", guid: "n", published: .init(timeIntervalSince1970: 20), author: "ann")
    let undated = FeedItem(title: "undated", guid: "u", author: "ann")
    #expect(
      ArtistMatch.search([undated, old, new], query: "ann").map(\.title) == [
        "new", "old", "undated",
      ])
  }
}
