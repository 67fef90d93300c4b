/// Shortens text to a number of grapheme clusters, as the seed app did for subtitles.
public enum Truncation {
  /// Appended when text is cut.
  public static let ellipsis = "..."

  /// First `limit` grapheme clusters followed by "..." when longer (the seed app's subtitle
  /// rule). Text of at most `limit` clusters comes back unchanged; a negative limit counts
  /// as 0. Only the first `limit + 1` clusters are looked at.
  public static func truncated(_ text: String, limit: Int = 200) -> String {
    let limit = max(0, limit)
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end != text.endIndex
    else { return text }
    return String(text[..<end]) + ellipsis
  }
}
