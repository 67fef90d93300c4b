import FeedCore

/// Whether an item has a picture to show: the one rule that the list's row kinds (a basic or
/// an image row) and the search indexes that keep those kinds share.
public enum ItemPicture {
  /// True when the item has a picture of some kind: a thumbnail, an image `media:content`, or
  /// an `<img>` in its description.
  public static func has(_ item: FeedItem) -> Bool {
    !item.thumbnails.isEmpty && item.thumbnails.contains { !$0.url.isEmpty }
      || item.contents.contains(where: isImage) || !(item.firstImage ?? "").isEmpty
  }

  /// A `media:content` that is a still image: `medium="image"`, an `image/` type, or, with
  /// neither said, an address ending in a picture extension.
  public static func isImage(_ content: MediaContent) -> Bool {
    guard !content.url.isEmpty else { return false }
    if let medium = content.medium?.lowercased() { return medium == "image" }
    if let type = content.type?.lowercased() { return type.hasPrefix("image/") }
    let path = (content.url.split(separator: "?").first ?? "").lowercased()
    return [".jpg", ".jpeg", ".png", ".gif", ".webp"].contains { path.hasSuffix($0) }
  }

  /// An item's row kind as the list numbers them: 1 for an image row, 0 for a basic one.
  public static let rowKind: @Sendable (FeedItem) -> UInt8 = { has($0) ? 1 : 0 }
}
