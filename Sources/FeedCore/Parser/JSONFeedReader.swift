import Foundation

/// Reads JSON Feed 1.0 and 1.1 (jsonfeed.org) into the same `Feed` as RSS and Atom.
///
/// The mapping keeps one picture and artist rule for every format: the item's `image` and
/// its image `attachments` are image `media:content`s (an attachment's `title` is the
/// picture's alt), `banner_image` one only when the item has no other picture,
/// `content_html` is the summary (its `<img>`s read as in RSS), `authors` (1.1) or `author`
/// (1.0) the author, `tags` the categories. The feed's own `authors` are `Feed.author`.
enum JSONFeedReader {
  /// The most bytes read as one JSON document: JSON is parsed whole, not streamed.
  static let maxBytes = 64 << 20

  static func read(_ bytes: [UInt8]) throws(FeedParseError) -> Feed {
    guard bytes.count <= maxBytes else {
      throw .json(reason: "larger than \(maxBytes >> 20) MB")
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
    } catch {
      throw .json(reason: "not valid JSON")
    }
    guard let top = object as? [String: Any] else {
      throw .json(reason: "not an object")
    }
    guard let version = top["version"] as? String, version.contains("jsonfeed.org/version/1")
    else {
      throw .json(reason: "no JSON Feed version")
    }
    var feed = Feed(format: .json)
    feed.title = line(top["title"])
    feed.link = address(top["home_page_url"])
    feed.description = line(top["description"])
    feed.nextLink = address(top["next_url"])
    feed.author = authorName(top)
    let items = top["items"] as? [Any] ?? []
    feed.items.reserveCapacity(items.count)
    for case let entry as [String: Any] in items {
      feed.items.append(item(entry))
    }
    if top["items"] != nil, !(top["items"] is [Any]) {
      feed.warnings.append("\"items\" is not a list; no items read")
    }
    return feed
  }

  private static func item(_ entry: [String: Any]) -> FeedItem {
    var item = FeedItem()
    item.guid = string(entry["id"]) ?? (entry["id"] as? NSNumber).map { "\($0)" }
    item.link = address(entry["url"]) ?? address(entry["external_url"])
    item.title = line(entry["title"])
    item.author = authorName(entry)
    item.published = (string(entry["date_published"]) ?? string(entry["date_modified"]))
      .flatMap(FeedDate.parse)
    for case let tag as String in entry["tags"] as? [Any] ?? [] {
      let tag = tag.trimmingASCIIWhitespace()
      if !tag.isEmpty, !item.categories.contains(tag), item.categories.count < 256 {
        item.categories.append(tag)
      }
    }
    if let html = string(entry["content_html"]) {
      var html = html
      html.withUTF8 { bytes in
        let found = HTMLImage.all(in: bytes)
        item.inlineImages = found.images
        item.pictureLinks = found.pictureLinks
      }
      item.summary = blankless(HTMLText.plainText(html))
    }
    if item.summary == nil, let text = string(entry["content_text"]) {
      item.summary = blankless(text)
    }
    if item.summary == nil, let summary = string(entry["summary"]) {
      item.summary = blankless(summary)
    }
    if let image = address(entry["image"]) {
      item.contents.append(MediaContent(url: image, medium: "image"))
    }
    for case let attachment as [String: Any] in entry["attachments"] as? [Any] ?? [] {
      guard let url = address(attachment["url"]), item.contents.count < 64 else { continue }
      let type = string(attachment["mime_type"])
      guard type?.lowercased().hasPrefix("image/") ?? PictureAddress.looksLikePicture(url) else {
        item.enclosures.append(
          Enclosure(
            url: url, type: type, length: (attachment["size_in_bytes"] as? NSNumber)?.intValue))
        continue
      }
      item.contents.append(
        MediaContent(url: url, medium: "image", type: type, alt: line(attachment["title"])))
    }
    if item.contents.isEmpty, item.inlineImages.isEmpty, let banner = address(entry["banner_image"])
    {
      item.contents.append(MediaContent(url: banner, medium: "image"))
    }
    return item
  }

  /// `authors[0].name` (1.1), else `author.name` (1.0); a name-less author's `url`.
  private static func authorName(_ object: [String: Any]) -> String? {
    let authors = (object["authors"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    let candidates = authors + [(object["author"] as? [String: Any])].compactMap { $0 }
    for author in candidates {
      if let name = line(author["name"]) { return name }
    }
    for author in candidates {
      if let url = address(author["url"]) { return url }
    }
    return nil
  }

  private static func string(_ value: Any?) -> String? {
    value as? String
  }

  /// A one-line text: white space runs made one space, trimmed; nil when blank.
  private static func line(_ value: Any?) -> String? {
    guard let text = value as? String else { return nil }
    let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  private static func address(_ value: Any?) -> String? {
    guard let text = value as? String else { return nil }
    let trimmed = text.trimmingASCIIWhitespace()
    return trimmed.isEmpty ? nil : trimmed
  }

  private static func blankless(_ text: String) -> String? {
    text.allSatisfy(\.isWhitespace) ? nil : text
  }
}
