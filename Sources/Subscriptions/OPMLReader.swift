import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One feed outline of an OPML file: an `<outline>` with an `xmlUrl`.
public struct OPMLFeed: Sendable, Equatable {
  /// The feed's address, as the file gives it.
  public var xmlURL: String
  /// `title`, else `text`.
  public var title: String?
  /// The site's address, when given.
  public var htmlURL: String?
  /// The folders it sits in, outermost first (outlines without `xmlUrl` that hold others).
  public var folders: [String]

  public init(xmlURL: String, title: String? = nil, htmlURL: String? = nil, folders: [String] = [])
  {
    self.xmlURL = xmlURL
    self.title = title
    self.htmlURL = htmlURL
    self.folders = folders
  }
}

/// Reads the feed outlines of an OPML file (1.0 or 2.0) with FoundationXML's `XMLParser`.
///
/// Lenient as readers meet OPML in the wild: attribute names in any case (`xmlUrl`,
/// `xmlurl`, `XMLURL`), `type="rss"` optional, outlines anywhere under `<body>`. Strict on
/// what could do harm: a document that declares entities (`<!ENTITY`, the billion laughs and
/// XXE both need one) is refused before parsing, and external entities and DTDs are never
/// loaded, so reading an OPML file never touches the network or another file.
public enum OPMLReader {
  /// The feeds in `data`, in document order, or why it is not OPML.
  public static func feeds(in data: Data) throws(SubscriptionError) -> [OPMLFeed] {
    if data.range(of: Data("<!ENTITY".utf8)) != nil {
      throw .badOPML("the document declares entities (<!ENTITY>), which artfeed does not read")
    }
    let collector = OPMLCollector()
    let parser = XMLParser(data: withoutProcessingInstructions(repairingUTF8(data)))
    parser.shouldResolveExternalEntities = false
    parser.externalEntityResolvingPolicy = .never
    parser.delegate = collector
    let parsed = parser.parse()
    if let failure = collector.failure { throw .badOPML(failure) }
    guard parsed else {
      let code = (parser.parserError as NSError?)?.code ?? 0
      throw .badOPML("XML error near line \(parser.lineNumber): \(xmlProblem(code))")
    }
    guard collector.sawRoot else { throw .badOPML("the document is empty") }
    return collector.feeds
  }

  /// `data` with invalid UTF-8 replaced by U+FFFD, unless libxml2 converts it from another
  /// encoding: FoundationXML traps on an element or attribute name that is not valid UTF-8
  /// (found by `Fuzz/FuzzOPML`). UTF-16, UCS-4 and EBCDIC documents and the declared
  /// encodings libxml2 converts are left alone; it hands over valid UTF-8 for them.
  /// A document declaring an encoding libxml2 does not know is repaired like a UTF-8 one: it
  /// passes such bytes through unconverted.
  static func repairingUTF8(_ data: Data) -> Data {
    let head = data.prefix(256)
    if isWideOrEBCDIC(Array(head.prefix(4))) { return data }
    if let encoding = declaredEncoding(head), convertedEncodings.contains(encoding) {
      return data
    }
    let repaired = String(decoding: data, as: UTF8.self)
    return repaired.utf8.elementsEqual(data) ? data : Data(repaired.utf8)
  }

  /// `data` without its processing instructions (`<?target data?>`) after the XML
  /// declaration: FoundationXML reads a null pointer for one without data (`<?pi?>`), and
  /// OPML carries nothing in them (found by `Fuzz/FuzzOPML`). Comments and CDATA sections are
  /// skipped whole, so a `<?` inside them removes nothing. UTF-16, UCS-4 and EBCDIC documents
  /// are left as they are.
  static func withoutProcessingInstructions(_ data: Data) -> Data {
    let bytes = [UInt8](data)
    if isWideOrEBCDIC(Array(bytes.prefix(4))) { return data }
    // The XML declaration, `<?xml` and a space at the very start (after a byte order mark),
    // is the one processing instruction kept.
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let isDeclaration =
      bytes[start...].starts(with: Array("<?xml".utf8)) && bytes.count > start + 5
      && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start + 5])
    let declarationStart = isDeclaration ? start : -1
    var scanner = SectionScanner(bytes: bytes)
    var out: [UInt8] = []
    var index = 0
    var removed = false
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "<") {
        if index != declarationStart, let end = scanner.end(at: index, "<?", "?>") {
          if !removed { out = Array(bytes[..<index]) }
          removed = true
          index = end
          continue
        }
        if let end = scanner.end(at: index, "<!--", "-->")
          ?? scanner.end(at: index, "<![CDATA[", "]]>")
        {
          if removed { out += bytes[index..<end] }
          index = end
          continue
        }
      }
      if removed { out.append(bytes[index]) }
      index += 1
    }
    return removed ? Data(out) : data
  }

  /// Whether libxml2 reads the document as UTF-16, UCS-4 or EBCDIC, from its first four
  /// bytes (a byte order mark or `<?` in that encoding, as its `xmlDetectCharEncoding` does).
  private static func isWideOrEBCDIC(_ first: [UInt8]) -> Bool {
    if first.starts(with: [0xFE, 0xFF]) || first.starts(with: [0xFF, 0xFE]) { return true }
    let patterns: [[UInt8]] = [
      [0, 0, 0, 0x3C], [0x3C, 0, 0, 0], [0, 0, 0x3C, 0], [0, 0x3C, 0, 0], [0, 0, 0xFE, 0xFF],
      [0, 0x3C, 0, 0x3F], [0x3C, 0, 0x3F, 0], [0x4C, 0x6F, 0xA7, 0x94],
    ]
    return patterns.contains(first)
  }

  /// The `encoding` of an XML declaration, lowercased.
  private static func declaredEncoding(_ head: Data) -> String? {
    let text = String(decoding: head, as: UTF8.self).lowercased()
    guard text.hasPrefix("<?xml"), let end = text.range(of: "?>"),
      let start = text.range(of: "encoding=", range: text.startIndex..<end.lowerBound)
    else { return nil }
    let value = text[start.upperBound..<end.lowerBound].dropFirst()
    return String(value.prefix { $0 != "\"" && $0 != "'" })
  }

  /// Single-byte and East Asian encodings that libxml2 (with iconv) converts to UTF-8.
  private static let convertedEncodings: Set<String> = {
    var names: Set<String> = [
      "latin1", "us-ascii", "ascii", "koi8-r", "koi8-u", "gb2312", "gbk", "gb18030", "big5",
      "shift_jis", "euc-jp", "euc-kr", "iso-2022-jp", "macintosh",
    ]
    for part in 1...16 { names.insert("iso-8859-\(part)") }
    for page in 1250...1258 {
      names.insert("windows-\(page)")
      names.insert("cp\(page)")
    }
    return names
  }()
}

/// Finds where a markup section (`<?...?>`, `<!--...-->`, `<![CDATA[...]]>`) that starts at
/// an index ends. Once a closer is missing after some index it is missing after every later
/// one, so each kind is searched for in vain at most once: linear time on any input.
private struct SectionScanner {
  let bytes: [UInt8]
  private var unclosed: Set<String> = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The index just past `closer`, when `opener` starts at `index` and `closer` follows it.
  mutating func end(at index: Int, _ opener: String, _ closer: String) -> Int? {
    let open = Array(opener.utf8)
    guard !unclosed.contains(closer), bytes[index...].starts(with: open) else { return nil }
    let close = Array(closer.utf8)
    var probe = index + open.count
    while probe + close.count <= bytes.count {
      if bytes[probe] == close[0], bytes[probe..<probe + close.count].elementsEqual(close) {
        return probe + close.count
      }
      probe += 1
    }
    unclosed.insert(closer)
    return nil
  }
}

/// The parser's delegate: a stack of open outlines, each a folder name or a feed.
private final class OPMLCollector: NSObject, XMLParserDelegate {
  var feeds: [OPMLFeed] = []
  var failure: String?
  var sawRoot = false
  /// For each open `<outline>`: its folder name, or nil for a feed (or an unnamed folder).
  private var open: [String?] = []

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    guard sawRoot else {
      sawRoot = true
      if element.lowercased() != "opml" {
        failure = "the root element is <\(element)>, not <opml>"
        parser.abortParsing()
      }
      return
    }
    guard element.lowercased() == "outline" else { return }
    var lower: [String: String] = [:]
    for (name, value) in attributes { lower[name.lowercased()] = value }
    let title = Self.nonEmpty(lower["title"]) ?? Self.nonEmpty(lower["text"])
    if let xmlURL = Self.nonEmpty(lower["xmlurl"]) {
      let folders = open.compactMap { $0 }
      feeds.append(
        OPMLFeed(
          xmlURL: xmlURL, title: title, htmlURL: Self.nonEmpty(lower["htmlurl"]),
          folders: folders))
      open.append(nil)
    } else {
      open.append(title)
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if element.lowercased() == "outline", !open.isEmpty { open.removeLast() }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    if failure == nil {
      failure =
        "XML error at line \(parser.lineNumber): \(xmlProblem((parseError as NSError).code))"
    }
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
    else { return nil }
    return value
  }
}

/// libxml2's error (`xmlParserErrors`, which FoundationXML passes on as the error code) in
/// words; a number means nothing to a reader.
func xmlProblem(_ code: Int) -> String {
  switch code {
  case 3, 4: "the document is empty or does not start with an element"
  case 5: "there is more after the document's end"
  case 6, 7, 8: "a character reference (&#...;) is not a character"
  case 9: "a character XML does not allow"
  case 23: "an entity reference has no closing ;"
  case 26: "an unknown entity (&name;)"
  case 34: "a quoted string is not closed"
  case 38: "a < inside an attribute value"
  case 39, 40: "an attribute value is not quoted or not closed"
  case 41: "an attribute has no value"
  case 42: "an attribute appears twice in one element"
  case 68: "a name is missing"
  case 73: "an element is not closed with >"
  case 74: "an end tag is missing"
  case 76: "an end tag does not match its start tag"
  case 77: "an element is not closed"
  default: "the document is not well-formed XML"
  }
}
