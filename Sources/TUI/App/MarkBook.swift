import FeedCore
import FeedModel

/// The reader's marks as the screen needs them: those of the rows shown (the runtime reads
/// them, `Command.wantMarks`, and answers with `Event.marksRead`), the feeds' counts, and the
/// token that undoes the last `A`. A pure value: the state itself lives in the runtime
/// (`ReaderState`), and `AppState.marks` is nil when it is off.
public struct MarkBook: Sendable {
  /// Marks read or made, by item; cut back to the rows on screen when it grows.
  var known: [ItemKey: ItemMarks] = [:]
  /// Asked for and not answered yet (not asked again).
  var asked: Set<ItemKey> = []
  /// Asked for, then changed by the reader before the answer came: that answer is older
  /// than the change, and is dropped.
  var overridden: Set<ItemKey> = []
  /// Every feed's counts and All items', as last reported.
  public internal(set) var counts: StateCounts?
  /// The feed the browser's own source is (the `.main` page), if it has one.
  public internal(set) var mainFeed: FeedKey?
  /// Every subscription's key, by its number (All items counts over them).
  var subscriptions: [FeedKey?] = []
  /// Undoes the last `A`, once its marks are in memory.
  var undo: UndoToken?
  /// Bulk marks and undos on their way: while one is, the list it marked shows every row
  /// read, and single marks wait in `deferred` (so the bulk one cannot overtake them).
  var bulkPending = 0
  var deferred: [Command] = []
  /// The state file's check and pruning were asked for (once, after the first list).
  var maintained = false

  /// Marks kept beyond the rows on screen before the book is cut back.
  static let keep = 2048

  public init(mainFeed: FeedKey?, subscriptions: [FeedKey?] = []) {
    self.mainFeed = mainFeed
    self.subscriptions = subscriptions
  }

  /// The marks of `item`, when known.
  public func marks(of item: FeedItem) -> ItemMarks? {
    known[ItemKey(item)]
  }

  /// The keys of `items` not known and not asked for; they count as asked from now.
  mutating func toAsk(_ keys: [ItemKey]) -> [ItemKey] {
    var seen = Set<ItemKey>()
    let missing = keys.filter {
      known[$0] == nil && !asked.contains($0) && seen.insert($0).inserted
    }
    asked.formUnion(missing)
    return missing
  }

  mutating func arrived(_ marks: [ItemKey: ItemMarks], keeping visible: [ItemKey]) {
    for (key, value) in marks {
      asked.remove(key)
      // An answer for a mark the reader changed since it was asked is older than the
      // change: the change stays. Any other answer is the file's latest word (after `r`,
      // an answer asked again replaces one asked before).
      if overridden.remove(key) != nil { continue }
      known[key] = value
    }
    if known.count > Self.keep {
      let wanted = Set(visible)
      known = known.filter { wanted.contains($0.key) }
    }
  }

  /// Changes the marks of `key` as the reader just did (the runtime writes it).
  mutating func change(_ key: ItemKey, _ body: (inout ItemMarks) -> Void) -> ItemMarks {
    var marks = known[key] ?? .unknown
    body(&marks)
    known[key] = marks
    if asked.contains(key) { overridden.insert(key) }
    return marks
  }

  /// Forgets every mark read: they are read again (after a bulk mark, an undo, a refresh,
  /// a fresh file).
  mutating func forget() {
    known = [:]
    asked = []
    overridden = []
  }
}
