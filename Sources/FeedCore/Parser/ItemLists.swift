/// The list fields of an item while it is read, in arrays reused from item to item.
///
/// Appending an item's three thumbnails one by one to a fresh array allocates three times
/// (room for 1, then 2, then 4); these arrays keep their storage from item to item, and the
/// finished item gets one allocation of exactly the right size per list.
struct ItemLists {
  var categories: [String] = []
  var credits: [MediaCredit] = []
  var thumbnails: [MediaThumbnail] = []
  var contents: [MediaContent] = []
  var enclosures: [Enclosure] = []

  /// Gives `item` copies of exactly the right size and empties the lists, keeping their storage.
  mutating func move(into item: inout FeedItem) {
    item.categories = ItemLists.exactCopy(of: categories)
    item.credits = ItemLists.exactCopy(of: credits)
    item.thumbnails = ItemLists.exactCopy(of: thumbnails)
    item.contents = ItemLists.exactCopy(of: contents)
    item.enclosures = ItemLists.exactCopy(of: enclosures)
    removeAll()
  }

  /// Empties the lists, keeping their storage.
  mutating func removeAll() {
    categories.removeAll(keepingCapacity: true)
    credits.removeAll(keepingCapacity: true)
    thumbnails.removeAll(keepingCapacity: true)
    contents.removeAll(keepingCapacity: true)
    enclosures.removeAll(keepingCapacity: true)
  }

  private static func exactCopy<Element>(of list: [Element]) -> [Element] {
    list.isEmpty ? [] : list.withUnsafeBufferPointer { Array($0) }
  }
}
