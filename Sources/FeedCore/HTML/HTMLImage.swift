import Foundation

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
    scan(html) { tag, range in
      guard tag == .image, let source = imageSource(parse(html, in: range)) else { return true }
      found = source
      return false
    }
    return found
  }

  /// Every picture of `html`, in document order.
  static func all(in html: UnsafeBufferPointer<UInt8>) -> Found {
    var found = Found()
    // The open link's raw `href` bytes: decoded only when it wraps an image or names a
    // picture (most links of a summary do neither).
    var anchor: (href: Range<Int>, wrapsImage: Bool)?
    scan(html) { tag, range in
      switch tag {
      case .anchor:
        anchor = rawValue(of: "href", in: html, range).map { ($0, false) }
      case .anchorEnd:
        if let open = anchor, !open.wrapsImage,
          looksLikePicture(UnsafeBufferPointer(rebasing: html[open.href]))
        {
          let link = decoded(UnsafeBufferPointer(rebasing: html[open.href]))
          if !link.isEmpty, !found.pictureLinks.contains(link), found.pictureLinks.count < 64 {
            found.pictureLinks.append(link)
          }
        }
        anchor = nil
      case .image:
        guard found.images.count < 64 else { return true }
        if var image = image(parse(html, in: range)) {
          if let href = anchor?.href {
            image.link = decoded(UnsafeBufferPointer(rebasing: html[href]))
          }
          anchor?.wrapsImage = true
          found.images.append(image)
        }
      }
      return true
    }
    return found
  }

  /// Whether raw (undecoded) address bytes name a picture (`PictureAddress`).
  private static func looksLikePicture(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
    PictureAddress.looksLikePicture(bytes: raw)
  }

  // MARK: - One image

  static func image(_ attributes: Attributes) -> InlineImage? {
    guard let url = imageSource(attributes) else { return nil }
    let style = attributes.style.map(StyleSize.init) ?? StyleSize()
    let width = attributes.width.flatMap(pixels) ?? style.width
    let height = attributes.height.flatMap(pixels) ?? style.height
    let sources = attributes.srcset.map { SourceSet.parse($0, width: width) } ?? []
    var isDecoration = style.isTiny || isIconSized(width, height)
    if !isDecoration, attributes.classes != nil || attributes.role != nil {
      let marks = ((attributes.classes ?? "") + " " + (attributes.role ?? "")).lowercased()
      isDecoration = decorationWords.contains { marks.contains($0) }
    }
    return InlineImage(
      url: url, width: width, height: height, sources: sources, alt: attributes.alt.flatMap(alt),
      isDecoration: isDecoration)
  }

  /// At most 32 px both ways (or the one way given), or a line at most 2 px thin: a
  /// tracking pixel or an icon. A 150 x 32 banner is art.
  static func isIconSized(_ width: Int?, _ height: Int?) -> Bool {
    switch (width, height) {
    case (let width?, let height?): return (width <= 32 && height <= 32) || min(width, height) <= 2
    case (let side?, nil), (nil, let side?): return side <= 32
    case (nil, nil): return false
    }
  }

  /// An alt text worth keeping: not blank, and not a word that names no picture in
  /// particular ("thumbnail", "image").
  static func alt(_ text: String) -> String? {
    guard !text.isEmpty else { return nil }
    if text.utf8.count <= 16, genericAlts.contains(text.lowercased()) { return nil }
    return text
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
    if let source = attributes.src, !source.isEmpty, !source.hasPrefix("data:") {
      return source
    }
    if let source = attributes.lazySource, !source.isEmpty { return source }
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

  /// The attributes of one tag that a picture needs, values decoded; the others are skipped
  /// without making strings of them.
  struct Attributes {
    var src: String?
    /// `data-src`, `data-original` or `data-lazy-src`: a lazy loader's real address.
    var lazySource: String?
    var width: String?
    var height: String?
    var srcset: String?
    var alt: String?
    var classes: String?
    var style: String?
    var role: String?
    var href: String?

    /// The field an attribute name fills, by its bytes (any case).
    static func field(_ name: UnsafeBufferPointer<UInt8>) -> WritableKeyPath<Attributes, String?>? {
      switch name.count {
      case 3:
        if matches(name, "src") { return \.src }
        if matches(name, "alt") { return \.alt }
      case 4:
        if matches(name, "href") { return \.href }
        if matches(name, "role") { return \.role }
      case 5:
        if matches(name, "width") { return \.width }
        if matches(name, "class") { return \.classes }
        if matches(name, "style") { return \.style }
      case 6:
        if matches(name, "height") { return \.height }
        if matches(name, "srcset") { return \.srcset }
      case 8:
        if matches(name, "data-src") { return \.lazySource }
      case 13:
        if matches(name, "data-original") { return \.lazySource }
        if matches(name, "data-lazy-src") { return \.lazySource }
      default:
        break
      }
      return nil
    }

    static func matches(_ name: UnsafeBufferPointer<UInt8>, _ expected: StaticString) -> Bool {
      guard name.count == expected.utf8CodeUnitCount else { return false }
      for offset in 0..<name.count where name[offset] | 0x20 != expected.utf8Start[offset] | 0x20 {
        return false
      }
      return true
    }
  }

  /// Calls `visit` for each `<img>`, `<a>` and `</a>` in order, with the range of its
  /// attributes' bytes, until it returns false.
  static func scan(
    _ html: UnsafeBufferPointer<UInt8>, _ visit: (Tag, Range<Int>) -> Bool
  ) {
    var index = 0
    while let open = TextScan.index(of: UInt8(ascii: "<"), in: html, from: index) {
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
      guard visit(tag, (index + nameLength)..<end) else { return }
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

  /// The raw bytes of attribute `name`'s value among a tag's, without decoding them.
  private static func rawValue(
    of name: StaticString, in html: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> Range<Int>? {
    var index = range.lowerBound
    let end = range.upperBound
    var count = 0
    while index < end, count < 64 {
      count += 1
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
      let isWanted = Attributes.matches(
        UnsafeBufferPointer(rebasing: html[nameStart..<index]), name)
      while index < end, HTMLMarkup.isWhitespace(html[index]) { index += 1 }
      guard index < end, html[index] == UInt8(ascii: "=") else { continue }
      index += 1
      while index < end, HTMLMarkup.isWhitespace(html[index]) { index += 1 }
      guard index < end else { break }
      let quote = html[index]
      let isQuoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
      let start = isQuoted ? index + 1 : index
      var stop = start
      while stop < end, isQuoted ? html[stop] != quote : !HTMLMarkup.isWhitespace(html[stop]) {
        stop += 1
      }
      if isWanted { return start..<stop }
      index = isQuoted ? min(stop + 1, end) : stop
    }
    return nil
  }

  /// Attribute value bytes decoded (character references) and trimmed.
  private static func decoded(_ raw: UnsafeBufferPointer<UInt8>) -> String {
    if let first = raw.first, let last = raw.last, !HTMLMarkup.isWhitespace(first),
      !HTMLMarkup.isWhitespace(last), !raw.contains(UInt8(ascii: "&"))
    {
      return String(decoding: raw, as: UTF8.self)
    }
    var bytes: [UInt8] = []
    HTMLText.appendDecodingEntities(raw, legacy: false, to: &bytes)
    return String(decoding: bytes, as: UTF8.self).trimmingASCIIWhitespace()
  }

  /// The attributes among a tag's bytes.
  private static func parse(_ html: UnsafeBufferPointer<UInt8>, in range: Range<Int>)
    -> Attributes
  {
    var attributes = Attributes()
    var index = range.lowerBound
    let end = range.upperBound
    var count = 0
    while index < end, count < 64 {
      count += 1
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
      let field = Attributes.field(UnsafeBufferPointer(rebasing: html[nameStart..<index]))
      while index < end, HTMLMarkup.isWhitespace(html[index]) { index += 1 }
      guard index < end, html[index] == UInt8(ascii: "=") else { continue }
      index += 1
      while index < end, HTMLMarkup.isWhitespace(html[index]) { index += 1 }
      let (value, next) = Self.value(html, from: index, before: end, decode: field != nil)
      index = next
      if let field, attributes[keyPath: field] == nil { attributes[keyPath: field] = value }
    }
    return attributes
  }

  /// An attribute value starting at `start` (quoted, or up to white space), decoded and
  /// trimmed, and where the scan goes on.
  private static func value(
    _ html: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int, decode: Bool
  ) -> (String, Int) {
    guard start < end else { return ("", end) }
    let quote = html[start]
    let isQuoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
    var stop = isQuoted ? start + 1 : start
    while stop < end,
      isQuoted ? html[stop] != quote : !HTMLMarkup.isWhitespace(html[stop])
    {
      stop += 1
    }
    guard decode else { return ("", isQuoted ? min(stop + 1, end) : stop) }
    let raw = UnsafeBufferPointer(rebasing: html[(isQuoted ? start + 1 : start)..<stop])
    return (decoded(raw), isQuoted ? min(stop + 1, end) : stop)
  }

}

/// What an address alone says about a picture.
public enum PictureAddress {
  /// File extensions of still and moving pictures.
  static let extensions: [StaticString] = [
    ".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".apng", ".jfif",
  ]

  /// Hosts that serve only pictures, whatever the address's path.
  static let pictureHosts: [StaticString] = [
    "i.redd.it", "i.imgur.com", "pbs.twimg.com", "i.ibb.co",
  ]

  /// True when the address names a picture: its path ends in a picture extension, or its
  /// host serves only pictures. Read as bytes: every link of every summary is asked.
  public static func looksLikePicture(_ address: String) -> Bool {
    var address = address
    return address.withUTF8 { looksLikePicture(bytes: $0) }
  }

  /// `looksLikePicture` of an address's UTF-8 bytes.
  public static func looksLikePicture(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    do {
      var schemeEnd: Int?
      for index in bytes.indices {
        let byte = bytes[index]
        if byte == UInt8(ascii: ":") {
          schemeEnd = index
          break
        }
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
          break
        }
      }
      var hostRange: Range<Int>?
      if let schemeEnd {
        guard
          equalsIgnoringCase(bytes, 0..<schemeEnd, "http")
            || equalsIgnoringCase(bytes, 0..<schemeEnd, "https"),
          schemeEnd + 3 <= bytes.count, bytes[schemeEnd + 1] == UInt8(ascii: "/"),
          bytes[schemeEnd + 2] == UInt8(ascii: "/")
        else { return false }
        let start = schemeEnd + 3
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
          bytes[end] != UInt8(ascii: "#")
        {
          end += 1
        }
        hostRange = start..<end
      }
      var pathEnd = hostRange?.upperBound ?? 0
      while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"),
        bytes[pathEnd] != UInt8(ascii: "#")
      {
        pathEnd += 1
      }
      // Every extension ends in f, g or p: most page addresses are out at one byte.
      let last = pathEnd > 0 ? bytes[pathEnd - 1] | 0x20 : 0
      let mayHaveExtension =
        last == UInt8(ascii: "f") || last == UInt8(ascii: "g") || last == UInt8(ascii: "p")
      for ext in extensions where mayHaveExtension && ext.utf8CodeUnitCount <= pathEnd {
        if equalsIgnoringCase(bytes, (pathEnd - ext.utf8CodeUnitCount)..<pathEnd, ext) {
          return true
        }
      }
      guard let hostRange else { return false }
      return pictureHosts.contains { equalsIgnoringCase(bytes, hostRange, $0) }
    }
  }

  /// Whether `bytes[range]` is `expected` (lower-case ASCII), ignoring ASCII case.
  private static func equalsIgnoringCase(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ expected: StaticString
  ) -> Bool {
    guard range.count == expected.utf8CodeUnitCount else { return false }
    var offset = 0
    for index in range {
      let byte = bytes[index]
      let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
      guard lowered == expected.utf8Start[offset] else { return false }
      offset += 1
    }
    return true
  }

  /// The host of an absolute address, lower case; nil for a relative one.
  public static func host(of address: String) -> String? {
    if address.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return hostOfPlain(Array(address.utf8)[...])
    }
    return hostByCharacters(of: address)
  }

  /// `host(of:)` on printable ASCII, where each `Character` is one byte: the same steps on
  /// bytes, without grapheme breaking (asked several times per picture: docs/adr/0177).
  static func hostOfPlain(_ address: ArraySlice<UInt8>) -> String? {
    var schemeEnd: Int?
    var index = address.startIndex
    while index + 3 <= address.endIndex {
      if address[index] == UInt8(ascii: ":"), address[index + 1] == UInt8(ascii: "/"),
        address[index + 2] == UInt8(ascii: "/")
      {
        schemeEnd = index + 3
        break
      }
      index += 1
    }
    guard let schemeEnd else { return nil }
    let rest = address[schemeEnd...]
    let authority = rest.prefix {
      $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
    }
    let hostPort = authority.split(separator: UInt8(ascii: "@")).last ?? authority
    let host = hostPort.split(separator: UInt8(ascii: ":")).first ?? hostPort
    guard !host.isEmpty else { return nil }
    return String(decoding: host.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// `host(of:)` a `Character` at a time: for addresses that are not printable ASCII.
  static func hostByCharacters(of address: String) -> String? {
    guard let scheme = address.range(of: "://") else { return nil }
    let rest = address[scheme.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let hostPort = authority.split(separator: "@").last ?? authority
    let host = hostPort.split(separator: ":").first ?? hostPort
    return host.isEmpty ? nil : host.lowercased()
  }
}
