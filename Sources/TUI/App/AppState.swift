import FeedCore
import FeedModel
import Foundation
import Settings

/// Everything the browser shows, and nothing about how it is drawn.
///
/// Changed only by `update(_:)` (AppState+Update.swift), which turns events into new state and
/// commands; drawn only by `render(_:)` (AppState+Render.swift), a pure function of the state
/// and a `RenderContext`. One run loop owns it. The pages are models of their own
/// (`FeedListPage`, `ItemsPage`, `DetailState`); the state routes keys and finished work to
/// the page they are for and carries out what the page asks (`ItemsPage.Outcome`).
public struct AppState {
  /// The terminal size the state was last laid out for.
  public private(set) var width: Int
  public private(set) var height: Int
  /// The pages, feeds -> items -> item (`PageStack`); the one on top is the one shown.
  var pages: PageStack
  /// What sits over the page on top, if anything.
  public internal(set) var overlay: Overlay?
  /// The last error or note for the status line.
  public internal(set) var status: String?
  /// Quit when the first load finds the source is not a feed or cannot be read (a file given
  /// on the command line: the browser then fails as `parse` does, instead of an empty list).
  public var quitsIfNotAFeed = false
  /// Pictures: on or off, depth, converted cells and failures (AppState+Pictures.swift).
  public internal(set) var pictures = PictureBoard()
  /// The reader's time zone, for dates in laid-out text (set once at start; UTC until then,
  /// so that tests draw the same screens everywhere).
  public var timeZone = TimeZone(secondsFromGMT: 0) ?? TimeZone.current
  var spinnerFrame = 0
  /// Token matching a feeds read or refresh to what asked for it.
  var feedsGeneration = 0
  /// The highest generation any items page used: the next page starts above it.
  var generationFloor = 0
  /// The reader's settings, read once at start (`Settings.load`).
  public let settings: Settings
  /// The keys in effect (the settings' `[keys]` over the defaults).
  public let keys: KeyBindings
  /// The read of subscriptions that `refresh-on-start` follows with a refresh.
  var refreshAfterOpening: Int?
  /// The reader's marks and counts as the screen needs them; nil while the reading state
  /// is off (`attachState`).
  public internal(set) var marks: MarkBook?

  /// What can sit over the page on top.
  public enum Overlay: Equatable {
    /// The key list; `top` is its first line shown when it is taller than the screen.
    case help(top: Int)
  }

  /// A state showing `list` (nil: an empty list, loading) at a terminal size: the items page
  /// alone, as for one feed or the bundled ones.
  public init(
    list: ItemList? = nil, isOffline: Bool, width: Int, height: Int,
    settings: Settings = Settings()
  ) {
    self.settings = settings
    keys = KeyBindings(settings)
    var list = list ?? ItemList(title: "artfeed", items: [], metrics: settings.rowMetrics)
    if !isOffline { list.freshness = .live }
    self.pages = PageStack(items: ItemsPage(list: list, source: .main, keys: keys))
    self.width = max(0, width)
    self.height = max(0, height)
    let (columns, lines) = (self.width, listHeight)
    pages.items?.resize(columns: columns, lines: lines)
  }

  /// A state opening on the feed list of `library`'s subscriptions (titled by the feeds
  /// file's `~` titles, else by their sources until read); `startOpeningFeeds()` reads them.
  public init(
    feeds library: any SubscriptionListing, width: Int, height: Int, settings: Settings = Settings()
  ) {
    let subscriptions = library.subscriptions
    let known = library.knownTitles
    self.init(
      feedTitles: subscriptions.indices.map { index in
        subscriptions[index].title ?? known[index] ?? subscriptions[index].source
      },
      customTitles: subscriptions.map { $0.title?.isEmpty == false },
      sources: subscriptions.map { $0.address.subscriptionKey }, tags: subscriptions.map(\.tags),
      width: width, height: height, settings: settings)
  }

  /// The feed list of subscriptions with these titles (`customTitles`: the feeds file gave
  /// them, so a feed's own title does not replace them).
  public init(
    feedTitles: [String], customTitles: [Bool]? = nil, sources: [String]? = nil,
    tags: [[String]]? = nil, width: Int, height: Int, settings: Settings = Settings()
  ) {
    self.settings = settings
    keys = KeyBindings(settings)
    self.pages = PageStack(
      feeds: FeedListPage(
        titles: feedTitles, customTitles: customTitles, sources: sources, tags: tags))
    pages.feeds?.keys = keys
    self.width = max(0, width)
    self.height = max(0, height)
    let lines = listHeight
    pages.feeds?.resize(height: lines)
  }

  /// Seconds between automatic refreshes (the settings' `refresh-interval`); nil: none, and
  /// the run loop keeps no timer for it.
  public var refreshInterval: Int? { settings.refreshInterval }

  /// Work is under way in the background (the spinner turns).
  public var isBusy: Bool {
    pages.items?.isBusy == true || pages.feeds?.isReading == true
  }

  /// True when the list on screen did not come from the network just now.
  public var isOffline: Bool { list.freshness != .live }

  // MARK: - Geometry

  /// The terminal is too small for the layout: a message is shown instead.
  public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }
  public static let minimumWidth = 10
  public static let minimumHeight = 4

  /// Columns for rows: the last column is the scrollbar.
  var listWidth: Int { max(0, width - 1) }
  /// Lines for rows: the first line is the title bar, the last the status line.
  var listHeight: Int { max(0, height - 2) }

  /// Lays every page out at a new terminal size (each page resizes what it keeps).
  mutating func resize(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    let (columns, lines) = (self.width, listHeight)
    pages.items?.resize(columns: columns, lines: lines)
    pages.item?.resize(width: columns, height: lines)
    pages.feeds?.resize(height: lines)
  }
}

/// The open item: its laid-out text and the reading position.
public struct DetailState {
  public internal(set) var view: DetailView
  /// The first line shown.
  public private(set) var top = 0
  public private(set) var height: Int
  /// The place in the text the reader scrolled to. Only the reader moves it: re-wraps find it
  /// again, so going 100 -> 60 -> 100 columns comes back to the very same line.
  private(set) var place: (block: Int, offset: Int) = (-1, -1)

  init(item: FeedItem, width: Int, height: Int, timeZone: TimeZone) {
    view = DetailView(item: item, width: width, height: height, timeZone: timeZone)
    self.height = max(0, height)
  }

  var maxTop: Int { max(0, view.lines.count - height) }

  /// What a key on the item page asks of the app beyond scrolling.
  enum Outcome: Equatable {
    case none, back, openLink, copyLink, help, togglePictures
    case toggleRead, toggleStar, download
  }

  /// The item page's keys: the moving keys scroll; the rest say what the app should do.
  mutating func handle(_ action: Action) -> Outcome {
    let page = max(1, height - 1)
    switch action {
    case .down: scroll(by: 1)
    case .up: scroll(by: -1)
    case .halfPageDown: scroll(by: max(1, height / 2))
    case .halfPageUp: scroll(by: -max(1, height / 2))
    case .pageDown: scroll(by: page)
    case .pageUp: scroll(by: -page)
    case .top: scroll(by: -top)
    case .bottom: scrollToEnd()
    case .back, .quit: return .back
    case .openLink: return .openLink
    case .copyLink: return .copyLink
    case .help: return .help
    case .togglePictures: return .togglePictures
    case .previousPicture: showPicture(view.pictureIndex - 1)
    case .nextPicture: showPicture(view.pictureIndex + 1)
    case .toggleRead: return .toggleRead
    case .toggleStar: return .toggleStar
    case .download: return .download
    case .open, .reload, .refreshAll, .search, .markViewRead, .undoMark, .nextUnread,
      .previousUnread, .filter, .nextTag, .gallery, .cardLeft, .cardRight:
      break
    }
    return .none
  }

  /// The status line's hints on the item page, with the keys in effect.
  static func hints(_ keys: KeyBindings) -> String {
    KeyBindings.join(
      keys.hint(.down, .up, says: "scroll"), keys.hint(.openLink, says: "open link"),
      keys.hint(.copyLink, says: "copy it"), keys.hint(.quit, says: "back"),
      keys.hint(.help, says: "help"))
  }

  mutating func scroll(by lines: Int) {
    top = min(max(0, top + lines), maxTop)
    place = view.position(ofLine: top)
  }

  mutating func scrollToEnd() { scroll(by: maxTop - top) }

  /// Re-wraps at a new width, keeping the passage that was at the top of the screen there.
  mutating func resize(width: Int, height: Int) {
    self.height = max(0, height)
    if width != view.width || self.height != view.height { relayout(width: width) }
    top = min(view.line(atBlock: place.block, offset: place.offset), maxTop)
  }
}

extension AppState {
  /// The page on top.
  var topPage: PageStack.Top { pages.top }

  /// Where the items page's list comes from (`.main` when there is none).
  public var itemsSource: SourceKey { pages.items?.source ?? .main }

  /// The feed list, when the reader has subscriptions.
  public var feedList: FeedListPage? { pages.feeds }

  /// The items page, when there is one.
  public var itemsPage: ItemsPage? { pages.items }

  // Readings of the items page, for the app's own code and tests. With no items page (the
  // feed list alone) they are an empty list and idle flags.

  /// The list on screen: the feed, or an artist search's result.
  public var list: ItemList { pages.items?.list ?? Self.noList }

  static var noList: ItemList { ItemList(title: "artfeed", items: []) }

  /// The search prompt's text while the reader types, nil when the prompt is closed.
  public var prompt: String? { pages.items?.prompt?.text }
  /// Where typing goes in the prompt, in characters from its start.
  public var promptCursor: Int { pages.items?.prompt?.cursor ?? 0 }
  public var showsHelp: Bool { overlay != nil }
  public var searchQuery: String? { pages.items?.searchQuery }
  public var isLoading: Bool { pages.items?.isLoading ?? false }
  public var isSearching: Bool { pages.items?.isSearching ?? false }
  public var loadFailure: LoadError? { pages.items?.loadFailure }
  public var searchFailure: LoadError? { pages.items?.searchFailure }

  /// The open item, if any.
  public var detail: DetailState? { pages.item }

  /// Scrolls the list so a row is at the top (`artfeed render --top`).
  public mutating func scrollList(toRow row: Int) { pages.items?.list.scroll(toRow: row) }
  /// Selects a row of the list (`artfeed render --select`).
  public mutating func selectRow(_ row: Int) { pages.items?.list.select(row) }
  /// Starts a new count of rows measured.
  public mutating func resetListStats() { pages.items?.list.resetStats() }
}
