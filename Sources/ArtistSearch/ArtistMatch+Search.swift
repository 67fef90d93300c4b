import FeedCore
import FeedModel

extension ArtistMatch {
  /// Items by the artist, de-duplicated by `ItemID`, newest first; items
  /// without a date keep their relative order after the dated ones.
  public static func search(_ items: [FeedItem], query: String) -> [FeedItem] {
    var index = ArtistIndex()
    index.add(items)
    return index.search(query)
  }
}
