/// Text from a sync server (titles, user names, error bodies), made safe for one line of a
/// terminal: control and format characters (escapes, bidi overrides) become spaces, runs of
/// spaces one, and the line is cut with `…` at `limit` characters.
public enum ServerText {
  public static func oneLine(_ text: String, limit: Int = 200) -> String {
    var flat = ""
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      let category = scalar.properties.generalCategory
      let blank =
        category == .control || category == .format || category == .lineSeparator
        || category == .paragraphSeparator || scalar.properties.isWhitespace
      if blank {
        pendingSpace = !flat.isEmpty
        continue
      }
      if pendingSpace { flat.unicodeScalars.append(" ") }
      pendingSpace = false
      flat.unicodeScalars.append(scalar)
    }
    guard flat.count > limit else { return flat }
    return String(flat.prefix(max(0, limit - 1))) + "…"
  }
}

extension ServerText {
  /// Where `needle` first (or, `backwards`, last) occurs in `text`, comparing UTF-8 bytes: no
  /// Foundation bridging, which makes `range(of:)` a visible part of a big sync
  /// (Benchmarks/README.md, "Sync").
  static func range(of needle: String, in text: Substring, backwards: Bool = false)
    -> Range<String.Index>?
  {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return nil }
    let bytes = text.utf8
    var index = backwards ? bytes.endIndex : bytes.startIndex
    while true {
      let found =
        backwards
        ? bytes[..<index].lastIndex(of: first) : bytes[index...].firstIndex(of: first)
      guard let start = found else { return nil }
      if bytes[start...].starts(with: pattern) {
        let end = bytes.index(start, offsetBy: pattern.count)
        return start..<end
      }
      index = backwards ? start : bytes.index(after: start)
    }
  }
}
