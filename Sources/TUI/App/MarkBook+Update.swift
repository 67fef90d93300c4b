import FeedCore
import FeedModel

/// What the marks book asks after a key or the state's news: work for the runtime, the
/// status line's text, and whether lists shown read during a bulk mark draw their rows'
/// own marks again.
struct MarkUpdate {
  var commands: [Command] = []
  var status: String?? = nil
  var rowsFromMarks = false
}

/// The reading state in the browser: marks on the rows shown, counts in the title bar and
/// the feed list, and the keys that change them. The book asks (commands) and the runtime
/// answers (events); nothing here reads a file. `source` is where the list the reader is on
/// comes from (its counts follow a single mark at once, and "All items" counts new items
/// while it is open).
extension MarkBook {
  /// The state key of a page's source: a subscription's, the browser's own feed, or All
  /// items (whose last visit is kept like a feed's).
  func feedKey(of source: SourceKey) -> FeedKey? {
    switch source {
    case .main: return mainFeed
    case .feed(let index): return subscriptions.indices.contains(index) ? subscriptions[index] : nil
    case .allItems: return .allItems
    case .starred, .artist, .following: return nil
    }
  }

  /// The counts the title bar shows for a page's source.
  func counts(of source: SourceKey?) -> FeedCounts? {
    guard let counts, let source else { return nil }
    switch source {
    case .allItems: return counts.allItems
    case .starred, .artist, .following: return nil
    default: return feedKey(of: source).flatMap { counts.feeds[$0] }
    }
  }

  /// Asks for counts (All items' new ones only while its page is open: that needs a pass
  /// over the items).
  func countCommands(_ source: SourceKey?) -> [Command] {
    [
      .requestCounts(
        allItems: subscriptions.compactMap { $0 }, countingNew: source == .allItems)
    ]
  }

  /// The marks to read for rows on screen whose marks are not known.
  mutating func markCommands(visible: [ItemKey]) -> [Command] {
    let missing = toAsk(visible)
    return missing.isEmpty ? [] : [.wantMarks(missing)]
  }

  // MARK: - Events

  /// Finished state work: marks, counts, a bulk mark or undo done, the writer's news.
  mutating func apply(_ event: Event, visible: [ItemKey], source: SourceKey?) -> MarkUpdate {
    switch event {
    case .marksRead(let read):
      arrived(read, keeping: visible)
    case .state(.counts(let counts)):
      self.counts = counts
    case .state(.failed(let error)):
      return MarkUpdate(
        status: "Error: state not saved (\(error.description)); marks are kept for this session")
    case .state(.recovered):
      return MarkUpdate(status: "State saved again")
    case .state(.notice(let notice)):
      return MarkUpdate(status: notice)
    case .state(.reset(let notice)):
      forget()
      return MarkUpdate(commands: countCommands(source), status: notice)
    case .bulkMarked(let token, let count):
      undo = token
      var update = bulkEnded()
      update.status =
        "Marked \(ItemsPage.count(count)) read" + (token == nil ? "" : " (u undoes it)")
      update.commands += countCommands(source)
      return update
    case .undone(let undone):
      var update = bulkEnded()
      update.status = undone ? "Undone: those items are unread again" : "Nothing to undo"
      update.commands += countCommands(source)
      return update
    case .stateRefreshed:
      forget()
      return MarkUpdate(commands: countCommands(source))
    default:
      break
    }
    return MarkUpdate()
  }

  /// A bulk mark or undo is in memory: what was read is read again, and the single marks
  /// made meanwhile (kept back so the bulk one could not overtake them) go out now.
  private mutating func bulkEnded() -> MarkUpdate {
    bulkPending = max(0, bulkPending - 1)
    guard bulkPending == 0 else { return MarkUpdate() }
    forget()
    let held = deferred
    deferred = []
    return MarkUpdate(commands: held, rowsFromMarks: true)
  }

  /// A single mark goes out now, or after the bulk marks on their way.
  private mutating func send(_ command: Command) -> [Command] {
    guard bulkPending > 0 else { return [command] }
    deferred.append(command)
    return []
  }

  // MARK: - Keys

  /// `m`: read becomes unread and unread read, at once on screen. `shownRead`: the list
  /// shows every row read (a bulk mark on its way).
  mutating func toggleRead(_ item: FeedItem, shownRead: Bool, source: SourceKey?) -> MarkUpdate {
    let key = ItemKey(item)
    let before = known[key]
    let now = change(key) { $0.read = shownRead ? false : !$0.read }
    if let before, !shownRead, before.read != now.read { countShown(read: now.read, source) }
    return MarkUpdate(
      commands: send(.setRead([key], now.read)) + countCommands(source),
      status: now.read ? "Marked read" : "Marked unread")
  }

  /// `s`: starred becomes unstarred and the other way round.
  mutating func toggleStar(_ item: FeedItem, source: SourceKey?) -> MarkUpdate {
    let key = ItemKey(item)
    let now = change(key) { $0.starred.toggle() }
    return MarkUpdate(
      commands: send(.setStarred([key], now.starred)) + countCommands(source),
      status: now.starred ? "Starred" : "Unstarred")
  }

  /// Opening an item marks it read.
  mutating func opened(_ item: FeedItem, source: SourceKey?) -> [Command] {
    let key = ItemKey(item)
    let before = known[key]
    _ = change(key) { $0.read = true }
    guard before?.read != true else { return [] }
    if before != nil { countShown(read: true, source) }
    return send(.setRead([key], true)) + countCommands(source)
  }

  /// The title bar's unread figure follows a single mark at once, so the key that made it
  /// is drawn in one frame: the recount asked for with the mark then changes nothing on
  /// screen (it stays the truth, and replaces this guess when it arrives). Only for an item
  /// whose marks were known (else its old state is a guess too) and no bulk mark on its way.
  private mutating func countShown(read: Bool, _ source: SourceKey?) {
    guard var counts, bulkPending == 0, let source else { return }
    func adjusted(_ figures: FeedCounts) -> FeedCounts {
      var figures = figures
      figures.unread = max(0, min(figures.total, figures.unread + (read ? -1 : 1)))
      return figures
    }
    switch source {
    case .allItems:
      counts.allItems = adjusted(counts.allItems)
    case .starred, .artist, .following:
      return
    default:
      guard let feed = feedKey(of: source), let figures = counts.feeds[feed] else { return }
      counts.feeds[feed] = adjusted(figures)
    }
    self.counts = counts
  }

  /// `A`: every item of the view read. The page shows it at once; the keys are made and the
  /// marks written off the loop.
  mutating func markViewRead(_ items: ItemChunks, count: Int) -> MarkUpdate {
    bulkPending += 1
    return MarkUpdate(
      commands: [.markRead(items)], status: "Marking \(ItemsPage.count(count)) read…")
  }

  /// `u`: undo the last `A`.
  mutating func undoMark() -> MarkUpdate {
    guard let token = undo else {
      return MarkUpdate(status: "Nothing to undo (u undoes the last A)")
    }
    undo = nil
    bulkPending += 1
    return MarkUpdate(commands: [.undoMark(token)], status: "Undoing…")
  }

  // MARK: - Visits and loads

  /// Leaving a page: its feed's next "new since last visit" counts from now.
  func visitCommands(_ source: SourceKey?) -> [Command] {
    guard let source, let key = feedKey(of: source) else { return [] }
    return [.visit(key)]
  }

  /// Once the first list is on screen (loaded, read or failed): the state file is checked
  /// and pruned, in the background, so that work never competes with the first screen.
  mutating func maintenanceCommands() -> [Command] {
    guard !maintained else { return [] }
    maintained = true
    return [.maintainState]
  }

  /// A list of a page's source finished loading: its items are recorded.
  func observeCommands(_ source: SourceKey?, items: ItemChunks, complete: Bool) -> [Command] {
    guard let source, source != .allItems, let key = feedKey(of: source) else { return [] }
    return [.observe(key, items, complete: complete)]
  }
}
