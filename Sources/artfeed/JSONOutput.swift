import Foundation

/// JSON the commands print for scripts (`following --json`, `artist --json`): keys sorted,
/// two-space indents, one document and a newline on standard output. Never passed through
/// the terminal's sanitizer: JSON escapes control characters itself.
enum JSONOutput {
  static func write(_ value: some Encodable) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      var data = try encoder.encode(value)
      data.append(UInt8(ascii: "\n"))
      FileHandle.standardOutput.write(data)
    } catch {
      fail(.cannotWrite("cannot write JSON: \(error)"))
    }
  }

  /// `2026-11-28T14:03:00Z`: whole seconds, UTC, as `parse --json` writes times.
  static func time(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}
