import FeedCore

/// The one rule for an item's identity, used wherever items are compared: de-duplicating
/// search results and pages, keeping the selection across a reload.
///
/// An item is its guid; without one, its link; without either, its title and date (two
/// untitled, undated items without links are the same item only if both are empty).
public struct ItemID: Hashable, Sendable {
  /// The identity as text ("g:" guid, "l:" link, "t:" title and date); `ItemKey` hashes it.
  let key: String

  public init(_ item: FeedItem) {
    if let guid = item.guid, !guid.isEmpty {
      key = "g:" + guid
    } else if let link = item.link, !link.isEmpty {
      key = "l:" + link
    } else {
      let date = item.published.map { String($0.timeIntervalSince1970) } ?? ""
      key = "t:" + (item.title ?? "") + "\u{1F}" + date
    }
  }
}
