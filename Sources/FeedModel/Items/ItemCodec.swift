import CZlib
import FeedCore
import Foundation

/// `FeedItem`s as bytes and back, exactly: a block of items is written field by field
/// (lengths as varints, strings as their UTF-8 bytes, no per-string header) and the whole
/// block deflated (zlib level 1). A loaded item costs its compressed bytes instead of some
/// twenty heap strings and arrays (docs/adr/0200).
///
/// The format is private to one process (nothing writes it to disk), so it has no version.
enum ItemCodec {
  /// Deflate's fastest level: blocks are compressed as a feed loads, on the loader's thread.
  static let level: Int32 = 1

  /// `items` encoded and compressed: the raw size (4 bytes, little-endian), then raw deflate
  /// (no zlib header or Adler-32: the bytes never leave this process).
  static func compress(_ items: ArraySlice<FeedItem>) -> [UInt8] {
    var writer = Writer()
    for item in items { writer.item(item) }
    let raw = writer.bytes
    return ZStreams.deflaters.using { stream in
      var status = deflateReset(stream)
      let bound = Int(deflateBound(stream, uLong(raw.count)))
      var out = [UInt8](repeating: 0, count: bound + 4)
      // The raw size first, so decoding allocates once.
      let size = UInt32(raw.count)
      out[0] = UInt8(truncatingIfNeeded: size)
      out[1] = UInt8(truncatingIfNeeded: size >> 8)
      out[2] = UInt8(truncatingIfNeeded: size >> 16)
      out[3] = UInt8(truncatingIfNeeded: size >> 24)
      var written = 0
      out.withUnsafeMutableBufferPointer { dest in
        raw.withUnsafeBufferPointer { source in
          stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
          stream.pointee.avail_in = uInt(source.count)
          stream.pointee.next_out = dest.baseAddress.map { $0 + 4 }
          stream.pointee.avail_out = uInt(bound)
          if status == Z_OK { status = deflate(stream, Z_FINISH) }
          written = Int(stream.pointee.total_out)
          stream.pointee.next_in = nil
          stream.pointee.next_out = nil
        }
      }
      // zlib fails here only without memory (the bound is its own): nothing sensible remains.
      precondition(status == Z_STREAM_END, "zlib deflate failed (\(status))")
      // A copy of the exact size: `removeLast` keeps the bound's capacity.
      return Array(out[..<(4 + written)])
    }
  }

  /// The `count` items of a block `compress` made.
  static func decompress(_ block: [UInt8], count: Int) -> [FeedItem] {
    let size = Int(block[0]) | Int(block[1]) << 8 | Int(block[2]) << 16 | Int(block[3]) << 24
    let raw = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      let status = ZStreams.inflaters.using { stream in
        var status = inflateReset(stream)
        block.withUnsafeBufferPointer { source in
          stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress.map { $0 + 4 })
          stream.pointee.avail_in = uInt(source.count - 4)
          stream.pointee.next_out = buffer.baseAddress
          stream.pointee.avail_out = uInt(size)
          if status == Z_OK { status = inflate(stream, Z_FINISH) }
          stream.pointee.next_in = nil
          stream.pointee.next_out = nil
        }
        return Int(stream.pointee.total_out) == size ? status : Z_DATA_ERROR
      }
      // The bytes are this process's own output: a failure is a defect, not bad input.
      precondition(status == Z_STREAM_END, "zlib inflate failed (\(status))")
      initialized = size
    }
    return raw.withUnsafeBufferPointer { bytes in
      var reader = Reader(bytes: bytes)
      var items: [FeedItem] = []
      items.reserveCapacity(count)
      for _ in 0..<count { items.append(reader.item()) }
      precondition(reader.offset == bytes.count, "item block decoded short")
      return items
    }
  }

  /// Encodes items field by field.
  struct Writer {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(64 * 1024) }

    mutating func item(_ item: FeedItem) {
      optional(item.title)
      optional(item.link)
      optional(item.guid)
      date(item.published)
      optional(item.author)
      list(item.categories) { $0.string($1) }
      optional(item.summary)
      optional(item.mediaTitle)
      optional(item.mediaDescription)
      optional(item.mediaText)
      list(item.mediaKeywords) { $0.string($1) }
      list(item.credits) {
        $0.optional($1.role)
        $0.optional($1.scheme)
        $0.string($1.name)
      }
      list(item.thumbnails) {
        $0.string($1.url)
        $0.optional($1.width)
        $0.optional($1.height)
        $0.optional($1.content)
      }
      list(item.contents) {
        $0.string($1.url)
        $0.optional($1.medium)
        $0.optional($1.type)
        $0.optional($1.width)
        $0.optional($1.height)
        $0.optional($1.alt)
        $0.optional($1.title)
      }
      optional(item.rating)
      optional(item.copyright)
      list(item.inlineImages) {
        $0.string($1.url)
        $0.optional($1.width)
        $0.optional($1.height)
        $0.list($1.sources) {
          $0.string($1.url)
          $0.optional($1.width)
        }
        $0.optional($1.link)
        $0.optional($1.alt)
        $0.bytes.append($1.isDecoration ? 1 : 0)
      }
      list(item.pictureLinks) { $0.string($1) }
      list(item.enclosures) {
        $0.string($1.url)
        $0.optional($1.type)
        $0.optional($1.length)
      }
    }

    mutating func varint(_ value: UInt64) {
      var value = value
      while value >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
        value >>= 7
      }
      bytes.append(UInt8(value))
    }

    mutating func string(_ string: String) {
      var string = string
      string.withUTF8 { utf8 in
        varint(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
      }
    }

    /// nil as 0, a string as its length + 1 and its bytes.
    mutating func optional(_ string: String?) {
      guard var string else { return varint(0) }
      string.withUTF8 { utf8 in
        varint(UInt64(utf8.count) + 1)
        bytes.append(contentsOf: utf8)
      }
    }

    /// nil as a 0 byte, a number as a 1 byte and its zigzag varint.
    mutating func optional(_ number: Int?) {
      guard let number else { return bytes.append(0) }
      bytes.append(1)
      let value = Int64(number)
      varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func date(_ date: Date?) {
      guard let date else { return bytes.append(0) }
      bytes.append(1)
      let bits = date.timeIntervalSinceReferenceDate.bitPattern
      for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> shift)) }
    }

    mutating func list<Element>(_ elements: [Element], _ each: (inout Writer, Element) -> Void) {
      varint(UInt64(elements.count))
      for element in elements { each(&self, element) }
    }
  }

  /// Decodes what `Writer` wrote, in the same order.
  struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    mutating func item() -> FeedItem {
      var item = FeedItem()
      item.title = optionalString()
      item.link = optionalString()
      item.guid = optionalString()
      item.published = date()
      item.author = optionalString()
      item.categories = list { $0.string() }
      item.summary = optionalString()
      item.mediaTitle = optionalString()
      item.mediaDescription = optionalString()
      item.mediaText = optionalString()
      item.mediaKeywords = list { $0.string() }
      item.credits = list {
        let role = $0.optionalString()
        let scheme = $0.optionalString()
        return MediaCredit(role: role, scheme: scheme, name: $0.string())
      }
      item.thumbnails = list {
        let url = $0.string()
        let width = $0.optionalInt()
        let height = $0.optionalInt()
        return MediaThumbnail(url: url, width: width, height: height, content: $0.optionalInt())
      }
      item.contents = list {
        let url = $0.string()
        let medium = $0.optionalString()
        let type = $0.optionalString()
        let width = $0.optionalInt()
        let height = $0.optionalInt()
        var content = MediaContent(
          url: url, medium: medium, type: type, width: width, height: height,
          alt: $0.optionalString())
        content.title = $0.optionalString()
        return content
      }
      item.rating = optionalString()
      item.copyright = optionalString()
      item.inlineImages = list {
        let url = $0.string()
        let width = $0.optionalInt()
        let height = $0.optionalInt()
        let sources: [InlineImage.Source] = $0.list {
          let url = $0.string()
          return InlineImage.Source(url: url, width: $0.optionalInt())
        }
        let link = $0.optionalString()
        let alt = $0.optionalString()
        return InlineImage(
          url: url, width: width, height: height, sources: sources, link: link, alt: alt,
          isDecoration: $0.byte() != 0)
      }
      item.pictureLinks = list { $0.string() }
      item.enclosures = list {
        let url = $0.string()
        let type = $0.optionalString()
        return Enclosure(url: url, type: type, length: $0.optionalInt())
      }
      return item
    }

    mutating func byte() -> UInt8 {
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func varint() -> UInt64 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        let byte = self.byte()
        value |= UInt64(byte & 0x7f) << shift
        if byte < 0x80 { return value }
        shift += 7
      }
    }

    mutating func string(length: Int) -> String {
      let start = offset
      offset += length
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    mutating func string() -> String { string(length: Int(varint())) }

    mutating func optionalString() -> String? {
      let length = varint()
      return length == 0 ? nil : string(length: Int(length - 1))
    }

    mutating func optionalInt() -> Int? {
      guard byte() != 0 else { return nil }
      let zigzag = varint()
      return Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
    }

    mutating func date() -> Date? {
      guard byte() != 0 else { return nil }
      var bits: UInt64 = 0
      for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(byte()) << UInt64(shift) }
      return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
    }

    mutating func list<Element>(_ each: (inout Reader) -> Element) -> [Element] {
      let count = Int(varint())
      var elements: [Element] = []
      elements.reserveCapacity(count)
      for _ in 0..<count { elements.append(each(&self)) }
      return elements
    }
  }
}
