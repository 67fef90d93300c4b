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

  /// The bytes written and not yet handed to the sink.
  var bytes: UnsafeBufferPointer<UInt8> { buffer.bytes }

  /// Hands whatever is buffered to the sink.
  func flush() {
    guard let sink, buffer.count > 0 else { return }
    sink(buffer.bytes)
    buffer.removeAll()
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

  private static let spaces = [UInt8](repeating: 0x20, count: 64)

  private func newline() {
    buffer.append(UInt8(ascii: "\n"))
    var indent = level * 2
    while indent > 0 {
      let step = min(indent, JSONWriter.spaces.count)
      JSONWriter.spaces.withUnsafeBufferPointer {
        buffer.append(UnsafeBufferPointer(rebasing: $0[..<step]))
      }
      indent -= step
    }
  }

  /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`... or
  /// `\u00XX`; everything else (UTF-8 included) copied in runs.
  private func quoted(_ text: UnsafeBufferPointer<UInt8>) {
    buffer.append("\"")
    var runStart = 0
    for index in 0..<text.count {
      let byte = text[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      buffer.append(UnsafeBufferPointer(rebasing: text[runStart..<index]))
      runStart = index + 1
      switch byte {
      case UInt8(ascii: "\""): buffer.append("\\\"")
      case UInt8(ascii: "\\"): buffer.append("\\\\")
      case UInt8(ascii: "\n"): buffer.append("\\n")
      case UInt8(ascii: "\r"): buffer.append("\\r")
      case UInt8(ascii: "\t"): buffer.append("\\t")
      case 0x08: buffer.append("\\b")
      case 0x0C: buffer.append("\\f")
      default:
        buffer.append("\\u00")
        let hex: StaticString = "0123456789abcdef"
        buffer.append(hex.utf8Start[Int(byte >> 4)])
        buffer.append(hex.utf8Start[Int(byte & 0x0F)])
      }
    }
    buffer.append(UnsafeBufferPointer(rebasing: text[runStart...]))
    buffer.append("\"")
  }
}
