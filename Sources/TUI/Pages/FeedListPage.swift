import FeedCore
import FeedModel
import Foundation
import TextLayout

/// The first page with subscriptions: "All items", then one line per feed with its title,
/// tags, item count and state (fresh, cached with its age, the error in one line, "retry in
/// 5 min" while its server asked to wait). `t` shows only the feeds with one tag, then the
/// next tag, then all again.
///
/// A page of its own: `handle(_:)` turns an action into what the app should do, `draw`
/// fills the list area, `hints` is its status line. Rows are one line each, so the page
/// keeps a plain top line and selection; drawing looks at the rows on screen only.
public struct FeedListPage: Sendable {
  /// One line of the list.
  public struct Entry: Sendable {
    /// The title shown: the feeds file's `~` title, else the feed's own, else its source.
    public var title: String
    /// The feed's latest list, if it has one (nil for "All items", whose items are merged
    /// from the others').
    public var list: LoadedList?
    /// What the last read or refresh came to; nil while the first read is under way.
    public var state: FeedState?
    /// A refresh of this feed is under way.
    public var isRefreshing = false
    /// The title came from the feeds file (`~Title`), so a feed's own does not replace it.
    var hasCustomTitle = false
    /// The feed's source as the feeds file has it (an error that starts with it is shown
    /// without it: the row says which feed).
    var source: String?
    /// The feed's tags in the feeds file.
    public var tags: [String] = []
    /// When its server may be asked again, when it asked artfeed to wait.
    public var retryAt: Date?

    public var itemCount: Int? { list?.chunks.count }
  }

  /// Entry 0 is "All items"; entry `i + 1` is subscription `i`.
  public private(set) var entries: [Entry]
  /// The selected line: `line(_:)` says which entry it is (the "Starred" line, when shown,
  /// is line 1 and no entry).
  public private(set) var selection = 0
  /// The first line on screen.
  public private(set) var top = 0
  /// The reading state is on: a "Starred" line follows "All items", and counts come from it.
  public internal(set) var showsStarred = false {
    didSet { arrangeLines() }
  }
  /// The "Following" line's figures, once counted: the followed artists' items and how many
  /// artists are followed.
  public internal(set) var following: (counts: FeedCounts, artists: Int)?
  /// The tag whose feeds alone are shown, if any (`t`).
  public private(set) var tagFilter: String?
  /// The lines shown, in order: "All items", "Starred" when shown, the feeds (with the
  /// filter's tag).
  private var lines: [Line] = [.entry(0)]
  /// The feeds the last read or refresh covered (nil: every one): only their failures are
  /// news when it ends.
  private(set) var covered: Set<Int>?
  /// What each feed of the refresh under way came to, by subscription number (nil: the
  /// opening read, which is no refresh): its end says what happened in one line.
  private(set) var refreshed: [Int: (state: FeedState, source: String)]?
  /// The keys in effect, for the hints.
  var keys = KeyBindings.standard
  /// Lines for entries.
  public private(set) var height = 0
  /// Items in "All items": every feed's, de-duplicated.
  public private(set) var allItemsCount = 0
  /// Items in "All items" under the tag filter: the shown feeds', de-duplicated.
  public private(set) var taggedItemsCount = 0
  /// A read or refresh under way: how many feeds it covers and how many have come back.
  public private(set) var reading: (done: Int, total: Int)?
  /// Every subscription's list by its number (nil: none read yet), kept beside `entries`
  /// so the news of one feed's arrival carries them all without an O(subscriptions) copy.
  private(set) var feedLists: [LoadedList?]

  /// The page for subscriptions with these titles (nil: the source is shown until the feed
  /// is read) and tags.
  public init(
    titles: [String], customTitles: [Bool]? = nil, sources: [String]? = nil,
    tags: [[String]]? = nil
  ) {
    entries = [Entry(title: AllItems.title, list: nil, state: nil)]
    feedLists = Array(repeating: nil, count: titles.count)
    for (index, title) in titles.enumerated() {
      var entry = Entry(title: title, list: nil, state: nil)
      entry.hasCustomTitle = customTitles.map { index < $0.count && $0[index] } ?? false
      entry.source = sources.flatMap { index < $0.count ? $0[index] : nil }
      entry.tags = tags.flatMap { index < $0.count ? $0[index] : nil } ?? []
      entries.append(entry)
    }
    allTags = Self.tags(of: entries)
    arrangeLines()
  }

  public var feedCount: Int { entries.count - 1 }
  /// The subscription selected, or nil when "All items" (or "Starred") is.
  public var selectedFeed: Int? {
    if case .entry(let entry) = line(selection), entry > 0 { entry - 1 } else { nil }
  }
  var isReading: Bool { reading != nil }

  /// What a line of the list is.
  public enum Line: Sendable, Equatable {
    /// An entry: 0 is "All items", `i + 1` subscription `i`.
    case entry(Int)
    case starred
    /// The work of the artists the reader follows (`f`), from every feed.
    case following
  }

  /// Lines of the list: the entries the tag filter shows, and "Starred" when shown.
  public var lineCount: Int { lines.count }

  /// The entry or "Starred" on line `index`.
  public func line(_ index: Int) -> Line {
    lines.indices.contains(index) ? lines[index] : .entry(0)
  }

  /// Lays the lines out again (the starred line or the tag filter changed).
  private mutating func arrangeLines() {
    let selected = line(selection)
    lines = [.entry(0)] + (showsStarred ? [.starred, .following] : [])
    for index in entries.indices.dropFirst()
    where tagFilter.map({ entries[index].tags.contains($0) }) ?? true {
      lines.append(.entry(index))
    }
    selection = lines.firstIndex(of: selected) ?? 0
    reveal()
  }

  /// Every tag of the feeds, sorted (case ignored), each once: made once (the feeds' tags
  /// come from the feeds file and never change), not on every frame's hints.
  public private(set) var allTags: [String] = []

  private static func tags(of entries: [Entry]) -> [String] {
    var seen = Set<String>()
    return entries.flatMap(\.tags).filter { seen.insert($0).inserted }
      .sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
  }

  /// `t`: only the feeds with the next tag, after the last one all feeds again. The
  /// selection stays when its line is still shown, else it goes to "All items".
  mutating func nextTag() {
    let tags = allTags
    if let current = tagFilter, let index = tags.firstIndex(of: current), index + 1 < tags.count {
      tagFilter = tags[index + 1]
    } else {
      tagFilter = tagFilter == nil ? tags.first : nil
    }
    top = 0
    arrangeLines()
  }

  /// The feeds shown (with the tag filter).
  public var shownFeedCount: Int {
    lines.filter { if case .entry(let index) = $0 { index > 0 } else { false } }.count
  }

  // MARK: - Changes

  mutating func resize(height: Int) {
    self.height = max(0, height)
    reveal()
  }

  /// A read or refresh of `feeds` (subscription numbers; empty: every one) starts.
  mutating func beginReading(_ feeds: [Int], refresh: Bool = false) {
    reading = (0, feeds.count)
    covered = feeds.isEmpty ? nil : Set(feeds)
    refreshed = refresh ? [:] : nil
    for feed in feeds where entries.indices.contains(feed + 1) {
      entries[feed + 1].isRefreshing = true
    }
  }

  /// One feed came back; `allItems` is the merged count with its list.
  mutating func feedRead(_ feed: Int, _ refresh: FeedRefresh) {
    guard entries.indices.contains(feed + 1) else { return }
    var entry = entries[feed + 1]
    entry.isRefreshing = false
    entry.retryAt = refresh.retryAt
    if let list = refresh.list {
      entry.list = list
      feedLists[feed] = list
      entry.state = refresh.state
      if !entry.hasCustomTitle { entry.title = list.title }
    } else if case .failure(let error) = refresh.result, error.kind == .cancelled {
      // Cancelled (Esc): the feed keeps what it showed.
    } else {
      // Failed with no copy to fall back on: a list it had stays, and the error shows.
      entry.state = refresh.state
    }
    if refreshed != nil, !refresh.isCancelled {
      refreshed?[feed] = (refresh.state, refresh.subscription.source)
    }
    entries[feed + 1] = entry
    if let reading { self.reading = (min(reading.total, reading.done + 1), reading.total) }
  }

  /// A feed's list changed through its own page (`r` there).
  mutating func feedReloaded(_ feed: Int, _ list: LoadedList) {
    guard entries.indices.contains(feed + 1) else { return }
    entries[feed + 1].list = list
    feedLists[feed] = list
    if !entries[feed + 1].hasCustomTitle { entries[feed + 1].title = list.title }
    entries[feed + 1].state = FeedState(list)
  }

  /// The read or refresh ended (or was cancelled).
  mutating func endReading() {
    reading = nil
    refreshed = nil
    for index in entries.indices { entries[index].isRefreshing = false }
  }

  mutating func setAllItemsCount(_ count: Int) { allItemsCount = count }

  mutating func setTaggedItemsCount(_ count: Int) { taggedItemsCount = count }

  /// Every feed's list, in subscription order (for "All items").
  var lists: [LoadedList] { entries.dropFirst().compactMap(\.list) }

  /// What the refresh that ended came to, in one line (a feed refreshed alone is named);
  /// nil after the opening read, which is no refresh.
  var refreshSummary: String? {
    guard let refreshed else { return nil }
    let feeds = refreshed.keys.sorted().filter { entries.indices.contains($0 + 1) }
    let summary = RefreshSummary(
      feeds.map { refreshed[$0]?.state ?? .local }, sources: feeds.map { refreshed[$0]?.source })
    let name = feeds.count == 1 ? feeds.first.map { Sanitizer.clean(entries[$0 + 1].title) } : nil
    return Sanitizer.clean(summary.line(naming: name))
  }

  /// The feeds that failed among those the last read or refresh covered.
  var failedCount: Int {
    entries.indices.dropFirst().filter { index in
      guard covered?.contains(index - 1) ?? true else { return false }
      if case .failed = entries[index].state { return true }
      return false
    }.count
  }

  // MARK: - Keys

  /// What keys mean on the feed list.
  enum KeyAction {
    case move(Move)
    case nextTag, open, refresh, refreshAll, search, help, quit, togglePictures
    /// `A`: every item of the selected feed (or of All items, as the tag filter shows it)
    /// read; `u` undoes it.
    case markFeedRead, undoMark
    /// `n` / `N`: the next / previous feed with unread items.
    case findUnread(forward: Bool)
    /// A key that works on an items page only: the status line says so.
    case notHere
  }

  enum Move { case line(Int), halfPage(Int), page(Int), top, bottom }

  /// The feed list's key map.
  static let keyMap: [Action: KeyAction] = [
    .down: .move(.line(1)), .up: .move(.line(-1)),
    .halfPageDown: .move(.halfPage(1)), .halfPageUp: .move(.halfPage(-1)),
    .pageDown: .move(.page(1)), .pageUp: .move(.page(-1)),
    .top: .move(.top), .bottom: .move(.bottom),
    .nextTag: .nextTag, .open: .open, .reload: .refresh, .refreshAll: .refreshAll,
    .search: .search, .help: .help, .quit: .quit, .togglePictures: .togglePictures,
    .markViewRead: .markFeedRead, .undoMark: .undoMark,
    .nextUnread: .findUnread(forward: true), .previousUnread: .findUnread(forward: false),
    .toggleRead: .notHere, .toggleStar: .notHere, .filter: .notHere, .download: .notHere,
    .openPicture: .notHere,
  ]

  mutating func handle(_ action: KeyAction, context: PageContext) -> PageOutcome {
    var outcome = PageOutcome(status: .some(nil))
    switch action {
    case .move(let move):
      let page = max(1, height - 1)
      switch move {
      case .line(let lines): select(selection + lines)
      case .halfPage(let sign): select(selection + sign * max(1, height / 2))
      case .page(let sign): select(selection + sign * page)
      case .top: select(0)
      case .bottom: select(lineCount - 1)
      }
    case .nextTag:
      nextTag()
      recountAllItems()
      if let tag = tagFilter {
        outcome.status =
          "Feeds tagged “\(tag)”: \(shownFeedCount)"
          + (keys.label(.nextTag).map { " (\($0): the next tag)" } ?? "")
      } else {
        outcome.status = allTags.isEmpty ? "No feed has a tag" : "Every feed"
      }
    case .open:
      switch line(selection) {
      case .entry(let entry): return open(entry, context: context)
      case .starred: return openStarred(context: context)
      case .following: return openFollowing(context: context)
      }
    case .refresh:
      outcome.requests = [.refreshFeeds(selectedFeed.map { [$0] } ?? []), .refreshState]
    case .refreshAll: outcome.requests = [.refreshFeeds([]), .refreshState]
    case .search:
      guard let page = itemsPage(0, context: context, forSearch: true) else { return outcome }
      outcome.requests = [.push(page)]
    case .help: outcome.requests = [.help]
    case .quit: outcome.requests = [.quit]
    case .togglePictures: outcome.requests = [.togglePictures]
    case .markFeedRead: return markSelectedRead(context: context)
    case .undoMark:
      guard context.hasMarks else { return PageOutcome(status: ItemsPage.stateIsOff) }
      outcome.requests = [.undoMark]
    case .findUnread(let forward): return findUnread(forward: forward, context: context)
    case .notHere:
      let named = [Action.toggleRead, .toggleStar, .filter, .download, .openPicture]
        .compactMap(keys.label).joined(separator: ", ")
      outcome.status = "Open a feed first: \(named) work on its items"
    }
    return outcome
  }

  /// `A`: every item of the selected feed read, or of "All items" (the feeds the tag filter
  /// shows); the marks book says how many, and `u` undoes it.
  func markSelectedRead(context: PageContext) -> PageOutcome {
    guard context.hasMarks else { return PageOutcome(status: ItemsPage.stateIsOff) }
    let items: ItemChunks
    switch line(selection) {
    case .starred, .following:
      return PageOutcome(status: "A marks a feed read: select a feed or All items")
    case .entry(0):
      items = AllItems.merge(shownLists).chunks
    case .entry(let entry):
      guard let list = entries[entry].list else {
        return PageOutcome(status: "Nothing read from this feed yet")
      }
      items = list.chunks
    }
    guard items.count > 0 else { return PageOutcome(status: "No items to mark read") }
    return PageOutcome(status: .some(nil), requests: [.markViewRead(items, count: items.count)])
  }

  /// `n` / `N`: the next (previous) feed line with unread items, by the reading state's
  /// counts; the selection stays, and the status line says so, when there is none.
  mutating func findUnread(forward: Bool, context: PageContext) -> PageOutcome {
    guard context.hasMarks else { return PageOutcome(status: ItemsPage.stateIsOff) }
    let step = forward ? 1 : -1
    var index = selection + step
    while index >= 0 && index < lineCount {
      if case .entry(let entry) = line(index), entry > 0, let source = entries[entry].source,
        let counts = context.counts?.feeds[FeedKey(rawValue: source)], counts.unread > 0
      {
        select(index)
        return PageOutcome(status: .some(nil))
      }
      index += step
    }
    return PageOutcome(
      status: forward ? "No feed below has unread items" : "No feed above has unread items")
  }

  /// Opens entry `entry`: "All items" (0) or a feed, as an items page over the feed list,
  /// from the lists already read.
  func open(_ entry: Int, context: PageContext) -> PageOutcome {
    guard entries.indices.contains(entry) else { return PageOutcome(status: .some(nil)) }
    if entry > 0, entries[entry].list == nil {
      let feed = entries[entry]
      if case .failed(let reason) = feed.state {
        // The row says which feed: the reason need not repeat its address.
        return PageOutcome(
          status: "Error: cannot open it: \(Self.withoutSource(reason, feed.source))"
            + (keys.label(.reload).map { " (\($0) tries again)" } ?? ""))
      }
      return PageOutcome(
        status: "Nothing read from this feed yet"
          + (keys.label(.reload).map { " (\($0) refreshes it)" } ?? ""))
    }
    guard let page = itemsPage(entry, context: context, forSearch: false) else {
      return PageOutcome(status: .some(nil))
    }
    return PageOutcome(status: .some(nil), requests: [.push(page)])
  }

  /// The items page of entry `entry`, sized for the screen.
  func itemsPage(_ entry: Int, context: PageContext, forSearch: Bool) -> ItemsPage? {
    guard entries.indices.contains(entry) else { return nil }
    let loaded: LoadedList
    let source: SourceKey
    if entry == 0 {
      loaded = AllItems.merge(shownLists)
      source = .allItems
    } else {
      guard var list = entries[entry].list else { return nil }
      list.title = entries[entry].title
      loaded = list
      source = .feed(entry - 1)
    }
    let list = ItemList(loaded, metrics: context.settings.rowMetrics)
    var page =
      forSearch
      ? ItemsPage.forSearch(
        list: list, source: source, generationsFrom: context.generationFloor, keys: keys)
      : ItemsPage(
        list: list, source: source, generationsFrom: context.generationFloor, keys: keys)
    if entry == 0, let tagFilter {
      // "All items" of the feeds the tag filter shows: that page merges, refreshes and
      // titles only them.
      page.onlyFeeds = shownFeeds
      page.list.title = AllItems.title + " · tag: " + Sanitizer.clean(tagFilter)
    }
    page.resize(width: context.width, height: context.height)
    return page
  }

  /// The subscriptions the tag filter shows (every one without it).
  var shownFeeds: [Int] {
    lines.compactMap { if case .entry(let index) = $0, index > 0 { index - 1 } else { nil } }
  }

  /// The lists of the feeds the tag filter shows, in subscription order.
  var shownLists: [LoadedList] {
    shownFeeds.compactMap { entries[$0 + 1].list }
  }

  /// The starred items of every feed: a page whose load the runtime answers.
  func openStarred(context: PageContext) -> PageOutcome {
    var page = ItemsPage(
      list: ItemList(title: "Starred", items: [], metrics: context.settings.rowMetrics),
      source: .starred, generationsFrom: context.generationFloor, keys: keys)
    page.resize(width: context.width, height: context.height)
    let commands = page.startLoading()
    return PageOutcome(commands, status: .some(nil), requests: [.push(page)])
  }

  /// The work of every followed artist: a page whose load the runtime answers.
  func openFollowing(context: PageContext) -> PageOutcome {
    var page = ItemsPage(
      list: ItemList(title: "Following", items: [], metrics: context.settings.rowMetrics),
      source: .following, generationsFrom: context.generationFloor, keys: keys)
    page.resize(width: context.width, height: context.height)
    let commands = page.startLoading()
    return PageOutcome(commands, status: .some(nil), requests: [.push(page)])
  }

  /// Selects a line (clamped to the list).
  mutating func select(_ line: Int) {
    selection = min(max(0, line), lineCount - 1)
    reveal()
  }

  /// Scrolls as little as possible to show the selection.
  private mutating func reveal() {
    guard height > 0 else { return }
    if selection < top { top = selection }
    if selection >= top + height { top = selection - height + 1 }
    top = max(0, min(top, lineCount - height))
  }

  /// The line of the list at a line of the list area, if any (mouse clicks).
  func entry(atScreenLine line: Int) -> Int? {
    let index = top + line
    return line >= 0 && line < height && index < lineCount ? index : nil
  }

  static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

  /// `12/60 unread`.
  static func unread(_ counts: FeedCounts) -> String { "\(counts.unread)/\(counts.total) unread" }

  static func starred(_ count: Int) -> String { "\(count) starred" }

  /// The state column: "refreshing…", "fresh", "local file", "cached 3 h ago", "error: …",
  /// led by "retry in 5 min · " while the feed's server asked artfeed to wait.
  static func stateText(_ entry: Entry, now: Date) -> String {
    if entry.isRefreshing { return "refreshing…" }
    guard let state = entry.state else { return "not read yet" }
    if let retryAt = entry.retryAt, retryAt > now {
      return "retry in \(FeedAge.until(retryAt, now: now)) · "
        + baseStateText(state, entry, now: now)
    }
    return baseStateText(state, entry, now: now)
  }

  private static func baseStateText(_ state: FeedState, _ entry: Entry, now: Date) -> String {
    switch state {
    case .fresh: return "fresh"
    case .unsaved: return "fresh, not saved"
    case .local: return "local file"
    case .cached(let fetchedAt, _): return "cached \(FeedAge.phrase(fetchedAt, now: now))"
    case .failed(let reason): return "error: \(withoutSource(reason, entry.source))"
    }
  }

  /// `reason` without the feed's source in front (`http://...: HTTP 500 ...`).
  static func withoutSource(_ reason: String, _ source: String?) -> String {
    guard let source, reason.hasPrefix(source + ": ") else { return reason }
    return String(reason.dropFirst(source.count + 2))
  }

  /// The selected feed's state in full, for the status line (a cached copy's reason).
  func selectedDetail(now: Date) -> String? {
    guard case .entry(let index) = line(selection), index > 0, let state = entries[index].state
    else { return nil }
    switch state {
    case .cached, .unsaved: return state.summary(now: now)
    case .failed(let reason):
      return "Error: " + Self.withoutSource(reason, entries[index].source)
    case .fresh, .local: return nil
    }
  }

  /// The status line's hints with the keys in effect (`t tags` when the feeds have tags).
  var hints: String {
    KeyBindings.join(
      keys.hint(.down, .up, says: "move"), keys.hint(.open, says: "open"),
      keys.hint(.reload, says: "refresh"), keys.hint(.refreshAll, says: "all"),
      keys.hint(.search, says: "artist"),
      allTags.isEmpty ? nil : keys.hint(.nextTag, says: "tags"), keys.hint(.help, says: "help"),
      keys.hint(.quit, says: "quit"))
  }
}
