#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// HTML to text for the fields of a feed, skipping the part a field shares with the previous
/// one.
///
/// DeviantArt's `<description>` is its `media:description` followed by a thumbnail
/// (`<br /><div><img ... /></div>`): in all 60 items of the shared feed the one's HTML is a
/// prefix of the other's. When a field's HTML starts with the HTML converted last, and that
/// conversion did not run out of input in the middle of markup or a reference, only the rest
/// is converted, on top of the previous result: the outcome is byte for byte what converting
/// the whole field gives (`HTMLTextConverter.isResumable`).
struct ResumableHTMLConverter: ~Copyable {
  private var converter = HTMLTextConverter()
  /// The HTML whose text `converter` holds.
  private var source = ByteBuffer(capacity: 16 * 1024)
  /// How many conversions continued the previous one (for tests).
  private(set) var resumedCount = 0

  /// The plain text of the HTML in `html`; valid until the next call. Takes the bytes of
  /// `html` to remember them and leaves other bytes in it: a trade of storage, not a copy.
  mutating func convert(_ html: inout ByteBuffer) -> UnsafeBufferPointer<UInt8> {
    let bytes = html.bytes
    if converter.isResumable, startsWithSource(bytes) {
      converter.convert(UnsafeBufferPointer(rebasing: bytes[source.count...]))
      resumedCount += 1
    } else {
      converter.reset()
      converter.convert(bytes)
    }
    source.exchange(with: &html)
    return converter.output.bytes
  }

  private func startsWithSource(_ html: UnsafeBufferPointer<UInt8>) -> Bool {
    let previous = source.bytes
    guard previous.count > 0, html.count >= previous.count, let base = html.baseAddress,
      let previousBase = previous.baseAddress
    else { return false }
    return memcmp(base, previousBase, previous.count) == 0
  }
}
