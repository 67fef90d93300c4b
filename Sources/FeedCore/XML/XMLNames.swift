#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The XML namespaces the parser reads, recognised by URI whatever prefix a feed binds them to.
enum XMLNamespace: UInt8 {
  /// No namespace, or one of RSS's own (RSS 1.0, RSS 0.90, UserLand's RSS 2.0 URIs), or the
  /// namespace of the document's `rss` root element.
  case rss
  case atom
  /// Media RSS: `http://search.yahoo.com/mrss/`, without the slash, over https, and the RSS
  /// Advisory Board's `http://www.rssboard.org/media-rss`.
  case media
  case dublinCore
  /// `http://purl.org/rss/1.0/modules/content/` (`content:encoded`).
  case content
  case rdf
  case xhtml
  /// Apple's podcast namespace, read for `itunes:author` only.
  case itunes
  case other

  /// Namespace URIs as libxml2 reports them, to their kind. Compared byte for byte.
  static let known: [(uri: StaticString, namespace: XMLNamespace)] = [
    ("http://search.yahoo.com/mrss/", .media),
    ("http://search.yahoo.com/mrss", .media),
    ("https://search.yahoo.com/mrss/", .media),
    ("https://search.yahoo.com/mrss", .media),
    ("http://www.rssboard.org/media-rss", .media),
    ("http://www.rssboard.org/media-rss/", .media),
    ("http://purl.org/dc/elements/1.1/", .dublinCore),
    ("http://purl.org/rss/1.0/modules/content/", .content),
    ("http://www.w3.org/2005/Atom", .atom),
    ("http://purl.org/atom/ns#", .atom),
    ("http://purl.org/rss/1.0/", .rss),
    ("http://my.netscape.com/rdf/simple/0.9/", .rss),
    ("http://backend.userland.com/rss2", .rss),
    ("http://backend.userland.com/rss", .rss),
    ("http://www.w3.org/1999/02/22-rdf-syntax-ns#", .rdf),
    ("http://www.w3.org/1999/xhtml", .xhtml),
    ("http://www.itunes.com/dtds/podcast-1.0.dtd", .itunes),
  ]

  /// The kind of a namespace URI (a NUL-terminated C string), `.rss` when there is none.
  static func classify(_ uri: UnsafePointer<UInt8>?) -> XMLNamespace {
    guard let uri else { return .rss }
    for entry in known where CName.equals(uri, entry.uri) { return entry.namespace }
    return .other
  }
}

/// Remembers the kind of each namespace URI pointer libxml2 hands out.
///
/// libxml2 interns names and namespace URIs in the parser's dictionary, so one document uses a
/// handful of distinct URI pointers, all alive until the parser is freed. Classifying each once
/// saves a dozen string comparisons per element.
struct NamespaceCache {
  private var entries: [(pointer: UnsafePointer<UInt8>, namespace: XMLNamespace)] = []
  /// The namespace of the root `rss` element, which counts as RSS (UserLand-style defaults).
  var rssRootURI: UnsafePointer<UInt8>?

  mutating func namespace(of uri: UnsafePointer<UInt8>?) -> XMLNamespace {
    guard let uri else { return .rss }
    for entry in entries where entry.pointer == uri { return entry.namespace }
    var namespace = XMLNamespace.classify(uri)
    if namespace == .other, let rssRootURI, CName.equals(uri, rssRootURI) { namespace = .rss }
    // Bounded: a hostile document could declare thousands of namespaces.
    if entries.count < 64 { entries.append((uri, namespace)) }
    return namespace
  }
}

/// Comparisons of NUL-terminated UTF-8 names from libxml2.
enum CName {
  /// Whether the C string `name` is exactly `literal`.
  @inline(__always)
  static func equals(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    let bytes = literal.utf8Start
    for offset in 0..<count where name[offset] != bytes[offset] { return false }
    return name[count] == 0
  }

  /// Whether two C strings are equal.
  static func equals(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>) -> Bool {
    var offset = 0
    while lhs[offset] == rhs[offset] {
      if lhs[offset] == 0 { return true }
      offset += 1
    }
    return false
  }

  /// Whether `name` equals `literal` ignoring ASCII case. Element names are compared this way:
  /// feedparser lower-cases them, so `pubdate` and `PUBDATE` are `pubDate`. (Folding bit 5
  /// also pairs a few non-letters, such as `_` and DEL, none of which can both be in a name.)
  @inline(__always)
  static func equalsIgnoringCase(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    let bytes = literal.utf8Start
    for offset in 0..<count where name[offset] | 0x20 != bytes[offset] | 0x20 { return false }
    return name[count] == 0
  }

  /// A Swift string from a C string.
  static func string(_ name: UnsafePointer<UInt8>) -> String {
    String(cString: name)
  }
}

/// The attributes libxml2's SAX2 `startElementNs` passes: five pointers per attribute
/// (local name, prefix, URI, value start, value end).
struct XMLAttributes {
  let base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
  let count: Int

  /// The value of the attribute named `localName` with no namespace (or, with `namespace`,
  /// in that namespace), as UTF-8 bytes.
  func value(
    _ localName: StaticString, namespace: XMLNamespace? = nil
  ) -> UnsafeBufferPointer<UInt8>? {
    guard let base else { return nil }
    for index in 0..<count {
      let entry = base + index * 5
      guard let name = entry[0], CName.equals(name, localName) else { continue }
      if let namespace {
        guard XMLNamespace.classify(entry[2]) == namespace, entry[2] != nil else { continue }
      } else if entry[2] != nil {
        continue
      }
      guard let start = entry[3], let end = entry[4] else { return nil }
      return UnsafeBufferPointer(start: start, count: end - start)
    }
    return nil
  }

  /// The value as a string, trimmed; `nil` when absent or blank.
  ///
  /// Without `XML_PARSE_NOENT`, libxml2 hands attribute values over with every `&` written
  /// as `&#38;` and references to the HTML entities it was given as `&name;`; one pass of
  /// reference decoding (`;` required) turns that into the value the document means.
  func string(_ localName: StaticString, namespace: XMLNamespace? = nil) -> String? {
    guard let bytes = value(localName, namespace: namespace) else { return nil }
    guard let base = bytes.baseAddress, memchr(base, 0x26, bytes.count) != nil else {
      return FieldText.trimmed(bytes)
    }
    var decoded: [UInt8] = []
    HTMLText.appendDecodingEntities(bytes, legacy: false, to: &decoded)
    return decoded.withUnsafeBufferPointer { FieldText.trimmed($0) }
  }

  /// The value as a decimal integer (surrounding whitespace and a `+` allowed), `nil` when
  /// absent or anything else (`300px`, `300.0`).
  func integer(_ localName: StaticString) -> Int? {
    guard let bytes = value(localName) else { return nil }
    let trimmed = FieldText.trimmingUnicodeWhitespace(bytes)
    var index = 0
    var negative = false
    if index < trimmed.count,
      trimmed[index] == UInt8(ascii: "+") || trimmed[index] == UInt8(ascii: "-")
    {
      negative = trimmed[index] == UInt8(ascii: "-")
      index += 1
    }
    guard index < trimmed.count, trimmed.count - index <= 18 else { return nil }
    var value = 0
    while index < trimmed.count {
      let digit = trimmed[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
      index += 1
    }
    return negative ? -value : value
  }

  /// Whether the value (trimmed) is `choice`, ignoring ASCII case.
  func value(_ localName: StaticString, is choice: StaticString) -> Bool {
    guard let bytes = value(localName) else { return false }
    return XMLAttributes.trimmed(bytes, is: choice)
  }

  /// `value(_:is:)` after reference decoding; no string is made unless the value holds a `&`.
  func value(_ localName: StaticString, isDecoded choice: StaticString) -> Bool {
    guard let bytes = value(localName) else { return false }
    guard let base = bytes.baseAddress, memchr(base, 0x26, bytes.count) != nil else {
      return XMLAttributes.trimmed(bytes, is: choice)
    }
    guard var decoded = string(localName) else { return false }
    return decoded.withUTF8 { XMLAttributes.trimmed($0, is: choice) }
  }

  /// Whether `bytes`, trimmed, are `choice`, ignoring ASCII case.
  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, is choice: StaticString) -> Bool
  {
    let trimmed = FieldText.trimmingUnicodeWhitespace(bytes)
    guard choice.utf8CodeUnitCount == trimmed.count else { return false }
    for offset in 0..<trimmed.count
    where trimmed[offset] | 0x20 != choice.utf8Start[offset] | 0x20 {
      return false
    }
    return true
  }

  /// The `type` attribute of an Atom text construct or a Media RSS text element.
  var textType: TextType {
    guard let type = value("type") else { return .absent }
    func isEither(_ first: StaticString, _ second: StaticString) -> Bool {
      XMLAttributes.trimmed(type, is: first) || XMLAttributes.trimmed(type, is: second)
    }
    if isEither("html", "text/html") { return .html }
    if isEither("xhtml", "application/xhtml+xml") { return .xhtml }
    if isEither("text", "text/plain") || XMLAttributes.trimmed(type, is: "plain") { return .text }
    return .other
  }

  /// What a `type` attribute says about the element's text.
  enum TextType {
    case absent, text, html, xhtml, other
  }
}
