/// Finds the pictures of an HTML fragment: every `<img>` with what it says of itself (sizes,
/// `srcset`, alt, the `<a href>` around it, the marks of a decoration), and the links to a
/// picture that wrap no image (Reddit's `[link]`).
///
/// A small scan over the bytes, separate from the HTML-to-text converter (which drops
/// `<img>`): tags named `img` and `a` (any case), attributes quoted with `"` or `'` or
/// unquoted, character references decoded once. An `<img>` without a usable address is
/// skipped.
enum HTMLImage {
  /// What a fragment shows as pictures.
  struct Found {
    var images: [InlineImage] = []
    var pictureLinks: [String] = []
  }

  /// The address of the first image in `html`, or nil.
  static func firstSource(in html: UnsafeBufferPointer<UInt8>) -> String? {
    var found: String?
    scan(html) { tag, attributes in
      guard tag == .image, let source = imageSource(attributes) else { return true }
      found = source
      return false
    }
    return found
  }

  /// Every picture of `html`, in document order.
  static func all(in html: UnsafeBufferPointer<UInt8>) -> Found {
    var found = Found()
    var anchor: (href: String, wrapsImage: Bool)?
    scan(html) { tag, attributes in
      switch tag {
      case .anchor:
        anchor = attributes.value("href").map { ($0, false) }
      case .anchorEnd:
        if let open = anchor, !open.wrapsImage, PictureAddress.looksLikePicture(open.href),
          !found.pictureLinks.contains(open.href)
        {
          found.pictureLinks.append(open.href)
        }
        anchor = nil
      case .image:
        if var image = image(attributes) {
          image.link = anchor?.href
          anchor?.wrapsImage = true
          found.images.append(image)
        }
      }
      return true
    }
    return found
  }

  // MARK: - One image

  static func image(_ attributes: Attributes) -> InlineImage? {
    guard let url = imageSource(attributes) else { return nil }
    let style = attributes.value("style").map(StyleSize.init) ?? StyleSize()
    let width = attributes.value("width").flatMap(pixels) ?? style.width
    let height = attributes.value("height").flatMap(pixels) ?? style.height
    let sources = attributes.value("srcset").map { SourceSet.parse($0, width: width) } ?? []
    let marks = (attributes.value("class") ?? "") + " " + (attributes.value("role") ?? "")
    let isDecoration =
      style.isTiny || (width.map { $0 <= 32 } ?? false) || (height.map { $0 <= 32 } ?? false)
      || decorationWords.contains { marks.lowercased().contains($0) }
    // Alt text that only says "an image" is none.
    let alt = attributes.value("alt").map { $0.trimmingASCIIWhitespace() }.flatMap {
      genericAlts.contains($0.lowercased()) ? nil : $0
    }
    return InlineImage(
      url: url, width: width, height: height, sources: sources,
      alt: alt?.isEmpty == false ? alt : nil, isDecoration: isDecoration)
  }

  /// Alt texts that name no picture in particular.
  static let genericAlts: Set<String> = [
    "thumbnail", "image", "img", "photo", "picture", "preview", "featured image", "pic",
  ]

  /// Words in an image's class or role that mark it as no art.
  static let decorationWords = [
    "emoji", "smiley", "emoticon", "avatar", "gravatar", "icon", "presentation", "spacer",
  ]

  /// `src`, or a lazy loader's `data-src`/`data-original` when `src` is absent, blank or an
  /// inline `data:` placeholder.
  static func imageSource(_ attributes: Attributes) -> String? {
    if let source = attributes.value("src"), !source.isEmpty, !source.hasPrefix("data:") {
      return source
    }
    for name in ["data-src", "data-original", "data-lazy-src"] {
      if let source = attributes.value(name), !source.isEmpty { return source }
    }
    return nil
  }

  /// A whole number of pixels: `640`, `640px`; nil for percentages and other text.
  static func pixels(_ text: String) -> Int? {
    var digits = Substring(text)
    if digits.hasSuffix("px") { digits = digits.dropLast(2) }
    guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return Int(digits)
  }

  /// The sizes an inline `style` gives: px widths and heights, and whether it draws the image
  /// at most 32 px or 2 em/rem (an icon set in the text).
  struct StyleSize {
    var width: Int?
    var height: Int?
    var isTiny = false

    init() {}

    init(_ style: String) {
      for declaration in style.lowercased().split(separator: ";") {
        let parts = declaration.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let name = parts[0].trimmingASCIIWhitespace()
        guard name == "width" || name == "height" || name == "max-width" || name == "max-height"
        else { continue }
        let value = parts[1].trimmingASCIIWhitespace()
        if let number = Self.number(value, unit: "px") {
          if number <= 32 { isTiny = true }
          if name == "width" { width = Int(number) }
          if name == "height" { height = Int(number) }
        } else if let number = Self.number(value, unit: "rem") ?? Self.number(value, unit: "em"),
          number <= 2
        {
          isTiny = true
        }
      }
    }

    private static func number(_ value: String, unit: String) -> Double? {
      guard value.hasSuffix(unit) else { return nil }
      return Double(value.dropLast(unit.count).trimmingASCIIWhitespace())
    }
  }

  /// `srcset`: candidates separated by commas, each an address (which may itself hold
  /// commas) and an optional descriptor.
  enum SourceSet {
    static func parse(_ text: String, width: Int?) -> [InlineImage.Source] {
      var sources: [InlineImage.Source] = []
      var rest = Substring(text)
      while true {
        rest = rest.drop { $0 == "," || $0.isWhitespace }
        guard !rest.isEmpty else { break }
        var url = rest.prefix { !$0.isWhitespace }
        rest = rest.dropFirst(url.count)
        var descriptor = Substring("")
        if url.hasSuffix(",") {
          while url.hasSuffix(",") { url = url.dropLast() }
        } else {
          descriptor = rest.prefix { $0 != "," }
          rest = rest.dropFirst(descriptor.count)
        }
        guard !url.isEmpty, sources.count < 32 else { continue }
        let words = descriptor.split(whereSeparator: \.isWhitespace)
        var candidateWidth: Int?
        for word in words {
          if word.hasSuffix("w") {
            candidateWidth = Int(word.dropLast())
          } else if word.hasSuffix("x"), let density = Double(word.dropLast()), let width {
            candidateWidth = Int(Double(width) * density)
          }
        }
        sources.append(InlineImage.Source(url: String(url), width: candidateWidth))
      }
      return sources
    }
  }

  // MARK: - Tags

  enum Tag { case image, anchor, anchorEnd }

  /// The attributes of one tag, names in lower case, values decoded.
  struct Attributes {
    var pairs: [(name: String, value: String)] = []

    func value(_ name: String) -> String? {
      pairs.first { $0.name == name }?.value
    }
  }

  /// Calls `visit` for each `<img>`, `<a>` and `</a>` in order until it returns false.
  static func scan(
    _ html: UnsafeBufferPointer<UInt8>, _ visit: (Tag, Attributes) -> Bool
  ) {
    var index = 0
    while let open = find(UInt8(ascii: "<"), in: html, from: index) {
      index = open + 1
      let tag: Tag
      let nameLength: Int
      if isName(html, at: index, "img") {
        (tag, nameLength) = (.image, 3)
      } else if isName(html, at: index, "a") {
        (tag, nameLength) = (.anchor, 1)
      } else if isName(html, at: index, "/a") {
        (tag, nameLength) = (.anchorEnd, 2)
      } else {
        continue
      }
      let end = tagEnd(html, from: index + nameLength)
      let attributes =
        tag == .anchorEnd ? Attributes() : parse(html, in: (index + nameLength)..<end)
      guard visit(tag, attributes) else { return }
      index = end
    }
  }

  /// True when the bytes at `start` are `name` (any case) followed by a space, `/`, `>` or
  /// the end.
  private static func isName(
    _ html: UnsafeBufferPointer<UInt8>, at start: Int, _ name: StaticString
  ) -> Bool {
    let count = name.utf8CodeUnitCount
    guard start + count <= html.count else { return false }
    for offset in 0..<count where html[start + offset] | 0x20 != name.utf8Start[offset] | 0x20 {
      return false
    }
    guard start + count < html.count else { return true }
    let next = html[start + count]
    return HTMLMarkup.isWhitespace(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: ">")
  }

  /// The index of the `>` that ends a tag (outside quotes), or the end of `html`.
  private static func tagEnd(_ html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    var quote: UInt8?
    while index < html.count {
      let byte = html[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return index
      }
      index += 1
    }
    return html.count
  }

  /// The attributes among a tag's bytes.
  private static func parse(_ html: UnsafeBufferPointer<UInt8>, in range: Range<Int>)
    -> Attributes
  {
    var attributes = Attributes()
    var index = range.lowerBound
    let end = range.upperBound
    while index < end, attributes.pairs.count < 32 {
      while index < end, HTMLMarkup.isWhitespace(html[index]) || html[index] == UInt8(ascii: "/") {
        index += 1
      }
      let nameStart = index
      while index < end, !HTMLMarkup.isWhitespace(html[index]), html[index] != UInt8(ascii: "="),
        html[index] != UInt8(ascii: "/")
      {
        index += 1
      }
      guard index > nameStart else { break }
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: html[nameStart..<index]).map {
          (0x41...0x5A).contains($0) ? $0 | 0x20 : $0
        }, as: UTF8.self)
      while index < end, HTMLMarkup.isWhitespace(html[index]) { index += 1 }
      guard index < end, html[index] == UInt8(ascii: "=") else {
        attributes.pairs.append((name, ""))
        continue
      }
      index += 1
      while index < end, HTMLMarkup.isWhitespace(html[index]) { index += 1 }
      let (value, next) = Self.value(html, from: index, before: end)
      index = next
      attributes.pairs.append((name, value))
    }
    return attributes
  }

  /// An attribute value starting at `start` (quoted, or up to white space), decoded and
  /// trimmed, and where the scan goes on.
  private static func value(_ html: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int)
    -> (String, Int)
  {
    guard start < end else { return ("", end) }
    let quote = html[start]
    let isQuoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
    var stop = isQuoted ? start + 1 : start
    while stop < end,
      isQuoted ? html[stop] != quote : !HTMLMarkup.isWhitespace(html[stop])
    {
      stop += 1
    }
    let raw = UnsafeBufferPointer(rebasing: html[(isQuoted ? start + 1 : start)..<stop])
    var decoded: [UInt8] = []
    HTMLText.appendDecodingEntities(raw, legacy: false, to: &decoded)
    let text = String(decoding: decoded, as: UTF8.self).trimmingASCIIWhitespace()
    return (text, isQuoted ? min(stop + 1, end) : stop)
  }

  private static func find(_ byte: UInt8, in html: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    var index = start
    while index < html.count {
      if html[index] == byte { return index }
      index += 1
    }
    return nil
  }
}

/// What an address alone says about a picture.
public enum PictureAddress {
  /// File extensions of still and moving pictures.
  static let extensions = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".apng", ".jfif"]

  /// Hosts that serve only pictures, whatever the address's path.
  static let pictureHosts = ["i.redd.it", "i.imgur.com", "pbs.twimg.com", "i.ibb.co"]

  /// True when the address names a picture: its path ends in a picture extension, or its
  /// host serves only pictures.
  public static func looksLikePicture(_ address: String) -> Bool {
    let lowered = address.lowercased()
    guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || !lowered.contains(":")
    else { return false }
    let path =
      lowered.split(separator: "?", maxSplits: 1).first.map {
        $0.split(separator: "#", maxSplits: 1).first ?? $0
      } ?? ""
    if extensions.contains(where: { path.hasSuffix($0) }) { return true }
    guard let host = host(of: lowered) else { return false }
    return pictureHosts.contains(host)
  }

  /// The host of an absolute address, lower case; nil for a relative one.
  public static func host(of address: String) -> String? {
    guard let scheme = address.range(of: "://") else { return nil }
    let rest = address[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostPort = authority.split(separator: "@").last ?? authority
    let host = hostPort.split(separator: ":").first ?? hostPort
    return host.isEmpty ? nil : host.lowercased()
  }
}
