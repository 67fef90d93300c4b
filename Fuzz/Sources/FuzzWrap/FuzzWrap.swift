import FuzzSupport
import TextLayout

/// Fuzzes `Sanitizer.clean`, `LineWrapper` and `Truncation` with any text at widths 0-300.
///
/// The first two bytes pick the width; the rest is the text (invalid UTF-8 becomes U+FFFD).
/// Checks, beyond "terminates without crashing":
/// - the sanitizer's promise: no C0 control but "\n" and "\t", no DEL, no C1 control, no
///   format character but ZWJ and emoji tags, only printable scalars, and no cluster without
///   width; cleaning twice changes nothing;
/// - every wrapped line fits the width in display cells, states its width truly, holds no
///   newline or tab, has no trailing space; `lineCount` agrees; width 0 gives no lines;
///   the lines hold the text's visible clusters in order (wide ones may be the placeholder);
/// - truncation to the width never exceeds it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWrap(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let width = input.int(in: 0...300)
  let raw = String(decoding: input.rest(), as: UTF8.self)
  let clean = Sanitizer.clean(raw)
  checkClean(clean)
  require(Sanitizer.clean(clean) == clean, "cleaning is not idempotent")
  checkWrap(clean, width: width, sanitized: true)
  checkWrap(raw, width: width, sanitized: false)
  for line in clean.split(separator: "\n") {
    let cut = Truncation.truncated(String(line), toWidth: width)
    require(DisplayWidth.of(cut) <= width, "truncation to \(width) is \(DisplayWidth.of(cut))")
  }
  return 0
}

private func checkClean(_ text: String) {
  for scalar in text.unicodeScalars {
    let value = scalar.value
    if value < 0x20 {
      require(value == 0x0A || value == 0x09, "C0 control U+\(hex(value)) survived")
    }
    require(!(0x7F...0x9F).contains(value), "DEL or C1 control U+\(hex(value)) survived")
    if scalar.properties.generalCategory == .format {
      require(
        value == 0x200D || (0xE0020...0xE007F).contains(value),
        "format character U+\(hex(value)) survived")
    }
    if value >= 0x20 {
      require(DisplayWidth.isPrintable(scalar), "unprintable U+\(hex(value)) survived")
    }
  }
  for character in text where character != "\n" && character != "\t" {
    require(DisplayWidth.of(character) > 0, "a cluster without width survived")
  }
}

private func checkWrap(_ text: String, width: Int, sanitized: Bool) {
  let lines = LineWrapper.wrap(text, width: width)
  if width == 0 || text.isEmpty {
    require(lines.isEmpty, "width 0 or no text gives lines")
    return
  }
  require(lines.count <= text.unicodeScalars.count + 1, "more lines than scalars")
  for (index, line) in lines.enumerated() {
    require(line.width <= width, "line \(index) is \(line.width) wide, over \(width)")
    require(line.width == DisplayWidth.of(line.text), "line \(index) states a wrong width")
    require(line.text.last != " ", "line \(index) ends with a space")
    require(
      !line.text.contains("\n") && !line.text.contains("\t"), "line \(index) has a newline or tab")
  }
  require(LineWrapper.lineCount(text, width: width) == lines.count, "lineCount disagrees")
  if sanitized {
    require(
      visibleClustersAgree(input: text, output: lines.map(\.text), width: width),
      "the lines lose, add or reorder visible clusters")
  }
}

/// The visible (non-space) clusters of the output are the input's, in order; a cluster wider
/// than the line may come out as the placeholder (as `contentDifference` in the tests).
private func visibleClustersAgree(input: String, output: [String], width: Int) -> Bool {
  let expected = visibleClusters(input)
  let actual = output.flatMap(visibleClusters)
  guard expected.count == actual.count else { return false }
  for (want, got) in zip(expected, actual) where want != got {
    if got == String(LineWrapper.placeholder) && DisplayWidth.of(want) > width { continue }
    return false
  }
  return true
}

private func visibleClusters(_ text: String) -> [String] {
  text.compactMap { character in
    let scalars = character.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    return scalars.isEmpty ? nil : String(String.UnicodeScalarView(scalars))
  }
}

private func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }

@main
enum Main {
  static func main() { runFuzzer(fuzzWrap) }
}
