import FeedCore
import Foundation
import Testing

@testable import TUI

@Suite("One rule for presenting an item")
struct ItemPresentationTests {
  @Test("the picture: the copy of the first picture that fits the box (FeedArt's rule)")
  func pictureChoice() {
    let thumbnails = FeedItem(
      thumbnails: [
        MediaThumbnail(url: "https://t/300.jpg", width: 300, height: 300),
        MediaThumbnail(url: "https://t/100.jpg", width: 100, height: 100),
      ],
      contents: [MediaContent(url: "https://c/full.jpg", medium: "image")],
      firstImage: "https://d/img.png")
    #expect(ItemPresentation.picture(of: thumbnails)?.url == "https://t/100.jpg")
    let content = FeedItem(
      contents: [
        MediaContent(url: "https://c/video.mp4", medium: "video"),
        MediaContent(url: "https://c/big.jpg?width=2000", type: "image/jpeg", width: 2000),
        MediaContent(url: "https://c/big.jpg?width=120", width: 120),
        MediaContent(url: "https://c/other.webp", width: 120, height: 120),
      ],
      firstImage: "https://d/img.png")
    #expect(ItemPresentation.picture(of: content)?.url == "https://c/big.jpg?width=120")
    #expect(
      ItemPresentation.pictures(of: content).map(\.url) == [
        "https://c/big.jpg?width=2000", "https://c/other.webp", "https://d/img.png",
      ])
    let described = FeedItem(
      contents: [MediaContent(url: "https://c/video.mp4", medium: "video")],
      firstImage: "https://d/img.png")
    #expect(ItemPresentation.picture(of: described)?.url == "https://d/img.png")
    #expect(ItemPresentation.picture(of: FeedItem(title: "plain")) == nil)
  }

  @Test("items with only a content image or a described img get image rows")
  func imageRows() {
    let items = [
      FeedItem(title: "a", contents: [MediaContent(url: "https://c/a.png")]),
      FeedItem(title: "b", firstImage: "https://d/b.gif"),
      FeedItem(title: "c", contents: [MediaContent(url: "https://c/a.mp3", type: "audio/mpeg")]),
    ]
    #expect(items.map(ItemList.rowKind) == [1, 1, 0])
  }

  @Test("one title rule: title, else media:title, else made from the text, else (untitled)")
  func titles() {
    #expect(ItemPresentation.title(of: FeedItem(title: " ", mediaTitle: "Media")) == "Media")
    #expect(ItemPresentation.title(of: FeedItem(title: "T", mediaTitle: "Media")) == "T")
    #expect(ItemPresentation.title(of: FeedItem(summary: "Two herons. More soon")) == "Two herons")
    #expect(ItemPresentation.title(of: FeedItem()) == "(untitled)")
    #expect(DetailView.title(of: FeedItem(mediaTitle: "Media")) == "Media")
  }

  @Test("the byline: artist and date, relative within a week, local date after")
  func byline() throws {
    let utc = try #require(TimeZone(identifier: "UTC"))
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    func line(_ secondsAgo: Double, author: String? = "ann") -> String? {
      ItemPresentation.byline(
        of: FeedItem(published: now.addingTimeInterval(-secondsAgo), author: author), now: now,
        timeZone: utc)
    }
    #expect(line(30) == "by ann · just now")
    #expect(line(5 * 60) == "by ann · 5 min ago")
    #expect(line(3 * 3600) == "by ann · 3 h ago")
    #expect(line(2 * 86_400) == "by ann · 2 d ago")
    #expect(line(30 * 86_400, author: nil) == "2026-12-16")
    #expect(ItemPresentation.byline(of: FeedItem(author: "zoë"), now: now) == "by zoë")
    #expect(ItemPresentation.byline(of: FeedItem(), now: now) == nil)
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let late = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13 UTC
    #expect(DateText.short(late, now: now, timeZone: tokyo) == "2023-11-15")
  }

  @Test("a long byline is one line cut with …, at any width")
  func bylineCut() {
    for width in 0...80 {
      let layout = RowLayout.make(
        title: "T", byline: "by a-very-long-artist-name · 2025-05-31", subtitle: nil,
        hasThumbnail: false, width: width)
      let bylines = layout.lines.filter { $0.style == .byline }
      #expect(bylines.count <= 1)
      if let line = bylines.first, width < 43 { #expect(line.text.hasSuffix("…")) }
    }
  }
}

@Suite("The more link, marked")
struct MoreMarkerTests {
  @Test(
    "a trailing more link after a sentence is written [more]",
    arguments: [
      ("Hiding in the corner. more", "Hiding in the corner. [more]"),
      ("Done! Read more", "Done! [more]"),
      ("A study.\nContinue reading", "A study. [more]"),
      ("Ends here… more…", "Ends here… [more]"),
      ("(quoted.) more...", "(quoted.) [more]"),
    ])
  func marked(text: String, expected: String) {
    #expect(ItemPresentation.markingMore(text) == expected)
  }

  @Test(
    "more as part of a sentence stays",
    arguments: ["I want more", "more", "Draw more.", "once more and again", "Evermore"])
  func unmarked(text: String) {
    #expect(ItemPresentation.markingMore(text) == text)
  }

  /// The rule as first written, over the whole text: the model the tail-only reading must
  /// agree with.
  static func naiveMarkingMore(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let lower = trimmed.lowercased()
    for word in ItemPresentation.moreWords where lower.hasSuffix(word) {
      let body = trimmed.dropLast(word.count)
      guard let space = body.last, space.isWhitespace else { continue }
      let before = body.trimmingCharacters(in: .whitespacesAndNewlines)
      guard let end = before.last, ".!?…:;\"”)]".contains(end) || space.isNewline else {
        continue
      }
      return before + " [more]"
    }
    return text
  }

  @Test("reading only the end marks exactly what reading the whole text did")
  func agreesWithTheWholeReading() {
    let bodies = [
      "", "  ", "Hiding in the corner.", "  Lead space. ", "Done!", "A study.\n", "Ends here…",
      "(quoted.)", "I want", "Évora à noite.", "日本語の説明。", "tab\t", "Line one\nline two:",
      "Emoji 🦊.", "word", "\u{3000}wide space.", "“quoted”",
    ]
    let links = [
      "more", "More", "READ MORE", "Read more", "continue reading", "Continue Reading", "more…",
      "more...", "(more)", "(More)", "evermore", "more.", "",
    ]
    let gaps = [" ", "\n", "  \n ", "\t", "", "\u{00A0}"]
    let ends = ["", " ", "\n", "\n\n  ", "\u{3000}"]
    var checked = 0
    for body in bodies {
      for gap in gaps {
        for link in links {
          for end in ends {
            let text = body + gap + link + end
            #expect(
              ItemPresentation.markingMore(text) == Self.naiveMarkingMore(text),
              "\(text.debugDescription)")
            checked += 1
          }
        }
      }
    }
    #expect(checked == bodies.count * gaps.count * links.count * ends.count)
    // A long text: the same answer, marked and not.
    let long = String(repeating: "Word ", count: 100_000)
    #expect(ItemPresentation.markingMore(" " + long + "End. more \n") == long + "End. [more]")
    #expect(ItemPresentation.markingMore(long + "more") == long + "more")
  }

  @Test("a text is blank when it is empty or only white space, ASCII or not")
  func blank() {
    let samples = [
      "", " ", "\t\n\r\u{0B}\u{0C}", "  a", "a", "\u{00A0}", "\u{3000}\u{2028}", " \u{301}",
      "  日本", "\u{200B}", "\n\n\u{2003}x", String(repeating: " ", count: 10_000),
    ]
    for text in samples {
      #expect(
        ItemPresentation.isBlank(text) == text.allSatisfy(\.isWhitespace),
        "\(text.debugDescription)")
    }
  }
}
