import FeedCore
import FeedModel
import Foundation
import Pictures
import Settings
import TextLayout

/// Everything the browser shows, and nothing about how it is drawn: a router over a stack
/// of pages (`PageStack`) and three sub-models with updates of their own (the marks book,
/// the pictures, the feeds' refresh).
///
/// Changed only by `update(_:)`, which routes keys and the mouse to the page on top and
/// finished work to the pages and sub-models it is for, then carries out what they ask
/// (`PageOutcome`); drawn only by `render(_:)`, which asks the page on screen to draw itself.
/// One run loop owns it.
public struct AppState {
  /// The terminal size the state was last laid out for.
  public private(set) var width: Int
  public private(set) var height: Int
  /// The pages, bottom first; the one on top gets the keys.
  var pages: PageStack
  /// The last error or note for the status line.
  public internal(set) var status: String?
  /// Quit when the first load finds the source is not a feed or cannot be read (a file given
  /// on the command line: the browser then fails as `parse` does, instead of an empty list).
  public var quitsIfNotAFeed = false
  /// Pictures: on or off, depth, converted cells and failures.
  public internal(set) var pictures = PictureBoard()
  /// The reader's time zone, for dates in laid-out text (set once at start; UTC until then,
  /// so that tests draw the same screens everywhere).
  public var timeZone = TimeZone(secondsFromGMT: 0) ?? TimeZone.current
  var spinnerFrame = 0
  /// Reads and refreshes of subscriptions.
  var refreshing = FeedRefreshing()
  /// Generations of pages opened from now on start here: each page its own range, so a
  /// late answer for one page never matches another.
  private var generationEpoch = 1
  /// The reader's settings, read once at start (`Settings.load`).
  public let settings: Settings
  /// The keys in effect (the settings' `[keys]` over the defaults).
  public let keys: KeyBindings
  /// The reader's marks and counts as the screen needs them; nil while the reading state
  /// is off (`attachState`).
  public internal(set) var marks: MarkBook?
  /// Each subscription's source as the feeds file has it (its state key), by number.
  private let subscriptionSources: [String?]
  var subscriptionCount: Int { subscriptionSources.count }

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
    self.width = max(0, width)
    self.height = max(0, height)
    var page = ItemsPage(list: list, source: .main, keys: keys)
    page.resize(width: self.width, height: self.height)
    pages = PageStack(page)
    subscriptionSources = []
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
    var page = FeedListPage(
      titles: feedTitles, customTitles: customTitles, sources: sources, tags: tags)
    page.keys = keys
    self.width = max(0, width)
    self.height = max(0, height)
    page.resize(width: self.width, height: self.height)
    pages = PageStack(page)
    subscriptionSources = feedTitles.indices.map { index in
      sources.flatMap { index < $0.count ? $0[index] : nil }
    }
  }

  /// Seconds between automatic refreshes (the settings' `refresh-interval`); nil: none, and
  /// the run loop keeps no timer for it.
  public var refreshInterval: Int? { settings.refreshInterval }

  // MARK: - Geometry

  /// The terminal is too small for the layout: a message is shown instead.
  public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }
  public static let minimumWidth = 10
  public static let minimumHeight = 4

  /// Lays every page out at a new terminal size (each page resizes what it keeps).
  mutating func resize(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    pages.resize(width: self.width, height: self.height)
  }

  // MARK: - Starting

  /// Starts (or restarts) loading the first page's list.
  public mutating func startLoading() -> [Command] {
    route(0) { page, _ in
      guard var items = page as? ItemsPage else { return PageOutcome() }
      let commands = items.startLoading()
      page = items
      return PageOutcome(commands)
    }
  }

  /// Opens the prompt with a query already typed (`artfeed --artist NAME`), as if typed and
  /// kept. Over the feed list, the search is one across every feed: "All items" shows it.
  public mutating func startSearch(_ query: String) -> [Command] {
    var commands: [Command] = []
    if topPage == .feeds, let (_, list) = pages.last(FeedListPage.self) {
      commands += carryOut(list.open(0, context: context(for: pages.count - 1)), from: 0)
    }
    status = nil
    let index = pages.count - 1
    return commands
      + route(index) { page, _ in
        guard var items = page as? ItemsPage else { return PageOutcome() }
        let outcome = items.startSearch(query)
        page = items
        return outcome
      }
  }

  /// Reads every subscription (cached copies at once, the never-fetched fetched); with the
  /// settings' `refresh-on-start`, every feed is refreshed once they are read.
  public mutating func startOpeningFeeds() -> [Command] {
    guard pages.last(FeedListPage.self) != nil else { return [] }
    let step = refreshing.open(thenRefresh: settings.refreshOnStart)
    return step.commands + broadcast(step.news)
  }

  /// Turns the reading state on: rows show their marks, the feed list its counts and a
  /// "Starred" entry. `mainFeed` is the feed the browser's own source is, if any.
  public mutating func attachState(mainFeed: FeedKey?) -> [Command] {
    marks = MarkBook(
      mainFeed: mainFeed, subscriptions: subscriptionSources.map { $0.map(FeedKey.init) })
    _ = broadcast([.stateAttached])
    return countCommands()
  }

  /// Turns pictures on or off and sets the colour depth and, for a terminal that shows
  /// pixels, its cell size (`PictureBoard.configure`).
  public mutating func configurePictures(
    enabled: Bool, depth: ColorDepth, cell: CellSize? = nil, note: String? = nil,
    terminalPlaysMotion: Bool = false
  ) {
    pictures.configure(
      enabled: enabled, depth: depth, cell: cell, note: note,
      byteBudget: settings.pictureMemoryCache, terminalPlaysMotion: terminalPlaysMotion)
  }

  // MARK: - Routing

  /// The context page `index` handles a key or an event in.
  func context(for index: Int) -> PageContext {
    PageContext(
      keys: keys, settings: settings, width: width, height: height,
      hasPageBelow: index > 0, isOnTop: index == pages.count - 1,
      hasFeedList: pages.last(FeedListPage.self).map { $0.index < index } ?? false,
      hasMarks: marks != nil, counts: marks?.counts, generationFloor: generationEpoch << 32,
      timeZone: timeZone, pictures: pictures)
  }

  /// Runs `body` on page `index` and carries out what it asks.
  mutating func route(
    _ index: Int, _ body: (inout any Page, PageContext) -> PageOutcome
  ) -> [Command] {
    guard pages.pages.indices.contains(index) else { return [] }
    let context = context(for: index)
    let outcome = pages.modify(index) { body(&$0, context) }
    return carryOut(outcome, from: index)
  }

  /// Gives every page on the stack `news`, bottom first, and carries out what each asks.
  mutating func broadcast(_ news: [PageEvent]) -> [Command] {
    var commands: [Command] = []
    for event in news {
      for index in pages.pages.indices {
        guard index < pages.count else { break }
        let context = context(for: index)
        let outcome = pages.modify(index) { $0.apply(event, context: context) }
        commands += carryOut(outcome, from: index)
      }
    }
    return commands
  }

  /// Does what page `index` asked: the status line, its news for the others, its requests.
  private mutating func carryOut(_ outcome: PageOutcome, from index: Int) -> [Command] {
    if quitsIfNotAFeed,
      outcome.requests.contains(where: { if case .sourceUnreadable = $0 { true } else { false } })
    {
      return [.quit]
    }
    if let change = outcome.status { status = change }
    var commands = outcome.commands
    for request in outcome.requests {
      commands += carryOut(request, from: index)
    }
    if !outcome.news.isEmpty { commands += broadcast(outcome.news) }
    return commands
  }

  private mutating func carryOut(_ request: PageRequest, from index: Int) -> [Command] {
    let source = itemsSource
    switch request {
    case .push(var page):
      page.resize(width: width, height: height)
      pages.push(page)
      generationEpoch += 1
      // A list from another source on screen: its counts (All items counts new ones).
      return itemsSource == source ? [] : countCommands()
    case .close:
      guard index == pages.count - 1, let closed = pages.pop() else { return [] }
      status = nil
      // Leaving a source: its next "new since last visit" counts from now.
      guard let left = closed.source, left != itemsSource else {
        return closed.closingCommands()
      }
      return closed.closingCommands() + (marks?.visitCommands(left) ?? []) + countCommands()
    case .quit:
      return (marks?.visitCommands(source) ?? []) + [.quit]
    case .help:
      pages.push(HelpPage(width: width, height: height))
      return []
    case .togglePictures:
      status = pictures.toggle(keys)
      return []
    case .openLink(let item):
      guard let link = item?.link, let url = LinkOpener.safeURL(link) else {
        status = "This item has no web link"
        return []
      }
      status = nil
      return [.openLink(url)]
    case .openPicture(let item, let picture):
      status = "Opening the picture…"
      return [.openPicture(item, picture: picture)]
    case .copyLink(let item):
      guard let link = item?.link, let url = LinkOpener.safeURL(link) else {
        status = "This item has no web link"
        return []
      }
      return [.copyToClipboard(url)]
    case .refreshFeeds(let feeds):
      guard pages.last(FeedListPage.self) != nil else { return [] }
      return refreshFeeds(feeds)
    case .refreshState:
      return marks == nil ? [] : [.refreshState]
    case .toggleRead(let item, let shownRead):
      return applyMarks(marks?.toggleRead(item, shownRead: shownRead, source: source))
    case .toggleStar(let item):
      let commands = applyMarks(marks?.toggleStar(item, source: source))
      guard let starred = marks?.marks(of: item)?.starred else { return commands }
      return commands + pictures.keep(item, starred)
    case .opened(let item):
      return marks?.opened(item, source: source) ?? []
    case .markViewRead(let items, let count):
      return applyMarks(marks?.markViewRead(items, count: count))
    case .undoMark:
      return applyMarks(marks?.undoMark())
    case .download(let item, let feed):
      status = "Saving the picture…"
      return [.download(item, feed: feed)] + pictures.keep(item, true)
    case .openArtist(let item):
      guard let name = item?.author, !ArtistIdentity.key(name).isEmpty else {
        status = "This item names no artist"
        return []
      }
      var page = ItemsPage(
        list: ItemList(title: "Artist: \(name)", items: [], metrics: settings.rowMetrics),
        source: .artist(name), generationsFrom: (generationEpoch << 32) + (1 << 31), keys: keys)
      let commands = page.startLoading()
      return carryOut(.push(page), from: index) + commands
    case .openViewer(let item, let picture):
      return carryOut(.push(viewer(on: item, picture: picture)), from: index)
    case .toggleFollow(let item):
      guard marks != nil else {
        status = ItemsPage.stateIsOff
        return []
      }
      guard let name = item?.author, !ArtistIdentity.key(name).isEmpty else {
        status = "This item names no artist"
        return []
      }
      return [.toggleFollow(name)]
    case .loadEnded(let loaded):
      var commands: [Command] = []
      if let loaded, let marks {
        let from = pages.pages[min(index, pages.count - 1)].source
        commands += marks.observeCommands(from, items: loaded.items, complete: loaded.complete)
        commands += countCommands()
      }
      showPendingNote()
      return commands + (marks == nil ? [] : marks?.maintenanceCommands() ?? [])
    case .sourceUnreadable:
      return []
    }
  }

  /// What the marks book asked: its status, its work, and lists shown read drawn from their
  /// marks again. With the state off, the key says so.
  mutating func applyMarks(_ update: MarkUpdate?) -> [Command] {
    guard let update else {
      status = ItemsPage.stateIsOff
      return []
    }
    if let change = update.status { status = change }
    return update.commands + (update.rowsFromMarks ? broadcast([.viewShownRead(false)]) : [])
  }

  /// Asks for counts, when the state is on.
  func countCommands() -> [Command] {
    guard let marks else { return [] }
    // The feed list's "Following" line is counted with the rest while the list is on top
    // (the count reads every feed's items: not after each key on another page).
    let following: [Command] = pages.pages.last is FeedListPage ? [.countFollowing] : []
    return marks.countCommands(itemsSource) + following
  }

  /// Says why pictures are symbols, once, when the first picture is here and no list loads.
  mutating func showPendingNote() {
    if let note = pictures.takeNote(whileLoading: isLoading) { status = note }
  }
}
