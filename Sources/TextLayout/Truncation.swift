/// Shortens text: to a number of grapheme clusters (the seed app's subtitle rule), or to a
/// display width (one-line texts such as a row's byline). Cut text ends with `…`.
public enum Truncation {
  /// Appended when text is cut: one cell wide.
  public static let ellipsis = "…"

  /// First `limit` grapheme clusters followed by "…" when longer (the seed app's subtitle
  /// rule). Text of at most `limit` clusters comes back unchanged; a negative limit counts
  /// as 0. Only the first `limit + 1` clusters are looked at.
  public static func truncated(_ text: String, limit: Int = 200) -> String {
    let limit = max(0, limit)
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end != text.endIndex
    else { return text }
    return String(text[..<end]) + ellipsis
  }

  /// The longest prefix of `text` (whole clusters) that fits in `width` cells, followed by
  /// "…" when anything was cut; the result is never wider than `width`. Width 0 gives "".
  /// Meant for one line of sanitized text: line breaks count as any other cluster.
  public static func truncated(_ text: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.of(text) <= width { return text }
    var kept = ""
    var used = 0
    for character in text {
      let cells = DisplayWidth.of(character)
      if used + cells > width - 1 { break }
      kept.append(character)
      used += cells
    }
    return kept + ellipsis
  }
}
