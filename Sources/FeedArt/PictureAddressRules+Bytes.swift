import FeedCore

/// `PictureAddressRules.size(of:)` and `key(of:)` on an address's bytes, for the addresses
/// almost every feed has: printable ASCII. There each `Character` is one byte, so the same
/// steps on bytes (`split`, `lastIndex(of:)`, `starts(with:)` are the same generic algorithms)
/// give the same answers, without the grapheme breaking that cost `parse --json` most of its
/// time (docs/adr/0177). Other addresses take the `Character` path; `PictureAddressRulesTests`
/// holds the two paths equal.
extension PictureAddressRules {
  typealias Bytes = ArraySlice<UInt8>

  /// The bytes of `address` when it is printable ASCII (no control character, so no CR LF
  /// pair either) and does not start with `#` (whose split is its own case); else nil.
  static func plainBytes(_ address: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(address.utf8.count)
    for byte in address.utf8 {
      guard byte >= 0x20, byte < 0x7F else { return nil }
      bytes.append(byte)
    }
    return bytes.first == UInt8(ascii: "#") ? nil : bytes
  }

  static func lowered(_ bytes: Bytes) -> [UInt8] {
    bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
  }

  /// `split(_:)` on bytes: before `?` (and `#`), and the query.
  static func split(bytes address: Bytes) -> (path: Bytes, query: Bytes) {
    let withoutFragment =
      address.split(separator: UInt8(ascii: "#"), maxSplits: 1).first
      ?? address[address.startIndex..<address.startIndex]
    guard let question = withoutFragment.firstIndex(of: UInt8(ascii: "?")) else {
      return (withoutFragment, withoutFragment[withoutFragment.endIndex...])
    }
    return (withoutFragment[..<question], withoutFragment[(question + 1)...])
  }

  static func number(bytes text: Bytes) -> Int? {
    guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return nil
    }
    return text.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  static func dimensions(bytes text: Bytes) -> (Int, Int)? {
    let parts = text.split(separator: UInt8(ascii: "x"))
    guard parts.count == 2, let width = number(bytes: parts[0]),
      let height = number(bytes: parts[1])
    else { return nil }
    return (width, height)
  }

  static func range(of needle: StaticString, in haystack: Bytes) -> Range<Int>? {
    let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
    guard !pattern.isEmpty, haystack.count >= pattern.count else { return nil }
    var start = haystack.startIndex
    while start + pattern.count <= haystack.endIndex {
      if haystack[start..<start + pattern.count].elementsEqual(pattern) {
        return start..<start + pattern.count
      }
      start += 1
    }
    return nil
  }

  static func starts(_ text: Bytes, with prefix: StaticString) -> Bool {
    text.starts(
      with: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
  }

  static func ends(_ text: Bytes, with suffix: StaticString) -> Bool {
    let pattern = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
    return text.count >= pattern.count && text.suffix(pattern.count).elementsEqual(pattern)
  }

  static func string(_ bytes: Bytes) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  // MARK: - Size

  static func size(ofPlain address: [UInt8]) -> (width: Int?, height: Int?) {
    let (path, query) = split(bytes: address[...])
    var width: Int?
    var height: Int?
    for pair in query.split(separator: UInt8(ascii: "&")) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1)
      guard parts.count == 2 else { continue }
      let name = string(lowered(parts[0])[...])
      let value = parts[1]
      switch name {
      case "w", "width": width = width ?? number(bytes: value)
      case "h", "height": height = height ?? number(bytes: value)
      case "s", "size", "sz":
        if let side = number(bytes: value) { (width, height) = (width ?? side, height ?? side) }
      case "resize", "fit":
        let sides = commas(value).split(separator: UInt8(ascii: ","))
        if sides.count == 2, let w = number(bytes: sides[0]), let h = number(bytes: sides[1]) {
          (width, height) = (width ?? w, height ?? h)
        }
      default: break
      }
    }
    if width != nil || height != nil { return (width, height) }
    let lowered = lowered(path)[...]
    let host = PictureAddress.host(of: string(lowered)) ?? ""
    // Wix: /v1/fill/w_150,h_113,q_70/...
    if let range = range(of: "/v1/", in: lowered) {
      let operations =
        lowered[range.upperBound...].split(separator: UInt8(ascii: "/")).dropFirst().first
        ?? lowered[lowered.endIndex...]
      for part in operations.split(separator: UInt8(ascii: ",")) {
        if starts(part, with: "w_") { width = number(bytes: part.dropFirst(2)) }
        if starts(part, with: "h_") { height = number(bytes: part.dropFirst(2)) }
      }
      if width != nil || height != nil { return (width, height) }
    }
    let segments = lowered.split(separator: UInt8(ascii: "/"))
    // Tumblr: /s640x960/
    for segment in segments.dropLast() where segment.first == UInt8(ascii: "s") {
      if let (w, h) = dimensions(bytes: segment.dropFirst()) { return (w, h) }
    }
    guard let last = segments.last else { return (nil, nil) }
    let stem = last.split(separator: UInt8(ascii: ".")).first ?? last
    // WordPress and many others: name-300x200.jpg
    if let dash = stem.lastIndex(of: UInt8(ascii: "-")),
      let (w, h) = dimensions(bytes: stem[(dash + 1)...])
    {
      return (w, h)
    }
    if let underscore = stem.lastIndex(of: UInt8(ascii: "_")) {
      let suffix = stem[(underscore + 1)...]
      let hostBytes = Array(host.utf8)[...]
      if ends(hostBytes, with: "staticflickr.com") || ends(hostBytes, with: "flickr.com"),
        suffix.count == 1, let side = flickrSides[string(suffix)]
      {
        return (side, nil)
      }
      if range(of: "tumblr.com", in: hostBytes) != nil, let side = number(bytes: suffix),
        side >= 16
      {
        return (side, nil)
      }
    }
    return (nil, nil)
  }

  /// `%2C` and `%2c` read as `,`.
  private static func commas(_ value: Bytes) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(value.count)
    var index = value.startIndex
    while index < value.endIndex {
      if value[index] == UInt8(ascii: "%"), index + 2 < value.endIndex,
        value[index + 1] == UInt8(ascii: "2"),
        value[index + 2] == UInt8(ascii: "C") || value[index + 2] == UInt8(ascii: "c")
      {
        result.append(UInt8(ascii: ","))
        index += 3
      } else {
        result.append(value[index])
        index += 1
      }
    }
    return result
  }

  // MARK: - Key

  static func key(ofPlain address: [UInt8]) -> String {
    let (rawPath, query) = split(bytes: address[...])
    var path = lowered(rawPath)[...]
    if let scheme = range(of: "://", in: path) { path = path[scheme.upperBound...] }
    // WordPress's image proxy: i0.wp.com/example.com/pic.jpg
    for proxy: StaticString in ["i0.wp.com/", "i1.wp.com/", "i2.wp.com/", "i3.wp.com/"]
    where starts(path, with: proxy) {
      path = path.dropFirst(proxy.utf8CodeUnitCount)
    }
    if starts(path, with: "preview.redd.it/") {
      path = (Array("i.redd.it/".utf8) + path.dropFirst(16))[...]
    }
    if starts(path, with: "external-preview.redd.it/") {
      path = (Array("i.redd.it/".utf8) + path.dropFirst(25))[...]
    }
    if let wix = range(of: "/v1/", in: path) { path = path[..<wix.lowerBound] }
    var segments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    for index in segments.indices.dropFirst().dropLast() {
      let segment = segments[index]
      if sizeWords.contains(where: { $0.elementsEqual(segment) })
        || (segment.first == UInt8(ascii: "s") && dimensions(bytes: segment.dropFirst()) != nil)
      {
        segments[index] = underscore
      }
    }
    if let last = segments.last {
      let dot = last.lastIndex(of: UInt8(ascii: "."))
      let ext = dot.map { last[$0...] } ?? last[last.endIndex...]
      var stem = dot.map { last[..<$0] } ?? last
      if let dash = stem.lastIndex(of: UInt8(ascii: "-")),
        dimensions(bytes: stem[(dash + 1)...]) != nil
      {
        stem = stem[..<dash]
      } else if let underscore = stem.lastIndex(of: UInt8(ascii: "_")) {
        let suffix = stem[(underscore + 1)...]
        let host = segments.first ?? last[last.endIndex...]
        let isFlickr = ends(host, with: "flickr.com")
        let isTumblr = ends(host, with: "tumblr.com")
        if isFlickr
          && (flickrSides[string(suffix)] != nil || suffix.elementsEqual([UInt8(ascii: "o")]))
          || isTumblr && suffix.count >= 2 && suffix.count <= 4
            && suffix.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        {
          stem = stem[..<underscore]
        }
      }
      let jpeg = ext.elementsEqual(".jpeg".utf8)
      segments[segments.count - 1] = (Array(stem) + (jpeg ? Array(".jpg".utf8) : Array(ext)))[...]
    }
    var joined: [UInt8] = []
    for (index, segment) in segments.enumerated() {
      if index > 0 { joined.append(UInt8(ascii: "/")) }
      joined.append(contentsOf: segment)
    }
    let namesFile = PictureAddress.looksLikePicture("http://" + string(joined[...]))
    if namesFile || query.isEmpty { return string(joined[...]) }
    return string(joined[...]) + "?" + string(query)
  }

  private static let sizeWords: [[UInt8]] = [
    "original", "small", "large", "medium", "thumb", "thumbnail", "preview",
  ].map { Array($0.utf8) }

  private static let underscore: Bytes = [UInt8(ascii: "_")][...]
}
