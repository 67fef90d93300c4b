import Foundation

/// When two names are one artist: the same letters and digits once case, diacritics, width,
/// spaces, hyphens, underscores and dots are set aside ("Raven Quill", "ravenquill",
/// "Raven-Quill" and "RAVEN_QUILL" are one). The artist's page gathers an artist's work
/// from every source by this key, and follows are kept under it.
public enum ArtistIdentity {
  /// The key of `name`; empty for a name with no letter or digit.
  public static func key(_ name: String) -> String {
    let folded = name.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    var key = ""
    key.unicodeScalars.append(
      contentsOf: folded.lowercased().unicodeScalars.filter {
        CharacterSet.alphanumerics.contains($0)
      })
    return key
  }

  /// Whether `name` is the artist whose key is `key`.
  public static func isArtist(_ name: String?, key: String) -> Bool {
    guard let name, !key.isEmpty else { return false }
    return Self.key(name) == key
  }
}
