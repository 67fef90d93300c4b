/// Builds a `Feed` from the SAX events of one document.
///
/// Knows element names and namespaces but nothing of libxml2: `SAXSession` forwards its
/// callbacks here with the interned C strings libxml2 passes. Text is captured only for the
/// elements that feed a field, and only while that field could still change (a
/// `content:encoded` after a `<description>` is never copied), into one reused buffer.
/// A struct: `SAXSession` keeps it behind a pointer that the C callbacks reach directly, which
/// spares every callback the retain/release and exclusivity bookkeeping a class would cost.
struct FeedBuilder: ~Copyable {
  /// What an open element is, as far as the structure goes.
  enum Role: UInt8 {
    case other, root, channel, item, mediaGroup, mediaContent, atomAuthor
    /// Inside `atom:source`: nothing below is about the entry.
    case skipped
  }

  /// How captured text is collected.
  enum CaptureMode {
    /// Character data only; child elements are ignored but their text is kept.
    case text
    /// Character data is HTML source; child elements (naked HTML in a feed) become tags again.
    case markup
    /// Atom `type="xhtml"`: character data is text (escaped), child elements become tags.
    case xhtml
  }

  struct Capture {
    var target: TextTarget
    var kind: TextKind
    var mode: CaptureMode
    var depth: Int
    /// Read for the pictures of its HTML only (see `begin`).
    var imagesOnly = false
  }

  private(set) var format: FeedFormat?
  /// The root element's local name, once seen.
  private(set) var rootElement: String?
  private(set) var title: String?
  private(set) var link: String?
  /// The channel's `atom:link rel="next"` (RSS) or Atom `link rel="next"`: the next page.
  private(set) var nextLink: String?
  private(set) var description: String?
  /// The feed's own author (Atom's feed author, an RSS channel's creator or editor).
  private(set) var author: String?
  /// Whether `author` came from RSS `managingEditor` (an e-mail address first): a
  /// `dc:creator` or `itunes:author` replaces it.
  private var authorIsRSS = false
  private(set) var items: [FeedItem] = []

  private var roles: [Role] = []
  /// Depth of the element whose children describe the feed (`channel`, Atom `feed`); 0: none.
  private var channelDepth = 0
  /// The open item or entry (the element handlers in `FeedBuilder+Item.swift` add to it),
  /// when `hasItem`. Not an optional: reaching into an `Optional<ItemBuilder>` costs an
  /// outlined tag check on every capture. One builder serves every item (`restart()`), so
  /// its list storage carries over and no builder is made or destroyed per item.
  var item = ItemBuilder()
  private(set) var hasItem = false
  private var itemDepth = 0
  var namespaces = NamespaceCache()
  private var capture: Capture? {
    didSet { captureMode = capture?.mode }
  }
  /// `capture?.mode`, kept apart so that `characters` reads one byte instead of copying the
  /// capture (whose target may hold strings).
  private var captureMode: CaptureMode?
  private var text = ByteBuffer(capacity: 16 * 1024)
  private var converter = HTMLTextConverter()
  /// For `.html` fields, which often repeat each other's start.
  private var html = ResumableHTMLConverter()

  init() {
    roles.reserveCapacity(32)
  }

  // MARK: - Events

  /// An element starts. Returns `false` when the root shows the document is not a feed.
  mutating func startElement(
    _ name: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?, attributes: XMLAttributes
  ) -> Bool {
    if let capture {
      if capture.mode != .text {
        appendTag(name, closing: false, attributes: isPictureTag(name) ? attributes : nil)
      }
      roles.append(.other)
      return true
    }
    guard let parent = roles.last else { return startRoot(name, uri: uri) }
    if parent == .skipped {
      roles.append(.skipped)
      return true
    }
    var namespace = namespaces.namespace(of: uri)
    if format == .atom, namespace == .rss { namespace = .atom }  // Atom without its namespace
    let depth = roles.count + 1
    let role: Role
    if hasItem {
      role = startInItem(name, namespace, attributes, depth: depth, parent: parent)
    } else {
      role = startOutsideItem(name, namespace, attributes, depth: depth)
    }
    roles.append(role)
    return true
  }

  /// An element ends.
  mutating func endElement(_ name: UnsafePointer<UInt8>) {
    if let capture {
      if roles.count == capture.depth {
        finishCapture(capture)
      } else if capture.mode != .text {
        appendTag(name, closing: true)
      }
    }
    guard let role = roles.popLast() else { return }
    switch role {
    case .item:
      finishItem()
    case .mediaContent:
      if hasItem { item.closeContent() }
    case .channel:
      channelDepth = 0
    default:
      break
    }
  }

  /// Character data (or CDATA) inside the current element.
  mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let mode = captureMode else { return }
    if mode == .xhtml {
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "&"): text.append("&amp;")
        case UInt8(ascii: "<"): text.append("&lt;")
        default: text.append(byte)
        }
      }
    } else {
      text.append(bytes)
    }
  }

  /// Ends the document even if it was cut short: open text and an open item are kept.
  mutating func finish() {
    if let capture { finishCapture(capture) }
    finishItem()
    roles.removeAll()
  }

  // MARK: - Structure

  private mutating func startRoot(_ name: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?) -> Bool
  {
    rootElement = CName.string(name)
    if CName.equalsIgnoringCase(name, "rss") {
      format = .rss
      namespaces.rssRootURI = uri
    } else if CName.equalsIgnoringCase(name, "RDF"), namespaces.namespace(of: uri) == .rdf {
      format = .rss
    } else if CName.equalsIgnoringCase(name, "feed"),
      uri == nil || namespaces.namespace(of: uri) == .atom
    {
      format = .atom
      channelDepth = 1
    } else {
      return false
    }
    roles.append(.root)
    return true
  }

  private mutating func startOutsideItem(
    _ name: UnsafePointer<UInt8>, _ namespace: XMLNamespace, _ attributes: XMLAttributes,
    depth: Int
  ) -> Role {
    if format == .atom
      ? namespace == .atom && CName.equalsIgnoringCase(name, "entry")
      : namespace == .rss && CName.equalsIgnoringCase(name, "item")
    {
      item.restart()
      if let about = attributes.string("about", namespace: .rdf) { item.setAbout(about) }
      hasItem = true
      itemDepth = depth
      return .item
    }
    if format == .rss, namespace == .rss, CName.equalsIgnoringCase(name, "channel") {
      channelDepth = depth
      return .channel
    }
    if format == .atom, namespace == .atom, roles.last == .atomAuthor,
      CName.equalsIgnoringCase(name, "name")
    {
      begin(.feedAuthor(isRSSAuthor: false), .line, .text, depth: depth)
      return .other
    }
    guard channelDepth > 0, depth == channelDepth + 1 else { return .other }
    if (namespace == .dublinCore && CName.equalsIgnoringCase(name, "creator"))
      || (namespace == .itunes && CName.equalsIgnoringCase(name, "author"))
    {
      begin(.feedAuthor(isRSSAuthor: false), .line, .text, depth: depth)
      return .other
    }
    if format == .rss, namespace == .rss, CName.equalsIgnoringCase(name, "managingEditor") {
      begin(.feedAuthor(isRSSAuthor: true), .line, .text, depth: depth)
      return .other
    }
    if namespace == .atom, nextLink == nil, CName.equals(name, "link"),
      attributes.string("rel") == "next"
    {
      nextLink = attributes.string("href")
      return .other
    }
    if format == .rss, namespace == .rss {
      if CName.equalsIgnoringCase(name, "title") {
        begin(.feedTitle, .lineOrHTML, .markup, depth: depth)
      } else if CName.equalsIgnoringCase(name, "link") {
        begin(.feedLink, .trimmed, .text, depth: depth)
      } else if CName.equalsIgnoringCase(name, "description") {
        begin(.feedDescription, .html, .markup, depth: depth)
      }
    } else if format == .atom, namespace == .atom {
      if CName.equalsIgnoringCase(name, "title") {
        beginAtomText(.feedTitle, attributes, plain: .line, depth: depth)
      } else if CName.equalsIgnoringCase(name, "subtitle")
        || CName.equalsIgnoringCase(name, "tagline")
      {
        beginAtomText(.feedDescription, attributes, plain: .multiline, depth: depth)
      } else if CName.equalsIgnoringCase(name, "link"), link == nil,
        let href = FeedBuilder.alternateHref(attributes)
      {
        link = href
      } else if CName.equalsIgnoringCase(name, "author") {
        return .atomAuthor
      }
    }
    return .other
  }

  /// The `href` of an Atom link that points at the page itself (`rel` absent or `alternate`).
  static func alternateHref(_ attributes: XMLAttributes) -> String? {
    let rel = attributes.string("rel") ?? "alternate"
    guard rel == "alternate" else { return nil }
    return attributes.string("href")
  }

  // MARK: - Capture

  /// Starts capturing text for `target` if it could still change anything: a summary
  /// source that comes too late for the text is still read for its pictures while the item
  /// has none (`imagesOnly`).
  mutating func begin(_ target: TextTarget, _ kind: TextKind, _ mode: CaptureMode, depth: Int) {
    let wanted: Bool
    var imagesOnly = false
    switch target {
    case .feedTitle: wanted = title == nil
    case .feedLink: wanted = link == nil
    case .feedDescription: wanted = description == nil
    case .feedAuthor(let isRSSAuthor): wanted = author == nil || (authorIsRSS && !isRSSAuthor)
    case .summary:
      wanted = hasItem && (item.wants(target) || item.wantsImages)
      imagesOnly = hasItem && !item.wants(target)
    default: wanted = hasItem && item.wants(target)
    }
    guard wanted else { return }
    text.removeAll()
    capture = Capture(
      target: target, kind: kind, mode: mode, depth: depth, imagesOnly: imagesOnly)
  }

  /// Starts capturing an Atom text construct, whose `type` says text, html or xhtml.
  mutating func beginAtomText(
    _ target: TextTarget, _ attributes: XMLAttributes, plain: TextKind, depth: Int
  ) {
    let type = attributes.textType
    let mode: CaptureMode
    switch type {
    case .xhtml: mode = .xhtml
    case .absent, .text: mode = .text
    case .html, .other: mode = .markup
    }
    begin(target, TextKind.of(typeIn: attributes, plain: plain), mode, depth: depth)
  }

  private mutating func finishCapture(_ capture: Capture) {
    self.capture = nil
    if case .published(let rank) = capture.target {
      // Dates are read from the bytes; no string is made for them.
      if hasItem, item.wants(capture.target),
        let date = FeedDate.parse(text.bytes)
      {
        item.store(date, rank: rank)
      }
      return
    }
    if capture.imagesOnly {
      if hasItem, capture.kind == .html { item.setImages(HTMLImage.all(in: text.bytes)) }
      return
    }
    let sibling = hasItem ? item.sibling(of: capture.target) : nil
    let value: String?
    if capture.kind == .html {
      if case .summary = capture.target, hasItem, item.wants(capture.target) {
        // A better summary source replaces the text; the pictures of every source read
        // add up (an excerpt's tracking pixel and the article's pictures).
        let found = HTMLImage.all(in: text.bytes)
        if !found.images.isEmpty || !found.pictureLinks.isEmpty { item.setImages(found) }
      }
      value = FieldText.finished(html.convert(&text), sibling: sibling)
    } else {
      value = FieldText.string(
        text.bytes, as: capture.kind, converter: &converter, sibling: sibling)
    }
    switch capture.target {
    case .feedTitle: title = title ?? value
    case .feedLink: link = link ?? value
    case .feedDescription: description = description ?? value
    case .feedAuthor(let isRSSAuthor):
      if let value, author == nil || (authorIsRSS && !isRSSAuthor) {
        author = isRSSAuthor ? ItemBuilder.nameOfRSSAuthor(value) : value
        authorIsRSS = isRSSAuthor
      }
    default: if hasItem { item.store(value, for: capture.target) }
    }
  }

  private mutating func appendTag(
    _ name: UnsafePointer<UInt8>, closing: Bool, attributes: XMLAttributes? = nil
  ) {
    text.append(UInt8(ascii: "<"))
    if closing { text.append(UInt8(ascii: "/")) }
    var offset = 0
    while name[offset] != 0 {
      text.append(name[offset])
      offset += 1
    }
    if let attributes { appendAttributes(attributes) }
    text.append(UInt8(ascii: ">"))
  }

  /// `img` and `a`: the elements whose attributes say where a post's pictures are, kept
  /// when XHTML (or naked HTML in RSS) is turned back into HTML source.
  private func isPictureTag(_ name: UnsafePointer<UInt8>) -> Bool {
    CName.equalsIgnoringCase(name, "img") || CName.equalsIgnoringCase(name, "a")
  }

  /// ` name="value"` for each attribute without a namespace; values as libxml2 gives them
  /// (references still written), `"` escaped.
  private mutating func appendAttributes(_ attributes: XMLAttributes) {
    guard let base = attributes.base else { return }
    for index in 0..<min(attributes.count, 32) {
      let entry = base + index * 5
      guard let name = entry[0], entry[2] == nil, let start = entry[3], let end = entry[4] else {
        continue
      }
      text.append(UInt8(ascii: " "))
      var offset = 0
      while name[offset] != 0 {
        text.append(name[offset])
        offset += 1
      }
      text.append("=\"")
      for byte in UnsafeBufferPointer(start: start, count: end - start) {
        if byte == UInt8(ascii: "\"") { text.append("&quot;") } else { text.append(byte) }
      }
      text.append(UInt8(ascii: "\""))
    }
  }

  /// What has been read, as a copyable value.
  var result: ParsedDocument {
    ParsedDocument(
      format: format, rootElement: rootElement, title: title, link: link, nextLink: nextLink,
      description: description, author: author, items: items)
  }

  // MARK: - Items

  /// Moves the open item, finished, to `items`.
  private mutating func finishItem() {
    guard hasItem else { return }
    hasItem = false
    items.append(FeedItem())
    item.finish(into: &items[items.count - 1])
  }

  /// How many items have been finished and not yet taken.
  var itemCount: Int { items.count }

  /// Moves the finished items out (no copy) and starts an empty list with room for `next`.
  mutating func takeItems(reservingCapacity next: Int) -> [FeedItem] {
    var taken: [FeedItem] = []
    taken.reserveCapacity(next)
    swap(&taken, &items)
    return taken
  }

  /// Makes room for `count` items in all, so that `items` does not grow by copying (each
  /// doubling copies every item into fresh memory, a seventh of the parse's page faults).
  mutating func reserveItems(_ count: Int) {
    items.reserveCapacity(count)
  }

  /// Depth of the open item element (the root is depth 1).
  var currentItemDepth: Int { itemDepth }
}

/// The outcome of `FeedBuilder`: the feed's parts, or only the root element's name when the
/// document is not a feed (`format == nil`).
struct ParsedDocument {
  var format: FeedFormat?
  var rootElement: String?
  var title: String?
  var link: String?
  var nextLink: String?
  var description: String?
  var author: String?
  var items: [FeedItem]
}
