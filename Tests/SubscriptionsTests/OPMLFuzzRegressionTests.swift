import Foundation
import Testing

@testable import Subscriptions

/// Inputs `Fuzz/FuzzOPML` found (see `Fuzz/RESULTS.md`); each crashed before its fix.
@Suite("OPML fuzz regressions", .timeLimit(.minutes(1)))
struct OPMLFuzzRegressionTests {
  /// `text` with `bytes` in place of each `%`.
  static func document(_ text: String, _ bytes: [UInt8]) -> Data {
    var data = Data()
    let parts = text.split(separator: "%", omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() {
      if index > 0 { data.append(contentsOf: bytes) }
      data.append(contentsOf: Array(part.utf8))
    }
    return data
  }

  static let invalidNames: [Data] = [
    document(
      "<opml><body><outline %=\"rss\" xmlUrl=\"https://a.example/\"/></body></opml>", [0xD9, 0x59]),
    document("<opml><body><o%/></body></opml>", [0xD9, 0x59]),
    document(
      "<opml ver<?xml version=\"1.0\"?><body><outline xmlUrl=\"x\"/></body%=\"rss\"/>",
      [0xD9, 0x59, 0xD9, 0x59]),
    // An encoding libxml2 does not know: it passes the bytes through unconverted.
    document(
      "<?xml version=\"1.0\" encoding=\"UTFRW\"?><opml><%head/></opml>", [0xE0, 0xE0, 0xE0]),
    // NUL bytes that do not make it UTF-16 or UCS-4 for libxml2.
    document("<%le<#>>", [0xC1, 0x01, 0x00, 0x00, 0x1F, 0x00, 0x20, 0x74, 0x00]),
  ]

  /// FoundationXML traps on a name that is not valid UTF-8; the process died.
  @Test(
    "invalid UTF-8 in an element or attribute name is read, not a crash",
    arguments: invalidNames)
  func invalidUTF8InNames(document: Data) {
    let feeds = try? OPMLReader.feeds(in: document)
    for feed in feeds ?? [] { #expect(!feed.xmlURL.isEmpty) }
  }

  /// FoundationXML reads a null pointer for a processing instruction without data.
  @Test(
    "a processing instruction without data is skipped, not a crash",
    arguments: [
      "<?xmUGv?>[\u{0}\u{0}a\"\u{0}Ty&F;/></bod/olpm>",
      "<?xmlv?>\n<!DOolpm>",
      "<?xml version=\"1.0\"?><?pi?><opml><body><outline xmlUrl=\"a\"/></body></opml>",
      "\u{FEFF}<?xml version=\"1.0\"?><opml><!-- <?x --><?pi?><body><outline xmlUrl=\"a\"/></body></opml>",
    ])
  func processingInstructionWithoutData(document: String) {
    let feeds = try? OPMLReader.feeds(in: Data(document.utf8))
    #expect(feeds == nil || feeds?.map(\.xmlURL) == ["a"])
  }

  @Test("comments and CDATA keep their `<?`; unclosed openers cost linear time")
  func sectionsKept() throws {
    let document = """
      <?xml version="1.0"?><opml><head><title><![CDATA[a <?b?> c]]></title></head><body>
      <!-- <?pi --><outline xmlUrl="https://a.example/"/><!-- ?> --></body></opml>
      """
    #expect(try OPMLReader.feeds(in: Data(document.utf8)).map(\.xmlURL) == ["https://a.example/"])
    let openers = Data(String(repeating: "<?<!--<![CDATA[", count: 200_000).utf8)
    #expect(OPMLReader.withoutProcessingInstructions(openers) == openers)
  }

  @Test("UTF-16 is still read")
  func utf16() throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?><opml><body><outline xmlUrl=\"ü\"/></body></opml>"
    var data = Data([0xFF, 0xFE])
    for unit in text.utf16 { data += Data([UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
    #expect(try OPMLReader.feeds(in: data).map(\.xmlURL) == ["ü"])
  }

  @Test("invalid UTF-8 in a value becomes U+FFFD; a Latin-1 document keeps its letters")
  func repairOnlyUTF8() throws {
    let broken = Self.document(
      "<opml><body><outline title=\"a%b\" xmlUrl=\"https://a.example/\"/></body></opml>", [0xFF])
    #expect(try OPMLReader.feeds(in: broken).map(\.title) == ["a\u{FFFD}b"])
    let latin1 = Self.document(
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><opml><body>"
        + "<outline title=\"caf%\" xmlUrl=\"https://a.example/\"/></body></opml>",
      [0xE9])
    #expect(try OPMLReader.feeds(in: latin1).map(\.title) == ["café"])
  }
}
