import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// The parser and `parse`'s plain output against the hostile corpus (TestSupport's
/// `HostileCorpus`): escape sequences in every form a feed can carry them, broken bytes.
/// The big inputs (50 MB titles, 100k items...) run through the real binary in the
/// end-to-end `HostileBoundsTests`, where time and memory are measured per process.
@Suite("Hostile input: parser and listing")
struct HostileInputTests {
  @Test("escape sequences raw, as references, double-encoded and in CDATA: every item is read")
  func everyItemRead() throws {
    let feed = try parse(HostileCorpus.escapeFeed())
    #expect(feed.items.count == HostileCorpus.payloads.count * 4)
    for (index, item) in feed.items.enumerated() {
      let forms = ["Raw", "Num", "Dbl", "Html"]
      #expect(item.title?.hasPrefix(forms[index % 4] + "P\(index / 4) ") == true, "\(index)")
      #expect(item.title?.hasSuffix(" end") == true, "\(item.title.debugDescription)")
    }
  }

  @Test("parse's plain lines hold no control, C1 or bidi character, whatever the form")
  func listingIsInert() throws {
    let feed = try parse(HostileCorpus.escapeFeed())
    let lines = feed.listingLines()
    #expect(lines.count == feed.items.count)
    for line in lines {
      #expect(HostileCorpus.forbiddenScalars(in: line) == [], "\(line.debugDescription)")
    }
  }

  @Test("the listing drops bidi and zero-width format characters but keeps emoji joiners")
  func listingFormatCharacters() throws {
    let feed = try parse(
      HostileCorpus.document(
        title: "t",
        items: [
          "<item><title>a\u{202E}b\u{2066}c\u{200B}d \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
            + "</title><author>x\u{200F}y</author></item>"
        ]))
    #expect(feed.listingLines() == ["----------------  xy  abcd 👨‍👩‍👧"])
  }

  @Test("an encoding label that carries an escape sequence is printed as question marks")
  func encodingLabel() throws {
    let feed = try parse(
      "<?xml version=\"1.0\" encoding=\"\u{1B}]52;c;Q0xJUEJPQVJE\u{07}\u{202E}\"?>"
        + "<rss><channel><item><title>x</title></item></channel></rss>")
    #expect(feed.items.map(\.title) == ["x"])
    #expect(feed.warnings.contains { $0.contains("unknown encoding \"?]52;c;Q0xJUEJPQVJE??\"") })
    for warning in feed.warnings {
      #expect(HostileCorpus.forbiddenScalars(in: warning) == [], "\(warning.debugDescription)")
    }
  }

  @Test("a long encoding label is cut at 60 characters in its warning")
  func longEncodingLabel() throws {
    let label = String(repeating: "x", count: 5_000)
    let feed = try parse(
      "<?xml version=\"1.0\" encoding=\"\(label)\"?><rss><channel></channel></rss>")
    let warning = feed.warnings.first { $0.hasPrefix("unknown encoding") } ?? ""
    let cut = String(repeating: "x", count: 60)
    #expect(warning == "unknown encoding \"\(cut)...\", read as UTF-8")
  }

  @Test("invalid UTF-8 and NUL bytes in every field and between elements: every item is kept")
  func brokenBytes() throws {
    let feed = try FeedParser.parse(HostileCorpus.brokenBytes())
    #expect(feed.items.count == 20)
    for (index, item) in feed.items.enumerated() {
      #expect(item.title?.hasPrefix("Broken\(index) ") == true, "\(item.title.debugDescription)")
      #expect(item.guid == "g\(index)")
    }
    for line in feed.listingLines() + feed.warnings {
      #expect(HostileCorpus.forbiddenScalars(in: line) == [], "\(line.debugDescription)")
    }
  }
}
