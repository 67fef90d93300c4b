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

  /// A 64-bit hash of `name`'s key (SipHash-2-4 under a fixed key, like `ItemKey`): what the
  /// state database keeps of an item's artist, so that pruning spares a followed artist's
  /// items without keeping any text (docs/adr/0172). Nil for no name, or one with no key.
  public static func hash(_ name: String?) -> Int64? {
    guard let name else { return nil }
    let key = key(name)
    return key.isEmpty ? nil : hash(key: key)
  }

  /// The hash of a key as `key(_:)` makes it (a follow's).
  public static func hash(key: String) -> Int64 {
    Int64(bitPattern: hasher.hash(key.utf8))
  }

  /// "artfeed-artist-v1" folded into two little-endian words.
  private static let hasher = SipHash24(k0: 0x7472_612d_6465_6566, k1: 0x3176_2d74_7369_7472)

  /// Whether `name` is the artist whose key is `key`.
  public static func isArtist(_ name: String?, key: String) -> Bool {
    guard let name, !key.isEmpty else { return false }
    return Self.key(name) == key
  }
}
