import FeedCore
import FeedModel
import Foundation

/// The reading state in the browser: marks on the rows shown, counts in the title bar and
/// the feed list, and the keys that change them. The state asks (commands) and the runtime
/// answers (events); nothing here reads a file.
extension AppState {
  /// Turns the reading state on: rows show their marks, the feed list its counts and a
  /// "Starred" entry. `mainFeed` is the feed the browser's own source is, if any.
  public mutating func attachState(mainFeed: FeedKey?) -> [Command] {
    marks = MarkBook(mainFeed: mainFeed)
    pages.feeds?.showsStarred = true
    return countCommands()
  }

  /// The state key of a page's source: a subscription's, the browser's own feed, or All
  /// items (whose last visit is kept like a feed's).
  func feedKey(of source: SourceKey) -> FeedKey? {
    switch source {
    case .main: return marks?.mainFeed
    case .feed(let index): return subscriptionKey(index)
    case .allItems: return .allItems
    case .starred: return nil
    }
  }

  func subscriptionKey(_ index: Int) -> FeedKey? {
    guard let entries = pages.feeds?.entries, entries.indices.contains(index + 1),
      let source = entries[index + 1].source
    else { return nil }
    return FeedKey(rawValue: source)
  }

  /// Every subscription's key (All items counts over them).
  var subscriptionKeys: [FeedKey] {
    (0..<(pages.feeds?.feedCount ?? 0)).compactMap(subscriptionKey)
  }

  /// The counts the title bar shows for the items page's source.
  var pageCounts: FeedCounts? {
    guard let counts = marks?.counts, let source = pages.items?.source else { return nil }
    switch source {
    case .allItems: return counts.allItems
    case .starred: return nil
    default: return feedKey(of: source).flatMap { counts.feeds[$0] }
    }
  }

  /// Asks for counts (All items' new ones only while its page is open: that needs a pass
  /// over the items).
  func countCommands() -> [Command] {
    guard marks != nil else { return [] }
    return [.requestCounts(allItems: subscriptionKeys, countingNew: itemsSource == .allItems)]
  }

  // MARK: - Rows on screen

  /// The items of the rows on screen.
  private var visibleKeys: [ItemKey] {
    guard topPage == .items || topPage == .item, let list = pages.items?.list else { return [] }
    return list.visibleItems.map { ItemKey(list.items[$0]) }
  }

  /// The marks to read for rows on screen whose marks are not known: after every update,
  /// like the pictures' wish list.
  public mutating func markCommands() -> [Command] {
    guard marks != nil else { return [] }
    let visible = visibleKeys
    let missing = marks?.toAsk(visible) ?? []
    return missing.isEmpty ? [] : [.wantMarks(missing)]
  }

  // MARK: - Events

  /// Finished state work: marks, counts, a bulk mark or undo done, the writer's news.
  mutating func applyStateEvent(_ event: Event) -> [Command] {
    guard marks != nil else { return [] }
    switch event {
    case .marksRead(let read):
      let visible = visibleKeys
      marks?.arrived(read, keeping: visible)
    case .state(.counts(let counts)):
      marks?.counts = counts
    case .state(.failed(let error)):
      status = "Error: state not saved (\(error.description)); marks are kept for this session"
    case .state(.recovered):
      status = "State saved again"
    case .state(.notice(let notice)):
      status = notice
    case .state(.reset(let notice)):
      status = notice
      marks?.forget()
      return countCommands()
    case .bulkMarked(let token, let count):
      marks?.undo = token
      status = "Marked \(Self.items(count)) read" + (token == nil ? "" : " (u undoes it)")
      return bulkEnded() + countCommands()
    case .undone(let undone):
      status = undone ? "Undone: those items are unread again" : "Nothing to undo"
      return bulkEnded() + countCommands()
    case .stateRefreshed:
      marks?.forget()
      return countCommands()
    default:
      break
    }
    return []
  }

  static func items(_ count: Int) -> String { ItemsPage.count(count) }

  /// A bulk mark or undo is in memory: what was read is read again, and the single marks
  /// made meanwhile (kept back so the bulk one could not overtake them) go out now.
  private mutating func bulkEnded() -> [Command] {
    let pending = max(0, (marks?.bulkPending ?? 1) - 1)
    marks?.bulkPending = pending
    guard pending == 0 else { return [] }
    setMarkedRead(false)
    marks?.forget()
    let deferred = marks?.deferred ?? []
    marks?.deferred = []
    return deferred
  }

  /// A single mark goes out now, or after the bulk marks on their way.
  private mutating func send(_ command: Command) -> [Command] {
    guard let pending = marks?.bulkPending, pending > 0 else { return [command] }
    marks?.deferred.append(command)
    return []
  }

  /// Draws (or stops drawing) every row of the page's lists as read.
  private mutating func setMarkedRead(_ isMarked: Bool) {
    pages.items?.list.isMarkedRead = isMarked
    pages.items?.feed?.isMarkedRead = isMarked
  }

  // MARK: - Keys

  /// `m`: read becomes unread and unread read, at once on screen.
  mutating func toggleRead(_ item: FeedItem) -> [Command] {
    guard marks != nil else { return stateIsOff() }
    let key = ItemKey(item)
    let wasMarkedRead = pages.items?.list.isMarkedRead == true
    let before = marks?.known[key]
    guard let now = marks?.change(key, { $0.read = wasMarkedRead ? false : !$0.read }) else {
      return []
    }
    if let before, !wasMarkedRead, before.read != now.read { countShown(read: now.read) }
    status = now.read ? "Marked read" : "Marked unread"
    return send(.setRead([key], now.read)) + countCommands()
  }

  /// `s`: starred becomes unstarred and the other way round.
  mutating func toggleStar(_ item: FeedItem) -> [Command] {
    guard marks != nil else { return stateIsOff() }
    let key = ItemKey(item)
    guard let now = marks?.change(key, { $0.starred.toggle() }) else { return [] }
    status = now.starred ? "Starred" : "Unstarred"
    return send(.setStarred([key], now.starred)) + countCommands()
  }

  /// Opening an item marks it read.
  mutating func markOpened(_ item: FeedItem) -> [Command] {
    guard marks != nil else { return [] }
    let key = ItemKey(item)
    let before = marks?.known[key]
    _ = marks?.change(key) { $0.read = true }
    guard before?.read != true else { return [] }
    if before != nil { countShown(read: true) }
    return send(.setRead([key], true)) + countCommands()
  }

  /// The title bar's unread figure follows a single mark at once, so the key that made it
  /// is drawn in one frame: the recount asked for with the mark then changes nothing on
  /// screen (it stays the truth, and replaces this guess when it arrives). Only for an item
  /// whose marks were known (else its old state is a guess too) and no bulk mark on its way.
  private mutating func countShown(read: Bool) {
    guard var counts = marks?.counts, marks?.bulkPending == 0, let source = pages.items?.source
    else { return }
    func adjusted(_ figures: FeedCounts) -> FeedCounts {
      var figures = figures
      figures.unread = max(0, min(figures.total, figures.unread + (read ? -1 : 1)))
      return figures
    }
    switch source {
    case .allItems:
      counts.allItems = adjusted(counts.allItems)
    case .starred:
      return
    default:
      guard let feed = feedKey(of: source), let figures = counts.feeds[feed] else { return }
      counts.feeds[feed] = adjusted(figures)
    }
    marks?.counts = counts
  }

  /// `A`: every item of the list on screen read. The screen shows it at once; the keys are
  /// made and the marks written off the loop.
  mutating func markViewRead() -> [Command] {
    guard marks != nil, let list = pages.items?.list else { return stateIsOff() }
    marks?.bulkPending += 1
    pages.items?.list.isMarkedRead = true
    status = "Marking \(Self.items(list.count)) read…"
    return [.markRead(list.items)]
  }

  /// `u`: undo the last `A`.
  mutating func undoMark() -> [Command] {
    guard marks != nil else { return stateIsOff() }
    guard let token = marks?.undo else {
      status = "Nothing to undo (u undoes the last A)"
      return []
    }
    marks?.undo = nil
    marks?.bulkPending += 1
    status = "Undoing…"
    return [.undoMark(token)]
  }

  /// `n` / `N`: ask the runtime for the next unread row of the list on screen.
  mutating func findUnread(forward: Bool) -> [Command] {
    guard marks != nil, let page = pages.items else { return stateIsOff() }
    let from = page.list.selection ?? (forward ? -1 : page.list.count)
    guard let generation = pages.items?.nextFind() else { return [] }
    return [
      .findUnread(generation: generation, items: page.list.items, from: from, forward: forward)
    ]
  }

  /// `d`: save the item's picture (the status line says where it went).
  mutating func download(_ item: FeedItem) -> [Command] {
    status = "Saving the picture…"
    return [.download(item, feed: pages.items?.list.title ?? "")]
  }

  private mutating func stateIsOff() -> [Command] {
    status = "Reading state is off (--no-state)"
    return []
  }

  // MARK: - Visits and loads

  /// Leaving the items page: its feed's next "new since last visit" counts from now.
  func visitCommands() -> [Command] {
    guard marks != nil, let source = pages.items?.source, let key = feedKey(of: source) else {
      return []
    }
    return [.visit(key)]
  }

  /// Once the first list is on screen (loaded, read or failed): the state file is checked
  /// and pruned, in the background, so that work never competes with the first screen.
  mutating func maintenanceCommands() -> [Command] {
    guard marks?.maintained == false else { return [] }
    marks?.maintained = true
    return [.maintainState]
  }

  /// A list of the page's source finished loading: its items are recorded.
  func observeCommands(_ source: SourceKey, list: ItemList) -> [Command] {
    guard marks != nil, source != .allItems, let key = feedKey(of: source) else { return [] }
    return [.observe(key, list.items, complete: !list.isPartial)]
  }
}
