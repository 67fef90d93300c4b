/// The elements inside an item or entry, and the Media RSS elements at any depth below it.
///
/// Summary sources, best first: RSS `description`, `content:encoded`, `xhtml:body`,
/// `dc:description`; Atom `summary`, then `content`. Titles: `title`, then `atom:title`, then
/// `dc:title`. Dates: `pubDate` or Atom `published`, then `dc:date`, then Atom `updated`.
extension FeedBuilder {
  mutating func startInItem(
    _ name: UnsafePointer<UInt8>, _ namespace: XMLNamespace, _ attributes: XMLAttributes,
    depth: Int, parent: Role
  ) -> Role {
    let direct = depth == currentItemDepth + 1
    switch namespace {
    case .media:
      return startMedia(name, attributes, depth: depth, parent: parent)
    case .rss where direct:
      startRSSChild(name, attributes, depth: depth)
    case .content where direct && CName.equalsIgnoringCase(name, "encoded"):
      begin(.summary(rank: 1), .html, .markup, depth: depth)
    case .xhtml where direct && CName.equalsIgnoringCase(name, "body"):
      begin(.summary(rank: 2), .html, .xhtml, depth: depth)
    case .dublinCore where direct:
      startDublinCore(name, depth: depth)
    case .itunes where direct && CName.equalsIgnoringCase(name, "author"):
      begin(.author(isRSSAuthor: false), .line, .text, depth: depth)
    case .atom:
      if parent == .atomAuthor, CName.equalsIgnoringCase(name, "name") {
        begin(.author(isRSSAuthor: false), .line, .text, depth: depth)
      } else if direct {
        return startAtomChild(name, attributes, depth: depth)
      }
    default:
      break
    }
    return .other
  }

  private mutating func startRSSChild(
    _ name: UnsafePointer<UInt8>, _ attributes: XMLAttributes, depth: Int
  ) {
    if CName.equalsIgnoringCase(name, "title") {
      begin(.title(rank: 0), .lineOrHTML, .markup, depth: depth)
    } else if CName.equalsIgnoringCase(name, "link") {
      begin(.link(rank: 0), .trimmed, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "guid") {
      let isPermaLink = !attributes.value("isPermaLink", isDecoded: "false")
      begin(.guid(isPermaLink: isPermaLink), .trimmed, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "description") {
      begin(.summary(rank: 0), .html, .markup, depth: depth)
    } else if CName.equalsIgnoringCase(name, "pubDate") {
      begin(.published(rank: 0), .trimmed, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "author") {
      begin(.author(isRSSAuthor: true), .line, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "category") {
      begin(.category, .decodedLine, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "enclosure"), let url = attributes.string("url") {
      item.addEnclosure(
        Enclosure(
          url: url, type: attributes.string("type"), length: attributes.integer("length")))
    }
  }

  private mutating func startDublinCore(_ name: UnsafePointer<UInt8>, depth: Int) {
    if CName.equalsIgnoringCase(name, "creator") {
      begin(.author(isRSSAuthor: false), .line, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "date") {
      begin(.published(rank: 1), .trimmed, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "subject") {
      begin(.category, .decodedLine, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "title") {
      begin(.title(rank: 2), .lineOrHTML, .markup, depth: depth)
    } else if CName.equalsIgnoringCase(name, "description") {
      begin(.summary(rank: 3), .html, .markup, depth: depth)
    }
  }

  private mutating func startAtomChild(
    _ name: UnsafePointer<UInt8>, _ attributes: XMLAttributes, depth: Int
  ) -> Role {
    let inAtom = format == .atom
    if CName.equalsIgnoringCase(name, "title") {
      beginAtomText(.title(rank: inAtom ? 0 : 1), attributes, plain: .line, depth: depth)
    } else if CName.equalsIgnoringCase(name, "link") {
      if let href = FeedBuilder.alternateHref(attributes) {
        item.store(href, for: .link(rank: inAtom ? 0 : 1))
      } else if attributes.string("rel") == "enclosure", let href = attributes.string("href") {
        item.addEnclosure(
          Enclosure(
            url: href, type: attributes.string("type"), length: attributes.integer("length")))
      }
    } else if CName.equalsIgnoringCase(name, "id") {
      begin(.guid(isPermaLink: false), .trimmed, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "published")
      || CName.equalsIgnoringCase(name, "issued")
    {
      begin(.published(rank: 0), .trimmed, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "updated")
      || CName.equalsIgnoringCase(name, "modified")
    {
      begin(.published(rank: 2), .trimmed, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "summary") {
      beginAtomText(.summary(rank: 0), attributes, plain: .multiline, depth: depth)
    } else if CName.equalsIgnoringCase(name, "content") {
      if attributes.value("src") == nil {
        beginAtomText(.summary(rank: 1), attributes, plain: .multiline, depth: depth)
      }
    } else if CName.equalsIgnoringCase(name, "author") {
      return .atomAuthor
    } else if CName.equalsIgnoringCase(name, "category") {
      if let term = attributes.string("term"), let decoded = FieldText.decodedLine(term) {
        item.addCategory(decoded)
      }
    } else if CName.equalsIgnoringCase(name, "source") {
      return .skipped
    }
    return .other
  }

  // MARK: - Media RSS

  private mutating func startMedia(
    _ name: UnsafePointer<UInt8>, _ attributes: XMLAttributes, depth: Int, parent: Role
  ) -> Role {
    let rank: Int
    switch parent {
    case .item: rank = 0
    case .mediaGroup: rank = 1
    case .mediaContent: rank = 2
    default: rank = 3
    }
    if CName.equalsIgnoringCase(name, "group") {
      return .mediaGroup
    } else if CName.equalsIgnoringCase(name, "content") {
      if let url = attributes.string("url") {
        let content = MediaContent(
          url: url, medium: attributes.string("medium"), type: attributes.string("type"),
          width: attributes.integer("width"), height: attributes.integer("height"))
        item.addContent(content)
      } else {
        item.closeContent()
      }
      return .mediaContent
    } else if CName.equalsIgnoringCase(name, "thumbnail") {
      let width = attributes.integer("width")
      let height = attributes.integer("height")
      if let url = attributes.string("url") {
        item.addThumbnail(MediaThumbnail(url: url, width: width, height: height))
      } else {
        // Some feeds (MyAnimeList) put the URL in the element's text.
        begin(.thumbnailURL(width: width, height: height), .trimmed, .text, depth: depth)
      }
    } else if CName.equalsIgnoringCase(name, "credit") {
      item.creditAttributes = (attributes.string("role"), attributes.string("scheme"))
      begin(.credit, .line, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "title") {
      beginMediaText(.mediaTitle(rank: rank), attributes, plain: .line, depth: depth)
    } else if CName.equalsIgnoringCase(name, "description") {
      beginMediaText(.mediaDescription(rank: rank), attributes, plain: .multiline, depth: depth)
    } else if CName.equalsIgnoringCase(name, "text") {
      beginMediaText(.mediaText(rank: rank), attributes, plain: .multiline, depth: depth)
    } else if CName.equalsIgnoringCase(name, "keywords") {
      begin(.mediaKeywords(rank: rank), .line, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "rating") {
      begin(.rating(rank: rank), .line, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "copyright") {
      begin(.copyright(rank: rank), .line, .text, depth: depth)
    } else if CName.equalsIgnoringCase(name, "category") {
      begin(.category, .decodedLine, .text, depth: depth)
    }
    return .other
  }

  /// Media RSS text with `type="plain"` (the default) or `type="html"`.
  private mutating func beginMediaText(
    _ target: TextTarget, _ attributes: XMLAttributes, plain: TextKind, depth: Int
  ) {
    let kind = TextKind.of(typeIn: attributes, plain: plain)
    begin(target, kind, kind == .html ? .markup : .text, depth: depth)
  }
}
