import FeedArt
import FeedCore

/// Whether an item has a picture to show: the one rule that the list's row kinds (a basic or
/// an image row) and the search indexes that keep those kinds share (`ItemArt`'s).
public enum ItemPicture {
  /// True when the item has a picture that is art (not an avatar, an emoji or an icon).
  public static func has(_ item: FeedItem) -> Bool { ItemArt.hasPicture(item) }

  /// An item's row kind as the list numbers them: 1 for an image row, 0 for a basic one.
  public static let rowKind: @Sendable (FeedItem) -> UInt8 = { has($0) ? 1 : 0 }
}
