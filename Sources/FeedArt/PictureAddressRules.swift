import FeedCore

/// What a picture's address says beyond where it is: the size that hosts write into it,
/// which copies of one picture it shares a key with, and whether it is no art at all.
///
/// Hosts name their sizes in the address: WordPress `-300x200.jpg` and `?w=640`, Flickr
/// `_m.jpg` (240 px) to `_k.jpg` (2048 px), Tumblr `_500.jpg` and `/s640x960/`, Wix (the
/// DeviantArt host) `/v1/fill/w_150,h_113`, gravatar `?s=96`, Reddit previews `?width=640`.
public enum PictureAddressRules {
  // MARK: - Size

  /// The width and height an address encodes, each nil when it says nothing of it.
  public static func size(of address: String) -> (width: Int?, height: Int?) {
    var address = address
    if let size = address.withUTF8({ isPlain($0) ? size(ofPlain: $0) : nil }) { return size }
    return sizeByCharacters(of: address)
  }

  /// `size(of:)` a `Character` at a time: for addresses that are not printable ASCII.
  static func sizeByCharacters(of address: String) -> (width: Int?, height: Int?) {
    let (path, query) = split(address)
    var width: Int?
    var height: Int?
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let name = parts[0].lowercased()
      let value = parts[1]
      switch name {
      case "w", "width": width = width ?? number(value)
      case "h", "height": height = height ?? number(value)
      case "s", "size", "sz":
        if let side = number(value) { (width, height) = (width ?? side, height ?? side) }
      case "resize", "fit":
        let sides = value.replacingOccurrences(of: "%2C", with: ",")
          .replacingOccurrences(of: "%2c", with: ",").split(separator: ",")
        if sides.count == 2, let w = number(sides[0]), let h = number(sides[1]) {
          (width, height) = (width ?? w, height ?? h)
        }
      default: break
      }
    }
    if width != nil || height != nil { return (width, height) }
    let lowered = path.lowercased()
    let host = PictureAddress.host(of: lowered) ?? ""
    // Wix: /v1/fill/w_150,h_113,q_70/...
    if let range = lowered.range(of: "/v1/") {
      let operations = lowered[range.upperBound...].split(separator: "/").dropFirst().first ?? ""
      for part in operations.split(separator: ",") {
        if part.hasPrefix("w_") { width = number(part.dropFirst(2)) }
        if part.hasPrefix("h_") { height = number(part.dropFirst(2)) }
      }
      if width != nil || height != nil { return (width, height) }
    }
    let segments = lowered.split(separator: "/")
    // Tumblr: /s640x960/
    for segment in segments.dropLast() where segment.hasPrefix("s") {
      if let (w, h) = dimensions(segment.dropFirst()) { return (w, h) }
    }
    guard let last = segments.last else { return (nil, nil) }
    let stem = last.split(separator: ".").first ?? last
    // WordPress and many others: name-300x200.jpg
    if let dash = stem.lastIndex(of: "-"), let (w, h) = dimensions(stem[stem.index(after: dash)...])
    {
      return (w, h)
    }
    if let underscore = stem.lastIndex(of: "_") {
      let suffix = stem[stem.index(after: underscore)...]
      if host.hasSuffix("staticflickr.com") || host.hasSuffix("flickr.com"),
        suffix.count == 1, let side = flickrSides[String(suffix)]
      {
        return (side, nil)
      }
      if host.contains("tumblr.com"), let side = number(suffix), side >= 16 {
        return (side, nil)
      }
    }
    return (nil, nil)
  }

  /// Flickr's size letters and the longest side in pixels.
  static let flickrSides: [String: Int] = [
    "s": 75, "q": 150, "t": 100, "m": 240, "n": 320, "w": 400, "z": 640, "c": 800, "b": 1024,
    "h": 1600, "k": 2048, "3k": 3072, "4k": 4096,
  ]

  // MARK: - One picture's copies

  /// A key that the copies of one picture share: host and path in lower case, without the
  /// size a host writes into the address, without a query when the path names a picture
  /// file, image proxies and preview hosts read as the host they copy.
  public static func key(of address: String) -> String {
    var address = address
    if let key = address.withUTF8({ isPlain($0) ? key(ofPlain: $0) : nil }) { return key }
    return keyByCharacters(of: address)
  }

  /// `key(of:)` a `Character` at a time: for addresses that are not printable ASCII.
  static func keyByCharacters(of address: String) -> String {
    var (path, query) = split(address)
    path = path.lowercased()
    if let scheme = path.range(of: "://") { path = String(path[scheme.upperBound...]) }
    // WordPress's image proxy: i0.wp.com/example.com/pic.jpg
    for proxy in ["i0.wp.com/", "i1.wp.com/", "i2.wp.com/", "i3.wp.com/"]
    where path.hasPrefix(proxy) {
      path = String(path.dropFirst(proxy.count))
    }
    if path.hasPrefix("preview.redd.it/") { path = "i.redd.it/" + path.dropFirst(16) }
    if path.hasPrefix("external-preview.redd.it/") { path = "i.redd.it/" + path.dropFirst(25) }
    if let wix = path.range(of: "/v1/") { path = String(path[..<wix.lowerBound]) }
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    for index in segments.indices.dropFirst().dropLast() {
      let segment = segments[index]
      if ["original", "small", "large", "medium", "thumb", "thumbnail", "preview"].contains(segment)
        || (segment.hasPrefix("s") && dimensions(segment.dropFirst()) != nil)
      {
        segments[index] = "_"
      }
    }
    if var last = segments.last {
      let dot = last.lastIndex(of: ".")
      let ext = dot.map { String(last[$0...]) } ?? ""
      var stem = dot.map { String(last[..<$0]) } ?? last
      if let dash = stem.lastIndex(of: "-"), dimensions(stem[stem.index(after: dash)...]) != nil {
        stem = String(stem[..<dash])
      } else if let underscore = stem.lastIndex(of: "_") {
        let suffix = stem[stem.index(after: underscore)...]
        let host = segments.first ?? ""
        let isFlickr = host.hasSuffix("flickr.com")
        let isTumblr = host.hasSuffix("tumblr.com")
        if isFlickr && (flickrSides[String(suffix)] != nil || suffix == "o")
          || isTumblr && suffix.count >= 2 && suffix.count <= 4 && suffix.allSatisfy(\.isNumber)
        {
          stem = String(stem[..<underscore])
        }
      }
      last = stem + (ext == ".jpeg" ? ".jpg" : ext)
      segments[segments.count - 1] = last
    }
    let joined = segments.joined(separator: "/")
    let namesFile = PictureAddress.looksLikePicture("http://" + joined)
    return namesFile || query.isEmpty ? joined : joined + "?" + query
  }

  // MARK: - No art

  /// True when the address is of something that is never the art of a post: an avatar
  /// (gravatar, `/avatars/`), an emoji or smiley, a tracking pixel, a favicon or an icon.
  /// Read as bytes: it is asked of every item's first picture while a feed loads.
  /// With `readingSize` false (the feed declared the picture's size), the size the address
  /// encodes is not read.
  public static func isNotArt(_ address: String, readingSize: Bool = true) -> Bool {
    var address = address
    if address.withUTF8({ hasNotArtMarker($0) }) { return true }
    guard readingSize else { return false }
    let (width, height) = size(of: address)
    return isIconSized(width: width, height: height)
  }

  /// Parts of addresses (lower case) of avatars, emoji, smileys, tracking pixels, favicons,
  /// icons and badges.
  static let notArtMarkers: [[UInt8]] = [
    "gravatar.com/", "//pixel.wp.com/", "//stats.wordpress.com/", "feedburner.com/",
    "doubleclick", "/avatar", "/custom_emojis/", "/emoji/", "/emojis/", "twemoji", "/smilies/",
    "/smileys/", "/wp-includes/images/", "/favicon", "/icons/", "/~r/", "/~ff/", "spacer.gif",
    "/pixel.gif", "/1x1.", "/blank.gif", "/badges/", "/ads/",
  ].map { Array($0.utf8) }

  /// Whether a marker occurs in `address`, ignoring ASCII case: one pass, trying the markers
  /// only where the address has the first two bytes of one (`MarkerPairs`), and there only
  /// those that start with that pair.
  static func hasNotArtMarker(_ address: UnsafeBufferPointer<UInt8>) -> Bool {
    guard address.count >= 2, let base = address.baseAddress else { return false }
    return markerTable.pairs.words.withUnsafeBufferPointer { words in
      markerTable.bytes.withUnsafeBufferPointer { table in
        guard let markers = table.baseAddress else { return false }
        var byte = lower(base[0])
        for index in 1..<address.count {
          let next = lower(base[index])
          if MarkerPairs.contains(byte, next, in: words) {
            let pair = Int(byte) &* 128 &+ Int(next)
            for entry in markerTable.entries
            where entry.pair == pair
              && startsLowered(
                address, (index - 1)..<address.count,
                UnsafeBufferPointer(start: markers + entry.start, count: entry.count))
            {
              return true
            }
          }
          byte = next
        }
        return false
      }
    }
  }

  /// The markers one after the other in `bytes`, each found by its first two bytes.
  struct MarkerTable: Sendable {
    struct Entry: Sendable {
      var pair: Int
      var start: Int
      var count: Int
    }
    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []
    /// Their first two bytes, for the pass over an address.
    let pairs: MarkerPairs

    init(_ markers: [[UInt8]]) {
      pairs = MarkerPairs(markers)
      for marker in markers where marker.count >= 2 {
        entries.append(
          Entry(
            pair: Int(marker[0]) * 128 + Int(marker[1]), start: bytes.count, count: marker.count))
        bytes += marker
      }
    }
  }

  private static let markerTable = MarkerTable(notArtMarkers)

  /// The first two bytes of the markers, as a set of 128 x 128 bits: an address byte pair
  /// outside it starts no marker, which is nearly every pair of every address.
  struct MarkerPairs: Sendable {
    private(set) var words = [UInt64](repeating: 0, count: 128 * 128 / 64)

    init(_ markers: [[UInt8]]) {
      for marker in markers where marker.count >= 2 {
        let bit = Int(marker[0]) * 128 + Int(marker[1])
        words[bit >> 6] |= 1 << UInt64(bit & 63)
      }
    }

    @inline(__always)
    static func contains(_ first: UInt8, _ second: UInt8, in words: UnsafeBufferPointer<UInt64>)
      -> Bool
    {
      guard first < 0x80, second < 0x80 else { return false }
      let bit = Int(first) &* 128 &+ Int(second)
      return words[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }
  }

  @inline(__always)
  static func lower(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }

  /// True for the size of a tracking pixel or an icon: at most 32 px both ways (or the one
  /// way known), or a line at most 2 px thin. A 150 x 32 banner is art.
  public static func isIconSized(width: Int?, height: Int?) -> Bool {
    let width = width.flatMap { $0 > 0 ? $0 : nil }
    let height = height.flatMap { $0 > 0 ? $0 : nil }
    switch (width, height) {
    case (let width?, let height?): return (width <= 32 && height <= 32) || min(width, height) <= 2
    case (let side?, nil), (nil, let side?): return side <= 32
    case (nil, nil): return false
    }
  }

  // MARK: - Parts

  /// The address before `?` (and `#`), and its query.
  static func split(_ address: String) -> (path: String, query: String) {
    let withoutFragment = address.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
    guard let question = withoutFragment.firstIndex(of: "?") else { return (withoutFragment, "") }
    return (
      String(withoutFragment[..<question]),
      String(withoutFragment[withoutFragment.index(after: question)...])
    )
  }

  /// `640x480` as two numbers.
  static func dimensions(_ text: Substring) -> (Int, Int)? {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let width = number(parts[0]), let height = number(parts[1]) else {
      return nil
    }
    return (width, height)
  }

  static func number(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    return Int(text)
  }
}
