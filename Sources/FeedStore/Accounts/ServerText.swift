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
