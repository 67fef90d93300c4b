/// A small pretty-printing JSON writer: two-space indentation, `": "` after keys, `[]` and `{}`
/// for empty containers, non-ASCII written as is.
///
/// A class so that nested closures (`object { field("a") { array(...) } }`) all append to one
/// output without passing it around.
final class JSONWriter {
  private(set) var output = ""
  private var level = 0
  /// Per open container: whether it has an element yet.
  private var started: [Bool] = []

  func object(_ body: () -> Void) {
    open("{")
    body()
    close("}")
  }

  func field(_ key: String, _ value: () -> Void) {
    nextElement()
    quoted(key)
    output += ": "
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
    guard let value else {
      output += "null"
      return
    }
    quoted(value)
  }

  func integer(_ value: Int?) {
    output += value.map(String.init) ?? "null"
  }

  private func open(_ bracket: String) {
    output += bracket
    started.append(false)
    level += 1
  }

  private func close(_ bracket: String) {
    level -= 1
    if started.popLast() == true { newline() }
    output += bracket
  }

  private func nextElement() {
    if started.last == true { output += "," }
    if !started.isEmpty { started[started.count - 1] = true }
    newline()
  }

  private func newline() {
    output += "\n"
    output += String(repeating: " ", count: level * 2)
  }

  /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`... or `\u00XX`.
  private func quoted(_ text: String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
