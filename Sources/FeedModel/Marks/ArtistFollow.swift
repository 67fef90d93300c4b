import Foundation

/// An artist the reader follows: kept in the state database under the artist's key
/// (`ArtistIdentity.key`), so following "Raven Quill" also follows "raven-quill" on another
/// site.
public struct ArtistFollow: Sendable, Hashable {
  /// The name as the reader gave it when first following the artist.
  public var name: String
  /// `ArtistIdentity.key(name)`: what items are matched by.
  public var key: String
  /// When the artist was first followed (whole seconds).
  public var since: Date

  public init(name: String, since: Date) {
    self.init(name: name, key: ArtistIdentity.key(name), since: since)
  }

  /// A follow as stored (its key read with it, not made again).
  public init(name: String, key: String, since: Date) {
    self.name = name
    self.key = key
    self.since = since
  }

  /// The longest name kept, in UTF-8 bytes: as long as a feed's key (a name comes from a
  /// feed, which bounds nothing).
  public static let maxNameBytes = 8192

  /// Why `name` cannot be followed, or nil when it can: empty, longer than `maxNameBytes`,
  /// holding a control character (C0, DEL or C1: no name the screen shows holds one), or
  /// with no letter or digit (its key would be empty, and match nothing).
  public static func problem(name: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name.utf8.count > maxNameBytes { return "is longer than \(maxNameBytes) bytes" }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    {
      return "holds a control character"
    }
    if ArtistIdentity.key(name).isEmpty { return "has no letter or digit" }
    return nil
  }
}
