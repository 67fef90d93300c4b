import Foundation

/// What the first bytes of a document say about its encoding (XML 1.0 appendix F, simplified).
///
/// A byte order mark wins; then UTF-32 recognised by the shape of `<`, UTF-16 by that of `<?`; then the `encoding`
/// pseudo-attribute of the XML declaration (it wins over what the bytes look like, XML 1.0
/// 4.3.3); then UTF-8.
struct EncodingSniff: Equatable {
  /// How the bytes become UTF-8.
  enum Decoding: Equatable {
    /// Already UTF-8 (or ASCII): repaired, not converted.
    case utf8
    /// ISO-8859-1 or windows-1252, decoded the way HTML does: as windows-1252.
    case windows1252
    /// Anything else, through iconv under this name.
    case iconv(String)
  }

  var decoding: Decoding
  /// Length of the byte order mark to drop.
  var byteOrderMarkLength = 0
  /// The declared encoding, as written, if there is a declaration with one.
  var declaredEncoding: String?
  /// Byte range of an XML declaration that does not start the document (whitespace or a BOM
  /// before it), which makes libxml2 stop; the decoder blanks it out.
  var misplacedDeclaration: Range<Int>?

  /// Reads the start of a document (the first kilobyte is plenty).
  static func sniff(_ head: UnsafeBufferPointer<UInt8>) -> EncodingSniff {
    func at(_ index: Int) -> UInt8? { index < head.count ? head[index] : nil }
    if at(0) == 0xEF, at(1) == 0xBB, at(2) == 0xBF {
      var sniff = sniffDeclaration(head, from: 3)
      sniff.byteOrderMarkLength = 3
      return sniff
    }
    // UTF-32 before UTF-16: its little-endian mark starts with UTF-16's.
    if at(0) == 0xFF, at(1) == 0xFE, at(2) == 0x00, at(3) == 0x00 {
      return EncodingSniff(decoding: .iconv("UTF-32LE"), byteOrderMarkLength: 4)
    }
    if at(0) == 0x00, at(1) == 0x00, at(2) == 0xFE, at(3) == 0xFF {
      return EncodingSniff(decoding: .iconv("UTF-32BE"), byteOrderMarkLength: 4)
    }
    if at(0) == 0x3C, at(1) == 0x00, at(2) == 0x00, at(3) == 0x00 {
      return EncodingSniff(decoding: .iconv("UTF-32LE"))
    }
    if at(0) == 0x00, at(1) == 0x00, at(2) == 0x00, at(3) == 0x3C {
      return EncodingSniff(decoding: .iconv("UTF-32BE"))
    }
    if at(0) == 0xFF, at(1) == 0xFE {
      return EncodingSniff(decoding: .iconv("UTF-16LE"), byteOrderMarkLength: 2)
    }
    if at(0) == 0xFE, at(1) == 0xFF {
      return EncodingSniff(decoding: .iconv("UTF-16BE"), byteOrderMarkLength: 2)
    }
    if at(0) == 0x3C, at(1) == 0x00, at(2) == 0x3F, at(3) == 0x00 {
      return EncodingSniff(decoding: .iconv("UTF-16LE"))
    }
    if at(0) == 0x00, at(1) == 0x3C, at(2) == 0x00, at(3) == 0x3F {
      return EncodingSniff(decoding: .iconv("UTF-16BE"))
    }
    return sniffDeclaration(head, from: 0)
  }

  /// Finds `<?xml ... encoding="..." ?>` after optional whitespace, in an ASCII-compatible head.
  private static func sniffDeclaration(
    _ head: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> EncodingSniff {
    var sniff = EncodingSniff(decoding: .utf8)
    var i = start
    while i < head.count, HTMLMarkup.isWhitespace(head[i]) { i += 1 }
    let prefix = Array("<?xml".utf8)
    guard i + prefix.count < head.count,
      Array(head[i..<(i + prefix.count)]) == prefix,
      HTMLMarkup.isWhitespace(head[i + prefix.count])
    else { return sniff }
    var end = i + prefix.count
    while end + 1 < head.count,
      !(head[end] == UInt8(ascii: "?") && head[end + 1] == UInt8(ascii: ">"))
    {
      end += 1
    }
    guard end + 1 < head.count else { return sniff }
    if i > start { sniff.misplacedDeclaration = i..<(end + 2) }
    let declaration = String(decoding: UnsafeBufferPointer(rebasing: head[i..<end]), as: UTF8.self)
    if let label = pseudoAttribute("encoding", in: declaration) {
      sniff.declaredEncoding = label
      sniff.decoding = decoding(forLabel: label)
    }
    return sniff
  }

  /// The value of `name="value"` (or single quotes) inside an XML declaration.
  static func pseudoAttribute(_ name: String, in declaration: String) -> String? {
    guard let nameRange = declaration.range(of: name) else { return nil }
    var rest = declaration[nameRange.upperBound...].drop {
      $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"
    }
    guard rest.first == "=" else { return nil }
    rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    let value = rest.dropFirst().prefix { $0 != quote }
    return value.isEmpty ? nil : String(value)
  }

  /// The decoding for an encoding label, with the supersets browsers use for the common CJK
  /// labels (a gb2312 feed is nearly always GBK in fact).
  static func decoding(forLabel label: String) -> Decoding {
    let lowered = label.lowercased()
    // A label that starts and ends with a visible ASCII character, as they all do, needs no
    // trimming, and Foundation's trim is a visible part of a small feed's parse (docs/adr/0151).
    let visible = UInt8(ascii: "!")...UInt8(ascii: "~")
    let plain =
      lowered.utf8.first.map(visible.contains) == true
      && lowered.utf8.last.map(visible.contains) == true
    let key = plain ? lowered : lowered.trimmingCharacters(in: .whitespaces)
    switch key {
    case "utf-8", "utf8", "us-ascii", "ascii", "unicode-1-1-utf-8", "utf-16", "utf16",
      "utf-16le", "utf-16be", "ucs-2", "iso-10646-ucs-2", "utf-32", "utf32", "utf-32le",
      "utf-32be", "ucs-4", "iso-10646-ucs-4":
      // A UTF-16 or UTF-32 label on bytes that read as ASCII is a wrong label: the bytes win here.
      return .utf8
    case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "windows-1252",
      "cp1252", "x-cp1252", "iso-ir-100", "cp819", "ibm819":
      return .windows1252
    case "gb2312", "gbk", "x-gbk", "cp936", "euc-cn", "csgb2312", "gb_2312-80", "chinese",
      "windows-936":
      return .iconv("GB18030")
    case "shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "windows-31j", "csshiftjis":
      return .iconv("CP932")
    case "euc-kr", "ks_c_5601-1987", "windows-949", "cseuckr":
      return .iconv("CP949")
    case "big5", "big5-hkscs", "x-x-big5", "csbig5":
      return .iconv("BIG5-HKSCS")
    default:
      return .iconv(key.uppercased())
    }
  }
}
