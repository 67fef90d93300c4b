import Foundation
import Testing

@testable import FeedCore

@Suite("Encodings")
struct EncodingTests {
  /// A one-item RSS document whose item title is `titleBytes`, declared as `encoding`.
  static func document(encoding: String?, titleBytes: [UInt8]) -> [UInt8] {
    let declaration = encoding.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>\n" } ?? ""
    return Array((declaration + "<rss version=\"2.0\"><channel><item><title>").utf8)
      + titleBytes + Array("</title></item></channel></rss>".utf8)
  }

  static func title(encoding: String?, _ titleBytes: [UInt8]) throws -> String? {
    try parse(bytes: document(encoding: encoding, titleBytes: titleBytes)).items.first?.title
  }

  @Test("UTF-8, declared or not, with and without a byte order mark")
  func utf8() throws {
    let bytes = Array("Grüße 中文 👩‍🎨".utf8)
    #expect(try Self.title(encoding: nil, bytes) == "Grüße 中文 👩‍🎨")
    #expect(try Self.title(encoding: "UTF-8", bytes) == "Grüße 中文 👩‍🎨")
    let withBOM = [0xEF, 0xBB, 0xBF] + Self.document(encoding: "utf-8", titleBytes: bytes)
    #expect(try parse(bytes: withBOM).items.first?.title == "Grüße 中文 👩‍🎨")
  }

  @Test("invalid UTF-8 becomes U+FFFD and the feed still parses, with a warning")
  func invalidUTF8() throws {
    let feed = try parse(
      bytes: Self.document(
        encoding: "utf-8", titleBytes: [0x61, 0xFF, 0x62, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x63]))
    #expect(feed.items.first?.title == "a\u{FFFD}b\u{FFFD}(\u{FFFD}\u{FFFD}\u{FFFD}c")
    #expect(feed.warnings.contains { $0.contains("U+FFFD") })
  }

  @Test("a label's case and its spaces and tabs at either end do not matter; inner ones do")
  func labelSpelling() {
    let labels = ["utf-8", "UTF-8", " utf-8", "utf-8\t", " \tShift_JIS ", "latin1", "LATIN1 ",
      "x-unknown", "  x-Unknown\t", "\u{3000}big5", "big5\u{A0}", "utf -8", "", " "]
    for label in labels {
      let reference = EncodingSniff.decoding(
        forLabel: label.lowercased().trimmingCharacters(in: .whitespaces))
      #expect(EncodingSniff.decoding(forLabel: label) == reference, "\(label.debugDescription)")
    }
    #expect(EncodingSniff.decoding(forLabel: " \tShift_JIS ") == .iconv("CP932"))
    #expect(EncodingSniff.decoding(forLabel: "utf -8") == .iconv("UTF -8"))
  }

  @Test("UTF-16 with a byte order mark, little and big endian")
  func utf16() throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss><channel><item><title>Ünïcode 中文 🇯🇵</title></item></channel></rss>"
    let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(try parse(bytes: little).items.first?.title == "Ünïcode 中文 🇯🇵")
    #expect(try parse(bytes: big).items.first?.title == "Ünïcode 中文 🇯🇵")
  }

  @Test("UTF-32 with and without a byte order mark, little and big endian")
  func utf32() throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-32\"?><rss><channel><item><title>Ünïcode 中文 🇯🇵</title></item></channel></rss>"
    func bytes(_ bigEndian: Bool) -> [UInt8] {
      text.unicodeScalars.flatMap { scalar -> [UInt8] in
        let value = scalar.value
        let big = [
          UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
          UInt8(value & 0xFF),
        ]
        return bigEndian ? big : big.reversed()
      }
    }
    let documents: [[UInt8]] = [
      [0xFF, 0xFE, 0x00, 0x00] + bytes(false), [0x00, 0x00, 0xFE, 0xFF] + bytes(true),
      bytes(false), bytes(true),
    ]
    for document in documents {
      let feed = try parse(bytes: document)
      #expect(feed.items.first?.title == "Ünïcode 中文 🇯🇵")
      #expect(feed.warnings.isEmpty)
    }
  }

  @Test("windows-1252 0x80 is the euro sign; ISO-8859-1 reads its C1 bytes the same way")
  func windows1252() throws {
    #expect(
      try Self.title(encoding: "windows-1252", [0x45, 0x75, 0x72, 0x6F, 0x20, 0x80]) == "Euro €")
    #expect(
      try Self.title(
        encoding: "ISO-8859-1", [0x47, 0x72, 0xFC, 0xDF, 0x65, 0x20, 0x93, 0x71, 0x94])
        == "Grüße “q”")
    #expect(try Self.title(encoding: "latin1", [0xE9]) == "é")
  }

  @Test("declared single- and multi-byte encodings go through iconv")
  func declaredEncodings() throws {
    #expect(
      try Self.title(encoding: "windows-1251", [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]) == "Привет")
    #expect(
      try Self.title(encoding: "iso-8859-7", [0xC5, 0xEB, 0xEB, 0xDC, 0xE4, 0xE1]) == "Ελλάδα")
    #expect(try Self.title(encoding: "gb2312", [0xC4, 0xE3, 0xBA, 0xC3]) == "你好")
    #expect(try Self.title(encoding: "Shift_JIS", [0x82, 0xB1, 0x82, 0xF1]) == "こん")
  }

  @Test("a byte the declared encoding rejects becomes U+FFFD; the rest still decodes")
  func badByteInDeclaredEncoding() throws {
    let feed = try parse(
      bytes: Self.document(encoding: "gb2312", titleBytes: [0xC4, 0xE3, 0xFF, 0xC4, 0xE3]))
    #expect(feed.items.first?.title == "你\u{FFFD}你")
    #expect(feed.warnings.contains { $0.contains("not valid in the declared encoding") })
  }

  @Test("the declaration wins over bytes that look like UTF-8 (XML 1.0 4.3.3)")
  func declarationWins() throws {
    #expect(try Self.title(encoding: "ISO-8859-1", Array("©".utf8)) == "Â©")
  }

  @Test("an unknown declared encoding is read as UTF-8 with a warning")
  func unknownEncoding() throws {
    let feed = try parse(
      bytes: Self.document(encoding: "x-no-such-charset", titleBytes: Array("ok".utf8)))
    #expect(feed.items.first?.title == "ok")
    #expect(feed.warnings.contains { $0.contains("unknown encoding") })
  }

  @Test("a declaration after leading whitespace is ignored, and line numbers still match")
  func misplacedDeclaration() throws {
    let bytes = Array(
      "\n\n  <?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss><channel><item><title>A &amp; B</title></item>\n</channel>\n</wrong>"
        .utf8)
    let feed = try parse(bytes: bytes)
    #expect(feed.items.first?.title == "A & B")
    #expect(
      feed.warnings.first == "3:1: XML declaration not at the start of the document (ignored)")
    #expect(feed.warnings.contains { $0.hasPrefix("6:") })
  }

  @Test("raw control characters become U+FFFD instead of stopping the parse")
  func controlCharacters() throws {
    let feed = try parse(
      bytes: Self.document(encoding: nil, titleBytes: [0x61, 0x01, 0x62, 0x0B, 0x63, 0x09, 0x64]))
    #expect(feed.items.first?.title == "a\u{FFFD}b\u{FFFD}c d")
  }

  @Test("UTF-8 sequences cut by chunk boundaries survive, whatever the chunk size")
  func chunkBoundaries() throws {
    let text = "<rss><channel><item><title>é中👩‍🎨\u{FFFF}x</title></item></channel></rss>"
    let bytes = Array(text.utf8) + [0xE4, 0xB8]  // ends inside a character
    for chunkSize in [1, 2, 3, 5, 7, 64] {
      var decoder = InputDecoder()
      var output: [UInt8] = []
      var offset = 0
      bytes.withUnsafeBufferPointer { buffer in
        while offset < buffer.count {
          let end = min(offset + chunkSize, buffer.count)
          decoder.push(UnsafeBufferPointer(rebasing: buffer[offset..<end])) { output += $0 }
          offset = end
        }
      }
      decoder.finish { output += $0 }
      let expected =
        "<rss><channel><item><title>é中👩‍🎨\u{FFFD}x</title></item></channel></rss>\u{FFFD}"
      #expect(String(decoding: output, as: UTF8.self) == expected, "chunk size \(chunkSize)")
    }
  }

  /// What `UTF8Repair` must produce: Swift's own repair (one U+FFFD per maximal ill-formed
  /// subpart), then the characters XML forbids replaced too.
  static func referenceRepair(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      let value = scalar.value
      let forbidden =
        (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D)
        || value == 0xFFFE || value == 0xFFFF
      scalars.append(forbidden ? "\u{FFFD}" : scalar)
    }
    return String(scalars)
  }

  @Test("UTF8Repair agrees with a byte-at-a-time reference on long mixed runs, in any chunks")
  func repairMatchesReference() {
    // Mostly ASCII (so the 16- and 32-byte paths run), with the bytes that stop them.
    let rare: [[UInt8]] = [
      [0x0A], [0x09], [0x0D], [0x01], [0x0B], [0x1F], [0x7F], [0xC3, 0xA9], [0xE4, 0xB8, 0xAD],
      [0xF0, 0x9F, 0x8E, 0xA8], [0xEF, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x80],
      [0xE4, 0xB8], [0xFF],
    ]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    for round in 0..<400 {
      var bytes: [UInt8] = []
      while bytes.count < 300 {
        if next() % 40 == 0 {
          bytes += rare[Int(next() % UInt64(rare.count))]
        } else {
          bytes.append(UInt8(0x20 + next() % 0x5F))
        }
      }
      let chunkSize = 1 + Int(next() % 97)
      var repair = UTF8Repair()
      var output: [UInt8] = []
      bytes.withUnsafeBufferPointer { buffer in
        var offset = 0
        while offset < buffer.count {
          let end = min(offset + chunkSize, buffer.count)
          repair.repair(UnsafeBufferPointer(rebasing: buffer[offset..<end]), final: false) {
            output += $0
          }
          offset = end
        }
        repair.repair(UnsafeBufferPointer(start: nil, count: 0), final: true) { output += $0 }
      }
      #expect(
        String(decoding: output, as: UTF8.self) == Self.referenceRepair(bytes),
        "round \(round), chunk size \(chunkSize)")
    }
  }

  @Test("UTF8Repair replaces maximal ill-formed subparts one U+FFFD each")
  func maximalSubparts() {
    var repair = UTF8Repair()
    var output: [UInt8] = []
    // F0 80 80: invalid after F0 -> 3 replacements; E1 80 then 41: one for the cut sequence.
    let input: [UInt8] = [0xF0, 0x80, 0x80, 0x41, 0xE1, 0x80, 0x41, 0xC0, 0xAF, 0x41]
    input.withUnsafeBufferPointer { repair.repair($0, final: true) { output += $0 } }
    #expect(
      String(decoding: output, as: UTF8.self)
        == "\u{FFFD}\u{FFFD}\u{FFFD}A\u{FFFD}A\u{FFFD}\u{FFFD}A")
  }
}
