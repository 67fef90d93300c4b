import FeedCore
import FeedModel

/// Where an items page's list comes from, so the run loop knows whom to ask for a reload,
/// a search or a next page.
public enum SourceKey: Sendable, Hashable {
  /// The browser's one source: a feed given on the command line, an endpoint, the bundled
  /// feeds.
  case main
  /// One subscription, by its place in the feeds file's list.
  case feed(Int)
  /// Every subscription merged.
  case allItems
  /// The starred items among every subscription's.
  case starred
  /// Everything by one artist (`ArtistIdentity`), from every source: `a` on an item.
  case artist(String)
  /// The work of every artist the reader follows (`f`), from every source.
  case following
}

/// The pages on screen, bottom first, of any kind and to any depth: the feed list, a list
/// of items, an item, another list opened from it, the key list over any of them. Only the
/// top page gets keys; it is drawn over the nearest page that is not an overlay. The pages
/// below keep their state, so going back finds the selection where it was.
struct PageStack {
  private(set) var pages: [any Page]

  init(_ first: any Page) {
    pages = [first]
  }

  var count: Int { pages.count }

  /// The page on top.
  var top: any Page { pages[pages.count - 1] }

  /// The page drawn under the overlays on top: the nearest that is not an overlay.
  var shownIndex: Int {
    pages.lastIndex { !$0.isOverlay } ?? 0
  }

  /// Opens a page over the others.
  mutating func push(_ page: any Page) {
    pages.append(page)
  }

  /// Closes the top page; the first page is never closed (it quits instead).
  @discardableResult
  mutating func pop() -> (any Page)? {
    guard pages.count > 1 else { return nil }
    return pages.removeLast()
  }

  /// Runs `body` on page `index` in place.
  mutating func modify<Result>(_ index: Int, _ body: (inout any Page) -> Result) -> Result {
    body(&pages[index])
  }

  /// The nearest page of type `P` from the top, with its place.
  func last<P: Page>(_ type: P.Type) -> (index: Int, page: P)? {
    for index in pages.indices.reversed() {
      if let page = pages[index] as? P { return (index, page) }
    }
    return nil
  }

  /// The nearest items page from the top, if any (a reading).
  var items: ItemsPage? { last(ItemsPage.self)?.page }

  /// The page just below `index`, if any.
  func below(_ index: Int) -> (any Page)? {
    index > 0 ? pages[index - 1] : nil
  }

  /// Lays every page out at a new terminal size.
  mutating func resize(width: Int, height: Int) {
    for index in pages.indices { pages[index].resize(width: width, height: height) }
  }
}
