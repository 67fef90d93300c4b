import FeedCore
import FeedStore

/// Everything the browser shows, and nothing about how it is drawn.
///
/// Changed only by `update(_:)` (AppState+Update.swift), which turns events into new state and
/// commands; drawn only by `render(into:)` (AppState+Render.swift). One run loop owns it.
public struct AppState {
  /// The terminal size the state was last laid out for.
  public private(set) var width: Int
  public private(set) var height: Int
  /// The list on screen: the feed, or an artist search's result.
  public internal(set) var list: ItemList
  /// The feed's list while a search result is shown; Esc brings it back as it was.
  var savedList: ItemList?
  /// The artist the shown list was searched for (the title bar says so).
  public internal(set) var searchQuery: String?
  /// The search prompt's text while the reader types, nil when the prompt is closed.
  public internal(set) var prompt: String?
  /// Where typing goes in the prompt, in characters from its start.
  public internal(set) var promptCursor = 0
  /// What the prompt restores on Esc: the list and query from before it opened.
  var beforePrompt: (list: ItemList, query: String?)?
  /// The open item, if any.
  public internal(set) var detail: DetailState?
  public internal(set) var showsHelp = false
  /// The help overlay's first line shown, when it is too tall for the screen.
  var helpTop = 0
  /// The last error or note for the status line.
  public internal(set) var status: String?
  /// The main list is being (re)loaded.
  public internal(set) var isLoading = false
  /// An artist search is being answered.
  public internal(set) var isSearching = false
  /// Why the last load of the main list failed, while it has not succeeded since.
  public internal(set) var loadFailure: LoadError?
  /// Quit when the first load finds the source is not a feed or cannot be read (a file given
  /// on the command line: the browser then fails as `parse` does, instead of an empty list).
  public var quitsIfNotAFeed = false
  /// Why the last artist search failed, until the next one answers.
  public internal(set) var searchFailure: LoadError?
  /// Pictures: on or off, depth, converted cells and failures (AppState+Pictures.swift).
  public internal(set) var pictures = PictureBoard()
  /// The batches of the load under way (AppState+Progress.swift).
  var progress = LoadProgress()
  var spinnerFrame = 0
  var loadGeneration = 0
  var searchGeneration = 0

  /// A state showing `list` (usually empty and loading) at a terminal size.
  public init(
    list: ItemList = ItemList(title: "artfeed", items: []), isOffline: Bool, width: Int, height: Int
  ) {
    self.list = list
    if !isOffline { self.list.freshness = .live }
    self.width = max(0, width)
    self.height = max(0, height)
    self.list.resize(width: listWidth, height: listHeight)
  }

  /// Work is under way in the background (the spinner turns).
  public var isBusy: Bool {
    isLoading || isSearching || list.pageInFlight != nil || savedList?.pageInFlight != nil
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

  mutating func resize(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    let (columns, lines) = (listWidth, listHeight)
    list.resize(width: columns, height: lines)
    savedList?.resize(width: columns, height: lines)
    detail?.resize(width: self.width, height: lines)
  }
}

/// The open item: its laid-out text and the reading position.
public struct DetailState {
  public private(set) var view: DetailView
  /// The first line shown.
  public private(set) var top = 0
  public private(set) var height: Int
  /// The place in the text the reader scrolled to. Only the reader moves it: re-wraps find it
  /// again, so going 100 -> 60 -> 100 columns comes back to the very same line.
  private var place: (block: Int, offset: Int) = (-1, -1)

  init(item: FeedItem, width: Int, height: Int) {
    view = DetailView(item: item, width: width)
    self.height = max(0, height)
  }

  var maxTop: Int { max(0, view.lines.count - height) }

  mutating func scroll(by lines: Int) {
    top = min(max(0, top + lines), maxTop)
    place = view.position(ofLine: top)
  }

  mutating func scrollToEnd() { scroll(by: maxTop - top) }

  /// Re-wraps at a new width, keeping the passage that was at the top of the screen there.
  mutating func resize(width: Int, height: Int) {
    self.height = max(0, height)
    if width != view.width { view = DetailView(item: view.item, width: width) }
    top = min(view.line(atBlock: place.block, offset: place.offset), maxTop)
  }
}

extension AppState {
  /// Scrolls the list so a row is at the top (`artfeed render --top`).
  public mutating func scrollList(toRow row: Int) { list.scroll(toRow: row) }
  /// Selects a row of the list (`artfeed render --select`).
  public mutating func selectRow(_ row: Int) { list.select(row) }
  /// Starts a new count of rows measured.
  public mutating func resetListStats() { list.resetStats() }
}
