import FeedCore
import FeedModel

/// The artists' hashes of a list's items (`ArtistIdentity.hash` of each author), each
/// distinct name hashed once: a feed of a few artists names them thousands of times, and
/// folding a name costs microseconds.
public struct ArtistHashes {
  private var known: [String: Int64?] = [:]

  /// One hash per item, in order; nil for an item without an artist's name.
  public init() {}

  public mutating func of(_ items: ItemChunks) -> [Int64?] {
    items.map { of($0) }
  }

  /// The hash of `item`'s artist; nil without an artist's name.
  public mutating func of(_ item: FeedItem) -> Int64? {
    guard let name = item.author else { return nil }
    if let hash = known[name] { return hash }
    let hash = ArtistIdentity.hash(name)
    known[name] = hash
    return hash
  }
}
