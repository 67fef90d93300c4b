import FeedCore
import FeedStore
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
  public private(set) var selection = 0
  /// The first row on screen (a place in `rows`).
  public private(set) var top = 0
  /// Lines for entries.
  public private(set) var height = 0
  /// Items in "All items": every feed's, de-duplicated.
  public private(set) var allItemsCount = 0
  /// A read or refresh under way: how many feeds it covers and how many have come back.
  public private(set) var reading: (done: Int, total: Int)?
  /// The feeds the last read or refresh covered (nil: every one): only their failures are
  /// news when it ends.
  private(set) var covered: Set<Int>?
  /// The tag whose feeds alone are shown, if any (`t`).
  public private(set) var tagFilter: String?
  /// The entries shown, in order: "All items", then the feeds (with the filter's tag).
  public private(set) var rows: [Int] = [0]

  /// The page for subscriptions with these titles (nil: the source is shown until the feed
  /// is read) and tags.
  public init(
    titles: [String], customTitles: [Bool]? = nil, sources: [String]? = nil,
    tags: [[String]]? = nil
  ) {
    entries = [Entry(title: AllItems.title, list: nil, state: nil)]
    for (index, title) in titles.enumerated() {
      var entry = Entry(title: title, list: nil, state: nil)
      entry.hasCustomTitle = customTitles.map { index < $0.count && $0[index] } ?? false
      entry.source = sources.flatMap { index < $0.count ? $0[index] : nil }
      entry.tags = tags.flatMap { index < $0.count ? $0[index] : nil } ?? []
      entries.append(entry)
    }
    rows = Array(entries.indices)
  }

  /// Every tag of the feeds, sorted (case ignored), each once.
  public var allTags: [String] {
    var seen = Set<String>()
    return entries.flatMap(\.tags).filter { seen.insert($0).inserted }
      .sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
  }

  public var feedCount: Int { entries.count - 1 }
  /// The subscription selected, or nil when "All items" is.
  public var selectedFeed: Int? { selection > 0 ? selection - 1 : nil }
  var isReading: Bool { reading != nil }

  // MARK: - Changes

  mutating func resize(height: Int) {
    self.height = max(0, height)
    reveal()
  }

  /// A read or refresh of `feeds` (subscription numbers; empty: every one) starts.
  mutating func beginReading(_ feeds: [Int]) {
    reading = (0, feeds.count)
    covered = feeds.isEmpty ? nil : Set(feeds)
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
      entry.state = refresh.state
      if !entry.hasCustomTitle { entry.title = list.title }
    } else if case .failure(let error) = refresh.result, error.kind == .cancelled {
      // Cancelled (Esc): the feed keeps what it showed.
    } else {
      // Failed with no copy to fall back on: a list it had stays, and the error shows.
      entry.state = refresh.state
    }
    entries[feed + 1] = entry
    if let reading { self.reading = (min(reading.total, reading.done + 1), reading.total) }
  }

  /// A feed's list changed through its own page (`r` there).
  mutating func feedReloaded(_ feed: Int, _ list: LoadedList) {
    guard entries.indices.contains(feed + 1) else { return }
    entries[feed + 1].list = list
    if !entries[feed + 1].hasCustomTitle { entries[feed + 1].title = list.title }
    entries[feed + 1].state = FeedState(list)
  }

  /// The read or refresh ended (or was cancelled).
  mutating func endReading() {
    reading = nil
    for index in entries.indices { entries[index].isRefreshing = false }
  }

  mutating func setAllItemsCount(_ count: Int) { allItemsCount = count }

  /// Every feed's list, in subscription order (for "All items").
  var lists: [LoadedList] { entries.dropFirst().compactMap(\.list) }

  /// The feeds that failed among those the last read or refresh covered.
  var failedCount: Int {
    entries.indices.dropFirst().filter { index in
      guard covered?.contains(index - 1) ?? true else { return false }
      if case .failed = entries[index].state { return true }
      return false
    }.count
  }

  // MARK: - The tag filter

  /// `t`: only the feeds with the next tag, after the last one all feeds again. The
  /// selection stays when its feed is still shown, else it goes to "All items".
  mutating func nextTag() {
    let tags = allTags
    if let current = tagFilter, let index = tags.firstIndex(of: current), index + 1 < tags.count {
      tagFilter = tags[index + 1]
    } else {
      tagFilter = tagFilter == nil ? tags.first : nil
    }
    rows = entries.indices.filter { index in
      index == 0 || tagFilter.map { entries[index].tags.contains($0) } ?? true
    }
    if !rows.contains(selection) { selection = 0 }
    top = 0
    reveal()
  }

  // MARK: - Keys

  /// What an action on this page asks the app to do.
  enum Outcome: Equatable {
    case none
    /// Open entry `n` (0 is "All items").
    case open(Int)
    /// Refresh these subscriptions (empty: every one).
    case refresh([Int])
    case search, help, quit, togglePictures
    /// The tag filter changed (the status line says so).
    case tagFilter
  }

  mutating func handle(_ action: Action) -> Outcome {
    let page = max(1, height - 1)
    switch action {
    case .down: move(by: 1)
    case .up: move(by: -1)
    case .halfPageDown: move(by: max(1, height / 2))
    case .halfPageUp: move(by: -max(1, height / 2))
    case .pageDown: move(by: page)
    case .pageUp: move(by: -page)
    case .top: select(rows.first ?? 0)
    case .bottom: select(rows.last ?? 0)
    case .nextTag:
      nextTag()
      return .tagFilter
    case .open: return .open(selection)
    case .reload: return .refresh(selectedFeed.map { [$0] } ?? [])
    case .refreshAll: return .refresh([])
    case .search: return .search
    case .help: return .help
    case .quit: return .quit
    case .togglePictures: return .togglePictures
    case .back, .openLink, .copyLink, .previousPicture, .nextPicture: break
    }
    return .none
  }

  /// The selection's place among the rows shown.
  public var selectedRow: Int { rows.firstIndex(of: selection) ?? 0 }

  /// Moves the selection by `steps` rows shown.
  mutating func move(by steps: Int) {
    let row = min(max(0, selectedRow + steps), rows.count - 1)
    selection = rows[row]
    reveal()
  }

  /// Selects entry `entry` (0 is "All items"); one the tag filter hides gives way to the
  /// last shown before it.
  mutating func select(_ entry: Int) {
    let clamped = min(max(0, entry), entries.count - 1)
    selection = rows.contains(clamped) ? clamped : (rows.last { $0 <= clamped } ?? 0)
    reveal()
  }

  /// Scrolls as little as possible to show the selection.
  private mutating func reveal() {
    guard height > 0 else { return }
    let row = selectedRow
    if row < top { top = row }
    if row >= top + height { top = row - height + 1 }
    top = max(0, min(top, rows.count - height))
  }

  /// The entry on a line of the list area, if any (mouse clicks).
  func entry(atScreenLine line: Int) -> Int? {
    let row = top + line
    return line >= 0 && line < height && row < rows.count ? rows[row] : nil
  }
}
