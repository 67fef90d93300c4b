import FeedCore
import FeedStore
import Testing

@testable import TUI

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

@Suite("Links")
struct LinkOpenerTests {
  @Test("only http(s) links without controls or spaces are opened")
  func safety() {
    #expect(LinkOpener.safeURL("https://example.com/a?b=c") == "https://example.com/a?b=c")
    #expect(LinkOpener.safeURL("file:///etc/passwd") == nil)
    #expect(LinkOpener.safeURL("--help") == nil)
    #expect(LinkOpener.safeURL("https://x\u{1B}]0;evil\u{7}") == nil)
    #expect(LinkOpener.safeURL("https://a b") == nil)
  }

  @Test("every BROWSER entry is tried in order, then xdg-open; terminal browsers are known")
  func candidates() {
    #expect(
      LinkOpener.candidates(for: "https://u", browser: "nope %s:w3m:/opt/lynx -dump") == [
        ["nope", "https://u"], ["w3m", "https://u"], ["/opt/lynx", "-dump", "https://u"],
        ["xdg-open", "https://u"],
      ])
    #expect(LinkOpener.candidates(for: "https://u", browser: "::") == [["xdg-open", "https://u"]])
    #expect(LinkOpener.isTerminalBrowser(["/opt/lynx", "-dump"]))
    #expect(LinkOpener.isTerminalBrowser(["w3m"]))
    #expect(!LinkOpener.isTerminalBrowser(["firefox"]))
  }

  @Test("BROWSER is an argument vector, %s replaced, xdg-open by default")
  func command() {
    #expect(LinkOpener.command(for: "https://u", browser: nil) == ["xdg-open", "https://u"])
    #expect(
      LinkOpener.command(for: "https://u", browser: "firefox --new-tab:lynx") == [
        "firefox", "--new-tab", "https://u",
      ])
    #expect(LinkOpener.command(for: "https://u", browser: "w3m %s") == ["w3m", "https://u"])
    #expect(
      LinkOpener.command(for: "https://u; rm -rf /", browser: "sh") == [
        "sh", "https://u; rm -rf /",
      ])
  }
}

@Suite("Scrollbar")
struct ScrollbarTests {
  @Test("the thumb touches the bottom exactly when the end is visible")
  func bottom() {
    for total in [11, 50, 1000] {
      for offset in 0...(total - 10) {
        let thumb = Scrollbar.thumb(offset: offset, visible: 10, total: total, track: 10)
        #expect(thumb.length >= 1)
        #expect(
          (thumb.start + thumb.length == 10) == (offset + 10 >= total),
          "total \(total) offset \(offset)")
        #expect((thumb.start == 0) == (offset == 0), "total \(total) offset \(offset)")
      }
    }
  }

  @Test("content that fits fills the track")
  func fits() {
    #expect(Scrollbar.thumb(offset: 0, visible: 10, total: 5, track: 10) == (0, 10))
  }
}
