import FuzzSupport

@testable import FeedCore

/// Fuzzes HTML to text (`HTMLText`, `ResumableHTMLConverter`) and reference decoding.
///
/// The first byte splits the input into a prefix and the whole; checks:
/// - the output has no white space at either end, no run of ASCII white space other than a
///   line or paragraph break, no space beside a break, and at most two newlines in a row;
/// - converting the prefix and then the whole with `ResumableHTMLConverter` gives exactly
///   what converting the whole gives (the converter promises byte-for-byte equality);
/// - text with no markup, reference or newline left converts to itself;
/// - `decodingEntities` of text without `&` is the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let split = input.byte()
  let html = String(decoding: input.rest(), as: UTF8.self)
  let bytes = Array(html.utf8)
  let text = HTMLText.plainText(html)
  checkShape(text)
  checkResumed(bytes, prefixLength: bytes.count * Int(split) / 255, expected: text)
  // Looked for in the bytes, not by Character: a prepended mark such as U+0600 joins the
  // next character into one cluster, so `"\u{600}<"` is one Character that is not "<" (the
  // finding in Fuzz/Seeds/FuzzHTML/plain-text-prepended-mark: the converter was right).
  if !text.utf8.contains(where: { $0 == 0x3C || $0 == 0x26 || $0 == 0x0A }) {
    require(HTMLText.plainText(text) == text, "plain text does not convert to itself")
  }
  if !html.utf8.contains(0x26) {
    require(HTMLText.decodingEntities(html) == html, "decoding changed text without '&'")
  }
  return 0
}

private func checkShape(_ text: String) {
  let bytes = Array(text.utf8)
  guard let first = bytes.first, let last = bytes.last else { return }
  require(!isSpace(first) && first != 0x0A, "output starts with white space")
  require(!isSpace(last) && last != 0x0A, "output ends with white space")
  var newlines = 0
  for (index, byte) in bytes.enumerated() {
    newlines = byte == 0x0A ? newlines + 1 : 0
    require(newlines <= 2, "more than one blank line in a row")
    guard index > 0 else { continue }
    let previous = bytes[index - 1]
    require(!(isSpace(byte) && isSpace(previous)), "two white space bytes in a row")
    require(
      !(isSpace(byte) && previous == 0x0A) && !(byte == 0x0A && isSpace(previous)),
      "a space beside a line break")
  }
}

/// ASCII white space other than the newline, which the converter emits for breaks.
private func isSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C
}

private func checkResumed(_ bytes: [UInt8], prefixLength: Int, expected: String) {
  var converter = ResumableHTMLConverter()
  var prefix = ByteBuffer(capacity: max(16, prefixLength))
  bytes[..<prefixLength].withUnsafeBufferPointer { prefix.append($0) }
  _ = converter.convert(&prefix)
  var whole = ByteBuffer(capacity: max(16, bytes.count))
  bytes.withUnsafeBufferPointer { whole.append($0) }
  let resumed = String(decoding: converter.convert(&whole), as: UTF8.self)
  require(resumed == expected, "resumed conversion differs from a whole one")
}

@main
enum Main {
  static func main() { runFuzzer(fuzzHTML) }
}
