import Foundation
import Testing

@testable import FeedCore

@Suite("JSON and listing output")
struct FeedOutputTests {
  static let sample = Feed(
    format: .rss, title: "Quotes \"and\" \\ slashes", link: nil, description: "Tab\there\nline",
    warnings: ["3:7: something"],
    items: [
      FeedItem(
        title: "Leya", link: "https://x/1", guid: nil,
        published: Date(timeIntervalSince1970: 1_401_238_321), author: "art0fCK",
        categories: ["a", "b"], summary: "中文 👍🏽 \u{01}", mediaKeywords: [],
        credits: [MediaCredit(role: "author", scheme: nil, name: "art0fCK")],
        thumbnails: [MediaThumbnail(url: "https://x/t.jpg", width: 100, height: nil)],
        contents: [
          MediaContent(url: "https://x/c.jpg", medium: "image", type: nil, width: 730, height: 1095)
        ],
        rating: "adult"),
      FeedItem(),
    ])

  @Test("the JSON has the issue's keys, in order, with nulls and empty lists")
  func jsonSchema() throws {
    let expected = """
      {
        "format": "rss",
        "title": "Quotes \\"and\\" \\\\ slashes",
        "link": null,
        "description": "Tab\\there\\nline",
        "warnings": [
          "3:7: something"
        ],
        "items": [
          {
            "title": "Leya",
            "link": "https://x/1",
            "guid": null,
            "published": "2014-05-28T00:52:01Z",
            "author": "art0fCK",
            "categories": [
              "a",
              "b"
            ],
            "summary": "中文 👍🏽 \\u0001",
            "mediaTitle": null,
            "mediaDescription": null,
            "mediaText": null,
            "mediaKeywords": [],
            "credits": [
              {
                "role": "author",
                "scheme": null,
                "name": "art0fCK"
              }
            ],
            "thumbnails": [
              {
                "url": "https://x/t.jpg",
                "width": 100,
                "height": null
              }
            ],
            "contents": [
              {
                "url": "https://x/c.jpg",
                "medium": "image",
                "type": null,
                "width": 730,
                "height": 1095
              }
            ],
            "rating": "adult",
            "copyright": null
          },
          {
            "title": null,
            "link": null,
            "guid": null,
            "published": null,
            "author": null,
            "categories": [],
            "summary": null,
            "mediaTitle": null,
            "mediaDescription": null,
            "mediaText": null,
            "mediaKeywords": [],
            "credits": [],
            "thumbnails": [],
            "contents": [],
            "rating": null,
            "copyright": null
          }
        ]
      }
      """
    #expect(Self.sample.jsonString() == expected)
    let object = try JSONSerialization.jsonObject(with: Data(Self.sample.jsonString().utf8))
    #expect(object is [String: Any])
  }

  @Test("streamed JSON is the same bytes in any chunk size, ending in the terminator")
  func streamedJSON() {
    let expected = Array((Self.sample.jsonString() + "\n").utf8)
    for chunkSize in [1, 7, 100, 1 << 16] {
      var streamed: [UInt8] = []
      var pieces = 0
      Self.sample.writeJSON(chunkSize: chunkSize, terminator: "\n") {
        streamed += $0
        pieces += 1
      }
      #expect(streamed == expected, "chunk size \(chunkSize)")
      if chunkSize == 1 { #expect(pieces > 10) }
    }
  }

  @Test("JSON strings escape quotes, backslashes and control characters, and keep the rest")
  func escapes() {
    let feed = Feed(format: .rss, title: "a\"b\\c\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F} é 中 😀")
    #expect(
      feed.jsonString().contains(
        #""title": "a\"b\\c\n\r\t\b\f\u0001\u001f\u007f é 中 😀","#))
  }

  /// `parse --json` to a terminal must not hand it a control: JSON may carry DEL, C1 and
  /// bidi controls raw, so they are written as `\u` escapes, which any JSON reader turns back
  /// into the same text.
  @Test("JSON strings escape DEL, C1 controls and bidi controls as \\u; the text reads back")
  func terminalControlsEscaped() throws {
    let title =
      "a\u{7F}b\u{80}\u{9B}31m\u{9D}0;x\u{9C}\u{9F}c\u{202A}\u{202E}d\u{2066}\u{2069}"
      + "\u{200E}\u{200F}\u{061C}e\u{A0}\u{A9}\u{2028}é\u{2030}\u{0640}"
    let json = Feed(format: .rss, title: title).jsonString()
    #expect(
      json.contains(
        #""title": "a\u007fb\u0080\u009b31m\u009d0;x\u009c\u009fc\u202a\u202ed\u2066\u2069"#
          + #"\u200e\u200f\u061ce\#u{A0}\#u{A9}\#u{2028}é\#u{2030}\#u{0640}""#))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["title"] as? String == title)
  }

  @Test("an empty feed has empty lists")
  func emptyJSON() {
    #expect(
      Feed(format: .atom).jsonString()
        == "{\n  \"format\": \"atom\",\n  \"title\": null,\n  \"link\": null,\n  \"description\": null,\n  \"warnings\": [],\n  \"items\": []\n}"
    )
  }

  @Test(
    "timestamps are whole seconds in UTC",
    arguments: [
      (0.0, "1970-01-01T00:00:00Z"), (-1.0, "1969-12-31T23:59:59Z"),
      (951_782_400.0, "2000-02-29T00:00:00Z"), (1_401_238_321.9, "2014-05-28T00:52:01Z"),
      (253_402_300_799.0, "9999-12-31T23:59:59Z"),
    ])
  func timestamps(seconds: Double, text: String) {
    #expect(JSONWriter.timestamp(Date(timeIntervalSince1970: seconds)) == text)
  }

  @Test("listing: one line per item with date, author and title")
  func listing() {
    let feed = Feed(
      format: .rss,
      items: [
        Self.sample.items[0],
        FeedItem(
          summary:
            "A toot with no title,\nbut a long text that goes on and on past sixty characters"),
        FeedItem(),
        FeedItem(title: "Tabs\tand\nnewlines", author: "Me"),
      ])
    #expect(
      feed.listingLines() == [
        "2014-05-28 00:52  art0fCK  Leya",
        "----------------  -  A toot with no title, but a long text that goes on and on p…",
        "----------------  -  (untitled)",
        "----------------  Me  Tabs and newlines",
      ])
  }
}
