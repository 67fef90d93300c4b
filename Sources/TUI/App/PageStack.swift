import FeedCore
import FeedStore

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
}

/// The pages on screen, bottom first: the feed list (with subscriptions), a list of items,
/// an open item. Only the top one is drawn and gets keys; the ones below keep their state,
/// so going back finds the selection where it was.
///
/// The order is fixed, so the stack is three optional levels rather than an array: an item
/// is opened from an items page, an items page from the feed list (or it is the first page).
struct PageStack {
  var feeds: FeedListPage?
  var items: ItemsPage?
  var item: DetailState?

  enum Top { case feeds, items, item }

  var top: Top {
    if item != nil { return .item }
    if items != nil { return .items }
    return .feeds
  }

  /// The pages below the top one: Esc or q can go back.
  var canGoBack: Bool {
    item != nil || (items != nil && feeds != nil)
  }
}

/// A list of items and what is under way for it: loading, an artist search and its prompt,
/// next pages. Its keys and drawing are `AppState`'s list code (AppState+Update, +Search,
/// +Progress, +Render), which reach it through the forwarding properties below.
struct ItemsPage {
  /// The list on screen: the feed, or an artist search's result.
  var list: ItemList
  /// The feed's list while a search result is shown; Esc brings it back as it was.
  var savedList: ItemList?
  /// The artist the shown list was searched for (the title bar says so).
  var searchQuery: String?
  /// What the prompt restores on Esc: the list and query from before it opened.
  var beforePrompt: (list: ItemList, query: String?)?
  /// The list is being (re)loaded.
  var isLoading = false
  /// An artist search is being answered.
  var isSearching = false
  /// Why the last load failed, while it has not succeeded since.
  var loadFailure: LoadError?
  /// Why the last artist search failed, until the next one answers.
  var searchFailure: LoadError?
  /// The batches of the load under way (AppState+Progress.swift).
  var progress = LoadProgress()
  /// Where the list comes from.
  var source: SourceKey
  /// The page was opened by `/` on the feed list: Esc in the prompt goes back there.
  var openedForSearch = false

  init(list: ItemList, source: SourceKey) {
    self.list = list
    self.source = source
  }
}

extension AppState {
  /// The page on top.
  var topPage: PageStack.Top { pages.top }

  /// Where the items page's list comes from (`.main` when there is none).
  public var itemsSource: SourceKey { pages.items?.source ?? .main }

  /// The feed list, when the reader has subscriptions.
  public var feedList: FeedListPage? { pages.feeds }

  // The items page's state, as the list code has always used it. With no items page (the
  // feed list alone) the reads are an empty list and idle flags, and writes go nowhere.

  /// The list on screen: the feed, or an artist search's result.
  public internal(set) var list: ItemList {
    get { pages.items?.list ?? Self.noList }
    _modify {
      var (page, had) = takeItemsPage()
      defer { if had { pages.items = page } }
      yield &page.list
    }
  }

  static var noList: ItemList { ItemList(title: "artfeed", items: []) }

  /// The items page moved out of the stack, so that changing it in place copies nothing (it
  /// is uniquely referenced) and whether there was one; the caller puts it back. With none,
  /// an empty page that is not put back: writes to it go nowhere.
  private mutating func takeItemsPage() -> (page: ItemsPage, had: Bool) {
    guard let page = pages.items else {
      return (ItemsPage(list: Self.noList, source: .main), false)
    }
    pages.items = nil
    return (page, true)
  }

  var savedList: ItemList? {
    get { pages.items?.savedList }
    _modify {
      var (page, had) = takeItemsPage()
      defer { if had { pages.items = page } }
      yield &page.savedList
    }
  }

  public internal(set) var searchQuery: String? {
    get { pages.items?.searchQuery }
    set { pages.items?.searchQuery = newValue }
  }

  var beforePrompt: (list: ItemList, query: String?)? {
    get { pages.items?.beforePrompt }
    set { pages.items?.beforePrompt = newValue }
  }

  public internal(set) var isLoading: Bool {
    get { pages.items?.isLoading ?? false }
    set { pages.items?.isLoading = newValue }
  }

  public internal(set) var isSearching: Bool {
    get { pages.items?.isSearching ?? false }
    set { pages.items?.isSearching = newValue }
  }

  public internal(set) var loadFailure: LoadError? {
    get { pages.items?.loadFailure }
    set { pages.items?.loadFailure = newValue }
  }

  public internal(set) var searchFailure: LoadError? {
    get { pages.items?.searchFailure }
    set { pages.items?.searchFailure = newValue }
  }

  var progress: LoadProgress {
    get { pages.items?.progress ?? LoadProgress() }
    _modify {
      var (page, had) = takeItemsPage()
      defer { if had { pages.items = page } }
      yield &page.progress
    }
  }

  /// The open item, if any.
  public internal(set) var detail: DetailState? {
    get { pages.item }
    set { pages.item = newValue }
  }
}
