import FeedCore
import FeedModel
import Foundation

/// The router's part in the picture viewer: opening it over the item view with the list
/// below to walk, and the slideshow's timer as the run loop sees it.
extension AppState {
  /// The viewer on `item`'s picture `picture`, walking the nearest list that has the item
  /// (the item alone when none has).
  func viewer(on item: FeedItem, picture: Int) -> ViewerPage {
    let id = ItemID(item)
    if let (_, list) = pages.last(ItemsPage.self) {
      let items = list.list.items
      let position =
        list.list.selectedItem.map { ItemID($0) == id } == true
        ? list.list.selection : items.firstIndex { ItemID($0) == id }
      if let position {
        return ViewerPage(
          items: items, index: position, picture: picture, width: width, height: height,
          source: list.source, listTitle: list.list.title)
      }
    }
    return ViewerPage(
      items: ItemChunks([item]), index: 0, picture: picture, width: width, height: height)
  }

  /// The slideshow's progress while one is on top: a new value starts the delay to the next
  /// `.slideDue`; nil: no slideshow.
  public var slideStep: Int? { pages.top.slideStep }

  /// The delay between a slideshow's pictures (the settings' `slideshow-delay`).
  public var slideDelay: Duration { .seconds(settings.slideshowDelay) }
}

extension AppState {
  /// The picture viewer on top, if it is (a reading).
  public var viewerPage: ViewerPage? { pages.top as? ViewerPage }
}
