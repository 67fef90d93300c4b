import FeedCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// Whether `bytes` are those of a plain address (`plainBytes` would keep them).
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.first != UInt8(ascii: "#") && TextScan.isPrintableASCII(bytes)
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
    address.withUnsafeBufferPointer { size(ofPlain: $0) }
  }

  /// `size(of:)` on the bytes of a plain address, read in place: positions into them, no
  /// copies, no lists of parts (the generic `split`s cost `parse --json` a fifth of its
  /// instructions: docs/adr/0206). Each step says which step of `sizeByCharacters` it is.
  static func size(ofPlain a: UnsafeBufferPointer<UInt8>) -> (width: Int?, height: Int?) {
    // `split`: before `#` (a plain address does not start with it), then `?`.
    let withoutFragment = index(of: UInt8(ascii: "#"), in: a, 0..<a.count) ?? a.count
    let question = index(of: UInt8(ascii: "?"), in: a, 0..<withoutFragment)
    let path = 0..<(question ?? withoutFragment)
    let query = (question.map { $0 + 1 } ?? withoutFragment)..<withoutFragment
    var width: Int?
    var height: Int?
    forEachRun(in: a, query, separatedBy: UInt8(ascii: "&")) { pair in
      // `pair.split(separator: "=", maxSplits: 1)` with two parts: the first run before a
      // `=` (leading `=`s make no part), and everything after that `=`, not empty.
      guard let nameStart = pair.first(where: { a[$0] != UInt8(ascii: "=") }),
        let equals = index(of: UInt8(ascii: "="), in: a, (nameStart + 1)..<pair.upperBound),
        equals + 1 < pair.upperBound
      else { return true }
      let name = nameStart..<equals
      let value = (equals + 1)..<pair.upperBound
      if isLowered(a, name, "w") || isLowered(a, name, "width") {
        width = width ?? number(in: a, value)
      } else if isLowered(a, name, "h") || isLowered(a, name, "height") {
        height = height ?? number(in: a, value)
      } else if isLowered(a, name, "s") || isLowered(a, name, "size") || isLowered(a, name, "sz") {
        if let side = number(in: a, value) { (width, height) = (width ?? side, height ?? side) }
      } else if isLowered(a, name, "resize") || isLowered(a, name, "fit") {
        let sides = commas(Array(a[value])[...]).split(separator: UInt8(ascii: ","))
        if sides.count == 2, let w = number(bytes: sides[0]), let h = number(bytes: sides[1]) {
          (width, height) = (width ?? w, height ?? h)
        }
      }
      return true
    }
    if width != nil || height != nil { return (width, height) }
    // The path lower-cased: compared below through `lower`, never copied.
    // Wix: /v1/fill/w_150,h_113,q_70/...
    if let wix = loweredRange(of: "/v1/", in: a, path) {
      // `split(separator: "/").dropFirst().first`: the second run between `/`s.
      var run = 0
      var operations = wix.upperBound..<wix.upperBound
      forEachRun(in: a, wix.upperBound..<path.upperBound, separatedBy: UInt8(ascii: "/")) {
        run += 1
        if run == 2 { operations = $0 }
        return run < 2
      }
      forEachRun(in: a, operations, separatedBy: UInt8(ascii: ",")) { part in
        // Both prefixes are two bytes long.
        let digits = min(part.lowerBound + 2, part.upperBound)..<part.upperBound
        if startsLowered(a, part, "w_") { width = number(in: a, digits) }
        if startsLowered(a, part, "h_") { height = number(in: a, digits) }
        return true
      }
      if width != nil || height != nil { return (width, height) }
    }
    // The runs between `/`s: Tumblr's /s640x960/ in any but the last.
    var last: Range<Int>?
    var tumblr: (Int, Int)?
    forEachRun(in: a, path, separatedBy: UInt8(ascii: "/")) { segment in
      if let previous = last, lower(a[previous.lowerBound]) == UInt8(ascii: "s"),
        let sides = dimensions(in: a, (previous.lowerBound + 1)..<previous.upperBound)
      {
        tumblr = sides
        return false
      }
      last = segment
      return true
    }
    if let (w, h) = tumblr { return (w, h) }
    guard let last else { return (nil, nil) }
    // `split(separator: ".").first ?? last`: the first run before a `.`.
    var stem = last
    forEachRun(in: a, last, separatedBy: UInt8(ascii: ".")) {
      stem = $0
      return false
    }
    // WordPress and many others: name-300x200.jpg
    if let dash = lastIndex(of: UInt8(ascii: "-"), in: a, stem),
      let (w, h) = dimensions(in: a, (dash + 1)..<stem.upperBound)
    {
      return (w, h)
    }
    if let underscore = lastIndex(of: UInt8(ascii: "_"), in: a, stem) {
      let suffix = lowered(Array(a[(underscore + 1)..<stem.upperBound])[...])[...]
      let host = PictureAddress.host(of: string(lowered(Array(a[path])[...])[...])) ?? ""
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

  // MARK: - Positions in a plain address

  static func index(of byte: UInt8, in a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Int?
  {
    guard let base = a.baseAddress, !range.isEmpty,
      let found = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return nil }
    return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
  }

  static func lastIndex(of byte: UInt8, in a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Int?
  {
    var index = range.upperBound
    while index > range.lowerBound {
      index -= 1
      if a[index] == byte { return index }
    }
    return nil
  }

  /// The runs of `range` between `separator`s, empty ones left out (what `split` gives), in
  /// order, until `body` returns false.
  static func forEachRun(
    in a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separatedBy separator: UInt8,
    _ body: (Range<Int>) -> Bool
  ) {
    var start = range.lowerBound
    var index = range.lowerBound
    while index <= range.upperBound {
      if index == range.upperBound || a[index] == separator {
        if index > start, !body(start..<index) { return }
        start = index + 1
      }
      index += 1
    }
  }

  /// Whether `range` lower-cased is `word` (lower case).
  static func isLowered(_ a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString)
    -> Bool
  {
    range.count == word.utf8CodeUnitCount && startsLowered(a, range, word)
  }

  static func startsLowered(
    _ a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ prefix: StaticString
  ) -> Bool {
    startsLowered(
      a, range, UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
  }

  /// Whether `a[range]` lower-cased starts with `prefix` (lower case).
  static func startsLowered<Prefix: Collection<UInt8>>(
    _ a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ prefix: Prefix
  ) -> Bool {
    guard range.count >= prefix.count else { return false }
    var index = range.lowerBound
    for byte in prefix {
      if lower(a[index]) != byte { return false }
      index += 1
    }
    return true
  }

  /// The first place `needle` (lower case) occurs in `range` lower-cased.
  static func loweredRange(
    of needle: StaticString, in a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> Range<Int>? {
    let count = needle.utf8CodeUnitCount
    guard count > 0, range.count >= count else { return nil }
    // Only where the first byte matches is the rest compared; a first byte that is no
    // letter is found by `memchr`.
    let first = needle.utf8Start[0]
    let isLetter = first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
    var start = range.lowerBound
    let lastStart = range.upperBound - count
    while start <= lastStart {
      if !isLetter {
        guard let base = a.baseAddress,
          let found = memchr(base + start, Int32(first), lastStart + 1 - start)
        else { return nil }
        start = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      }
      if lower(a[start]) == first, startsLowered(a, start..<range.upperBound, needle) {
        return start..<start + count
      }
      start += 1
    }
    return nil
  }

  /// `number(bytes:)` in place: one to six ASCII digits.
  static func number(in a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    guard !range.isEmpty, range.count <= 6 else { return nil }
    var value = 0
    for index in range {
      let byte = a[index]
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  /// `dimensions(bytes:)` of the lower-cased `range` in place: exactly two runs between `x`s,
  /// each a number.
  static func dimensions(in a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (Int, Int)? {
    var runs = 0
    var first: Int?
    var second: Int?
    var start = range.lowerBound
    var index = range.lowerBound
    while index <= range.upperBound {
      if index == range.upperBound || lower(a[index]) == UInt8(ascii: "x") {
        if index > start {
          runs += 1
          guard runs <= 2, let value = number(in: a, start..<index) else { return nil }
          if runs == 1 { first = value } else { second = value }
        }
        start = index + 1
      }
      index += 1
    }
    guard let first, let second else { return nil }
    return (first, second)
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
    address.withUnsafeBufferPointer { key(ofPlain: $0) }
  }

  /// `key(of:)` on the bytes of a plain address: the lower-cased path copied once, read by
  /// positions, and the key written into one buffer (docs/adr/0206). Addresses of Reddit's
  /// preview hosts, whose host is replaced, take `keyBySlices`.
  static func key(ofPlain a: UnsafeBufferPointer<UInt8>) -> String {
    let withoutFragment = index(of: UInt8(ascii: "#"), in: a, 0..<a.count) ?? a.count
    let question = index(of: UInt8(ascii: "?"), in: a, 0..<withoutFragment)
    let query = (question.map { $0 + 1 } ?? withoutFragment)..<withoutFragment
    // The lower-cased path, behind room for "http://" (the key is asked whether it names a
    // picture file as an http address).
    let pathCount = question ?? withoutFragment
    // Room for the key's `?` and query after it.
    let room = 7 + pathCount + 1 + query.count
    // On the stack for any address a picture has (the allocation was a tenth of the key).
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer -> String? in
      guard let out = buffer.baseAddress, let source = a.baseAddress else { return nil }
      ("http://" as StaticString).withUTF8Buffer { scheme in
        if let bytes = scheme.baseAddress { out.update(from: bytes, count: 7) }
      }
      for index in 0..<pathCount { out[7 + index] = lower(source[index]) }
      let p = UnsafeBufferPointer(start: out, count: 7 + pathCount)
      let pathEnd = 7 + pathCount
      var start = 7
      if let scheme = loweredRange(of: "://", in: p, start..<pathEnd) { start = scheme.upperBound }
      // WordPress's image proxies, i0.wp.com/ to i3.wp.com/, each stripped once, in order.
      for digit in UInt8(ascii: "0")...UInt8(ascii: "3")
      where start + 10 <= pathEnd && p[start] == UInt8(ascii: "i") && p[start + 1] == digit
        && startsLowered(p, (start + 2)..<pathEnd, ".wp.com/")
      {
        start += 10
      }
      if startsLowered(p, start..<pathEnd, "preview.redd.it/")
        || startsLowered(p, start..<pathEnd, "external-preview.redd.it/")
      {
        return nil
      }
      let end = loweredRange(of: "/v1/", in: p, start..<pathEnd)?.lowerBound ?? pathEnd
      // The segments between `/`s, empty ones kept, written back from 7 on: a segment is
      // never written before its own start, so reading and writing one buffer is safe.
      var written = 7
      var segmentStart = start
      var first: Range<Int>?
      var index = start
      while index <= end {
        guard index == end || p[index] == UInt8(ascii: "/") else {
          index += 1
          continue
        }
        let segment = segmentStart..<index
        let isLast = index == end
        if first != nil {
          out[written] = UInt8(ascii: "/")
          written += 1
        }
        if isLast {
          written = writeLast(segment, host: first ?? segment, of: p, into: out, at: written)
        } else if first != nil,
          isSizeWord(p, segment)
            || (p[segment].first == UInt8(ascii: "s")
              && dimensions(in: p, (segment.lowerBound + 1)..<segment.upperBound) != nil)
        {
          out[written] = UInt8(ascii: "_")
          written += 1
        } else {
          let host = written..<written + segment.count
          for offset in 0..<segment.count {
            out[written + offset] = p[segment.lowerBound + offset]
          }
          written += segment.count
          if first == nil { first = host }
        }
        segmentStart = index + 1
        index += 1
      }
      let namesFile = PictureAddress.looksLikePicture(
        bytes: UnsafeBufferPointer(rebasing: p[0..<written]))
      if !namesFile, !query.isEmpty {
        out[written] = UInt8(ascii: "?")
        written += 1
        for offset in 0..<query.count { out[written + offset] = source[query.lowerBound + offset] }
        written += query.count
      }
      return String(
        decoding: UnsafeBufferPointer(start: out + 7, count: written - 7), as: UTF8.self)
    } ?? keyBySlices(ofPlain: Array(a))
  }

  /// The key's last segment: the stem without the size a host writes into it, `.jpeg` as
  /// `.jpg`; written at `written`, returns where it ends.
  private static func writeLast(
    _ last: Range<Int>, host: Range<Int>, of p: UnsafeBufferPointer<UInt8>,
    into buffer: UnsafeMutablePointer<UInt8>, at written: Int
  ) -> Int {
    let dot = lastIndex(of: UInt8(ascii: "."), in: p, last)
    let ext = dot.map { $0..<last.upperBound } ?? last.upperBound..<last.upperBound
    var stem = last.lowerBound..<(dot ?? last.upperBound)
    if let dash = lastIndex(of: UInt8(ascii: "-"), in: p, stem),
      dimensions(in: p, (dash + 1)..<stem.upperBound) != nil
    {
      stem = stem.lowerBound..<dash
    } else if let underscore = lastIndex(of: UInt8(ascii: "_"), in: p, stem) {
      let suffix = p[(underscore + 1)..<stem.upperBound]
      let isFlickr = endsWith(p, host, "flickr.com")
      let isTumblr = endsWith(p, host, "tumblr.com")
      if isFlickr
        && (flickrSides[string(ArraySlice(suffix))] != nil
          || suffix.elementsEqual([UInt8(ascii: "o")]))
        || isTumblr && suffix.count >= 2 && suffix.count <= 4
          && suffix.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      {
        stem = stem.lowerBound..<underscore
      }
    }
    var end = written
    for index in stem {
      buffer[end] = p[index]
      end += 1
    }
    let isJPEG = p[ext].elementsEqual(".jpeg".utf8)
    if isJPEG {
      for byte in ".jpg".utf8 {
        buffer[end] = byte
        end += 1
      }
    } else {
      for index in ext {
        buffer[end] = p[index]
        end += 1
      }
    }
    return end
  }

  static func endsWith(_ a: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ suffix: StaticString)
    -> Bool
  {
    let count = suffix.utf8CodeUnitCount
    guard range.count >= count else { return false }
    return startsLowered(a, (range.upperBound - count)..<range.upperBound, suffix)
  }

  /// `key(of:)` on slices of a copy: for the addresses `key(ofPlain:)` hands over.
  static func keyBySlices(ofPlain address: [UInt8]) -> String {
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

  /// Whether `p[segment]` is one of `sizeWords`: told apart by length first.
  private static func isSizeWord(_ p: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>) -> Bool {
    guard segment.count >= 5, segment.count <= 9 else { return false }
    return sizeWords.contains { $0.count == segment.count && $0.elementsEqual(p[segment]) }
  }

  private static let sizeWords: [[UInt8]] = [
    "original", "small", "large", "medium", "thumb", "thumbnail", "preview",
  ].map { Array($0.utf8) }

  private static let underscore: Bytes = [UInt8(ascii: "_")][...]
}
