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
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.externalEntityResolvingPolicy = .never
    parser.delegate = collector
    let parsed = parser.parse()
    if let failure = collector.failure { throw .badOPML(failure) }
    guard parsed else {
      let error = parser.parserError as NSError?
      let line = parser.lineNumber
      throw .badOPML("XML error \(error?.code ?? 0) near line \(line)")
    }
    guard collector.sawRoot else { throw .badOPML("the document is empty") }
    return collector.feeds
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
      failure = "XML error \((parseError as NSError).code) at line \(parser.lineNumber)"
    }
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
    else { return nil }
    return value
  }
}
