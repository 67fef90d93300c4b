import FeedCore
import FeedModel
import Foundation
import Pictures

/// Readings of the pages for the runtime, `render` and tests: read-only views of the nearest
/// page of a kind, and the few setters the command line's `render` needs.
extension AppState {
  /// The kind of the page on screen (under the key list, when that is open).
  public var topPage: PageKind { pages.pages[pages.shownIndex].kind }

  /// Where the nearest items page's list comes from (`.main` when there is none).
  public var itemsSource: SourceKey { itemsPage?.sourceKey ?? .main }

  /// The feed list, when the reader has subscriptions.
  public var feedList: FeedListPage? { pages.last(FeedListPage.self)?.page }

  /// The nearest items page, when there is one.
  public var itemsPage: ItemsPage? { pages.last(ItemsPage.self)?.page }

  /// The nearest open item, if any.
  public var detail: ItemPage? { pages.last(ItemPage.self)?.page }

  /// The key list is open.
  public var showsHelp: Bool { pages.top.kind == .help }

  /// Work is under way in the background (the spinner turns).
  public var isBusy: Bool { busyWhat != nil }

  /// True when the list on screen did not come from the network just now.
  public var isOffline: Bool { list.freshness != .live }

  /// Whether pictures are drawn now.
  public var showsPictures: Bool { pictures.isEnabled }

  // Readings of the items page. With no items page (the feed list alone) they are an empty
  // list and idle flags.

  /// The list on screen: the feed, or an artist search's result.
  public var list: ItemList { itemsPage?.list ?? Self.noList }

  static var noList: ItemList { ItemList(title: "artfeed", items: []) }

  /// The search prompt's text while the reader types, nil when the prompt is closed.
  public var prompt: String? { itemsPage?.prompt?.text }
  /// Where typing goes in the prompt, in characters from its start.
  public var promptCursor: Int { itemsPage?.prompt?.cursor ?? 0 }
  public var searchQuery: String? { itemsPage?.searchQuery }
  public var isLoading: Bool { itemsPage?.isLoading ?? false }
  public var isSearching: Bool { itemsPage?.isSearching ?? false }
  public var loadFailure: LoadError? { itemsPage?.loadFailure }
  public var searchFailure: LoadError? { itemsPage?.searchFailure }

  /// The commands that record `list` as the items of `source` (what a finished load asks).
  func observeCommands(_ source: SourceKey, list: ItemList) -> [Command] {
    marks?.observeCommands(source, items: list.items, complete: !list.isPartial) ?? []
  }

  /// The picture the open item's box shows.
  func detailPictureKey(_ detail: ItemPage) -> PictureCache.Key? {
    detail.pictureKey(pictures)
  }

  /// Scrolls the list so a row is at the top (`artfeed render --top`).
  public mutating func scrollList(toRow row: Int) { changeItemsList { $0.scroll(toRow: row) } }
  /// Selects a row of the list (`artfeed render --select`).
  public mutating func selectRow(_ row: Int) { changeItemsList { $0.select(row) } }
  /// Starts a new count of rows measured.
  public mutating func resetListStats() { changeItemsList { $0.resetStats() } }

  /// Changes the nearest items page's list (the command line's `render` places it).
  private mutating func changeItemsList(_ body: (inout ItemList) -> Void) {
    guard let index = pages.last(ItemsPage.self)?.index else { return }
    _ = route(index) { page, _ in
      guard var items = page as? ItemsPage else { return PageOutcome() }
      items.changeList(body)
      page = items
      return PageOutcome()
    }
  }

  /// "just now", "5 min ago", "3 h ago", "2 d ago": how old a cached copy is.
  public static func age(since date: Date, now: Date) -> String {
    let seconds = max(0, Int(now.timeIntervalSince(date)))
    switch seconds {
    case ..<60: return "just now"
    case ..<3600: return "\(seconds / 60) min ago"
    case ..<86_400: return "\(seconds / 3600) h ago"
    default: return "\(seconds / 86_400) d ago"
    }
  }
}
