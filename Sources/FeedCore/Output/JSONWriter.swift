/// A small pretty-printing JSON writer: two-space indentation, `": "` after keys, `[]` and `{}`
/// for empty containers, non-ASCII written as is.
///
/// Writes UTF-8 bytes into one buffer. With a `sink`, the buffer is handed over and emptied
/// whenever it holds `flushSize` bytes or more (at an element's start), so a feed of any size is
/// written in bounded memory; without one, the whole document stays in the buffer.
///
/// A class so that nested closures (`object { field("a") { array(...) } }`) all append to one
/// output without passing it around.
final class JSONWriter {
  private var buffer = ByteBuffer(capacity: 1 << 16)
  private var level = 0
  /// Per open container: whether it has an element yet.
  private var started: [Bool] = []
  private let flushSize: Int
  private let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?

  init(flushSize: Int = 1 << 16, sink: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
    self.flushSize = flushSize
    self.sink = sink
  }

  /// A writer that starts inside open containers, `started` saying for each (outermost
  /// first) whether it has an element yet: its elements come out as those of a writer that
  /// opened them itself, ready to be pasted into one by `array(pasted:)`.
  init(
    flushSize: Int, sink: ((UnsafeBufferPointer<UInt8>) -> Void)?, inside started: [Bool]
  ) {
    self.flushSize = flushSize
    self.sink = sink
    self.started = started
    level = started.count
  }

  /// An array whose elements `body` pastes in as finished bytes (from a writer made with
  /// `inside:` at this depth); `body` returns whether it pasted any.
  func array(pasted body: () -> Bool) {
    open("[")
    if body() { started[started.count - 1] = true }
    close("]")
  }

  /// Finished JSON copied in as it is; with a sink, a piece of `flushSize` bytes or more goes
  /// to it as it is, after what is buffered, instead of through the buffer.
  func paste(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let sink, bytes.count >= flushSize {
      flush()
      sink(bytes)
      return
    }
    if buffer.count >= flushSize { flush() }
    buffer.append(bytes)
  }

  /// Starts the next element of the innermost array (for `element` bodies written by hand).
  func element(_ body: () -> Void) {
    nextElement()
    body()
  }

  /// The bytes written and not yet handed to the sink.
  var bytes: UnsafeBufferPointer<UInt8> { buffer.bytes }

  /// Hands whatever is buffered to the sink.
  func flush() {
    guard let sink, buffer.count > 0 else { return }
    sink(buffer.bytes)
    buffer.removeAll()
  }

  // MARK: - Without closures
  // The same output as `object`, `field` and `array`, for writers whose closures would have
  // to hold copies of large values.

  func beginObject() { open("{") }
  func endObject() { close("}") }
  func beginArray() { open("[") }
  func endArray() { close("]") }
  /// Starts the next element of the innermost array.
  func beginElement() { nextElement() }

  /// The next field's key, after which its value is written.
  func key(_ key: StaticString) {
    nextElement()
    buffer.append("\"")
    buffer.append(key)
    buffer.append("\": ")
  }

  func object(_ body: () -> Void) {
    open("{")
    body()
    close("}")
  }

  func field(_ key: StaticString, _ value: () -> Void) {
    nextElement()
    buffer.append("\"")
    buffer.append(key)
    buffer.append("\": ")
    value()
  }

  /// A field whose key is only known at run time (quoted by the same rule as values).
  func field(named key: String, _ value: () -> Void) {
    nextElement()
    var key = key
    key.withUTF8 { quoted($0) }
    buffer.append(": ")
    value()
  }

  func array<Element>(_ elements: [Element], _ each: (Element) -> Void) {
    open("[")
    for element in elements {
      nextElement()
      each(element)
    }
    close("]")
  }

  func string(_ value: String?) {
    guard var value else {
      buffer.append("null")
      return
    }
    value.withUTF8 { quoted($0) }
  }

  func boolean(_ value: Bool) {
    buffer.append(value ? "true" : "false")
  }

  func integer(_ value: Int?) {
    guard let value else {
      buffer.append("null")
      return
    }
    if value < 0 { buffer.append("-") }
    digits(value.magnitude, minimumCount: 1)
  }

  /// `2014-05-28T00:52:01Z`: whole seconds, UTC.
  func timestamp(_ seconds: Int) {
    var days = seconds / 86_400
    var rest = seconds % 86_400
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    let (year, month, day) = CivilTime.civil(fromDaysSinceEpoch: days)
    buffer.append("\"")
    if year < 0 { buffer.append("-") }
    digits(year.magnitude, minimumCount: 4)
    for (separator, value) in [
      (UInt8(ascii: "-"), month), (UInt8(ascii: "-"), day), (UInt8(ascii: "T"), rest / 3_600),
      (UInt8(ascii: ":"), rest / 60 % 60), (UInt8(ascii: ":"), rest % 60),
    ] {
      buffer.append(separator)
      digits(UInt(value), minimumCount: 2)
    }
    buffer.append("Z\"")
  }

  /// Decimal digits, zero-padded to `minimumCount`.
  private func digits(_ value: UInt, minimumCount: Int) {
    var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &scratch) { raw in
      var end = raw.count
      var rest = value
      repeat {
        end -= 1
        raw[end] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0 || raw.count - end < minimumCount
      buffer.append(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[end...]))
    }
  }

  private func open(_ bracket: StaticString) {
    buffer.append(bracket)
    started.append(false)
    level += 1
  }

  private func close(_ bracket: StaticString) {
    level -= 1
    if started.popLast() == true { newline() }
    buffer.append(bracket)
  }

  private func nextElement() {
    if buffer.count >= flushSize { flush() }
    if started.last == true { buffer.append(",") }
    if !started.isEmpty { started[started.count - 1] = true }
    newline()
  }

  /// A line end and the indentation of up to 32 levels, written as one piece.
  private static let lineStart: StaticString =
    "\n                                                                "

  private func newline() {
    let room = JSONWriter.lineStart.utf8CodeUnitCount - 1
    var indent = level * 2
    buffer.append(
      UnsafeBufferPointer(start: JSONWriter.lineStart.utf8Start, count: 1 + min(indent, room)))
    indent -= min(indent, room)
    while indent > 0 {
      let step = min(indent, room)
      buffer.append(UnsafeBufferPointer(start: JSONWriter.lineStart.utf8Start + 1, count: step))
      indent -= step
    }
  }

  /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`... or
  /// `\u00XX`, and the characters a terminal would act on that JSON lets through raw (DEL,
  /// C1 controls, bidi embeddings, overrides, isolates and marks) as `\uXXXX`, so `parse
  /// --json` on a terminal shows them as text; everything else (UTF-8 included) copied in
  /// runs. Any JSON reader gets the same string back.
  private func quoted(_ text: UnsafeBufferPointer<UInt8>) {
    buffer.append("\"")
    var runStart = 0
    var index = 0
    while index < text.count {
      // Runs that need no look are skipped a word at a time.
      index = TextScan.jsonAttention(in: text, from: index)
      guard index < text.count else { break }
      let byte = text[index]
      let escapedLength: Int
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F {
        escapedLength = 1
      } else if byte >= 0xC2, let length = Self.terminalControlLength(text, at: index) {
        escapedLength = length
      } else {
        index += 1
        continue
      }
      buffer.append(UnsafeBufferPointer(rebasing: text[runStart..<index]))
      switch byte {
      case UInt8(ascii: "\""): buffer.append("\\\"")
      case UInt8(ascii: "\\"): buffer.append("\\\\")
      case UInt8(ascii: "\n"): buffer.append("\\n")
      case UInt8(ascii: "\r"): buffer.append("\\r")
      case UInt8(ascii: "\t"): buffer.append("\\t")
      case 0x08: buffer.append("\\b")
      case 0x0C: buffer.append("\\f")
      default: appendUnicodeEscape(Self.scalarValue(text, at: index, length: escapedLength))
      }
      index += escapedLength
      runStart = index
    }
    buffer.append(UnsafeBufferPointer(rebasing: text[runStart...]))
    buffer.append("\"")
  }
  /// `\uXXXX` for a code point below U+10000.
  private func appendUnicodeEscape(_ value: UInt32) {
    let hex: StaticString = "0123456789abcdef"
    buffer.append("\\u")
    for shift in stride(from: 12, through: 0, by: -4) {
      buffer.append(hex.utf8Start[Int((value >> UInt32(shift)) & 0x0F)])
    }
  }

  /// The UTF-8 length of the terminal control starting at `index` (a C1 control, U+061C,
  /// U+200E-200F, U+202A-202E, U+2066-2069), or nil when the bytes there are something else.
  private static func terminalControlLength(_ text: UnsafeBufferPointer<UInt8>, at index: Int)
    -> Int?
  {
    let left = text.count - index
    let first = text[index]
    if left >= 2, first == 0xC2, (0x80...0x9F).contains(text[index + 1]) { return 2 }
    if left >= 2, first == 0xD8, text[index + 1] == 0x9C { return 2 }
    guard left >= 3, first == 0xE2 else { return nil }
    let (second, third) = (text[index + 1], text[index + 2])
    if second == 0x80, third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third) {
      return 3
    }
    if second == 0x81, (0xA6...0xA9).contains(third) { return 3 }
    return nil
  }

  /// The code point of the 1-, 2- or 3-byte UTF-8 sequence at `index`.
  private static func scalarValue(_ text: UnsafeBufferPointer<UInt8>, at index: Int, length: Int)
    -> UInt32
  {
    switch length {
    case 2: return UInt32(text[index] & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F)
    case 3:
      return UInt32(text[index] & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6
        | UInt32(text[index + 2] & 0x3F)
    default: return UInt32(text[index])
    }
  }
}

/// JSON documents artfeed writes besides a feed (`parse --json`): the same writer, so every
/// JSON artfeed writes escapes what a terminal would act on (docs/adr/0105).
public enum JSONText {
  /// An object of string fields (nil: `null`), in the order given, pretty-printed, with a
  /// final newline.
  public static func object(_ fields: [(key: String, value: String?)]) -> String {
    let json = JSONWriter()
    json.object {
      for field in fields { json.field(named: field.key) { json.string(field.value) } }
    }
    return String(decoding: json.bytes, as: UTF8.self) + "\n"
  }
}
