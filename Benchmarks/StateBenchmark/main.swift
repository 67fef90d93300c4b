import FeedCore
import FeedModel
import Foundation
import ReadingState

// Issue 18's state figures on a real SQLite file in the temporary folder:
//
//   swift run -c release StateBenchmark [--runs 5]
//
// Each run starts from a fresh database holding 100 feeds x 1,000 items (100k items, each
// keyed from a DeviantArt-shaped guid, all unread), then times:
//   - bulk mark: 100k items read in one transaction (the write `A` makes off the loop), with
//     the WAL checkpoint deferred as the browser's writer defers it, and that checkpoint;
//   - overlay: the same mark applied in memory by ReaderState (what the UI thread pays);
//   - counts: unread/total/new for the 100 feeds, and "All items" over them;
//   - lookup: marks of 60 visible items (a cold ReaderState: one batch from the database);
//   - observe: recording a 1,000-item feed's list again, and a new 100k-item feed;
//   - open: opening the 100k database with quick_check (the commands), and with the schema
//     check only (the browser, which runs quick_check on its writer queue);
// and the file's size once every item is read (after the WAL is checkpointed at close).
// Targets (issue 18): bulk mark <= 200 ms, counts <= 20 ms, <= 10 MB per 100k items read.

var runs = 5
if let at = CommandLine.arguments.firstIndex(of: "--runs"), at + 1 < CommandLine.arguments.count,
  let value = Int(CommandLine.arguments[at + 1])
{
  runs = max(1, value)
}

let feedCount = 100
let perFeed = 1_000
let feeds = (0..<feedCount).map { FeedKey(rawValue: "https://www.deviantart.com/feed\($0).xml") }
let items = (0..<(feedCount * perFeed)).map { index in
  ItemKey(
    FeedItem(
      guid: "https://www.deviantart.com/artist\(index % 997)/art/Artwork-\(index)-\(index * 7919)"))
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func time(_ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  try body()
  return milliseconds(clock.now - start)
}

/// A fresh state file with every feed's items recorded.
func prepare(_ path: String) throws -> SQLiteStateStore {
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  let store = try SQLiteStateStore(path: path)
  for (index, feed) in feeds.enumerated() {
    let slice = Array(items[(index * perFeed)..<((index + 1) * perFeed)])
    try store.apply(.observe(feed, slice, complete: true), at: Date())
  }
  return store
}

func fileSize(_ path: String) -> Int {
  ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

// `--probe bulk|counts|allcounts|allnew|open|keep`: prepare, then do that one thing once, inside a function
// of its own, for instruction counts (the machine is too noisy for A/B timings):
//   valgrind --tool=callgrind --toggle-collect='*probeWork*' .build/release/StateBenchmark \
//     --probe bulk
@inline(never)
func probeWork(_ body: () throws -> Void) rethrows { try body() }

if let at = CommandLine.arguments.firstIndex(of: "--probe"), at + 1 < CommandLine.arguments.count {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "artfeed-state-probe-\(getpid()).db"
  ).path
  do {
    let store = try prepare(path)
    switch CommandLine.arguments[at + 1] {
    case "bulk":
      try store.deferCheckpoints()
      try probeWork { try store.apply(.setRead(items, true), at: Date()) }
    case "counts": try probeWork { _ = try store.counts() }
    case "allcounts":
      try probeWork { _ = try store.combinedCounts(of: feeds, countingNew: false) }
    case "allnew": try probeWork { _ = try store.combinedCounts(of: feeds) }
    case "open": try probeWork { _ = try SQLiteStateStore(path: path) }
    case "keep":
      // The prepared database, left for the sqlite3 shell (`sqlite3 COPY < statements.sql`).
      try store.checkpoint()
      let copy = FileManager.default.currentDirectoryPath + "/state-100k.db"
      try? FileManager.default.removeItem(atPath: copy)
      try FileManager.default.copyItem(atPath: path, toPath: copy)
      print(copy)
    default: print("--probe bulk|counts|allcounts|allnew|open|keep")
    }
  } catch {
    print("StateBenchmark: \(error)")
  }
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  exit(0)
}

var figures: [String: [Double]] = [:]
let path = FileManager.default.temporaryDirectory.appendingPathComponent(
  "artfeed-state-benchmark-\(getpid()).db"
).path
var size = 0
do {
  for _ in 0..<runs {
    do {
      let store = try prepare(path)
      figures["counts (100 feeds x 1k)", default: []].append(try time { _ = try store.counts() })
      figures["All items counts (total, unread)", default: []].append(
        try time { _ = try store.combinedCounts(of: feeds, countingNew: false) })
      figures["All items counts with new", default: []].append(
        try time { _ = try store.combinedCounts(of: feeds) })
      try store.deferCheckpoints()
      figures["bulk mark 100k read (commit)", default: []].append(
        try time { try store.apply(.setRead(items, true), at: Date()) })
      figures["checkpoint after the bulk mark", default: []].append(
        try time { try store.checkpoint() })
      figures["counts after the mark", default: []].append(try time { _ = try store.counts() })
      figures["observe a 1k feed again", default: []].append(
        try time {
          try store.apply(
            .observe(feeds[0], Array(items[0..<perFeed]), complete: true), at: Date())
        })
      let big = FeedKey(rawValue: "https://big.example/feed.xml")
      figures["observe a new 100k feed", default: []].append(
        try time { try store.apply(.observe(big, items, complete: true), at: Date()) })
    }
    var opened: SQLiteStateStore?
    figures["open the 100k database (quick_check)", default: []].append(
      try time { opened = try SQLiteStateStore(path: path) })
    figures["open it as the browser does (schema)", default: []].append(
      try time { opened = try SQLiteStateStore(path: path, check: .schema) })
    figures["quick_check (the browser's, off its loop)", default: []].append(
      try time { try opened?.quickCheck() })
    let reader = try SQLiteStateStore(path: path)
    let state = ReaderState(
      store: try require(opened), reader: reader, isSaved: true, notify: { _ in })
    let visible = Array(items[50_000..<50_060])
    figures["lookup 60 visible (cold)", default: []].append(time { _ = state.marks(for: visible) })
    figures["lookup 60 visible (warm)", default: []].append(time { _ = state.marks(for: visible) })
    figures["overlay: mark 100k unread (UI thread)", default: []].append(
      time { state.setRead(items, false) })
    _ = state.finishWrites(timeout: .seconds(30))
  }
  // The size figure: 100 feeds x 1k items, every one read, nothing else.
  do {
    let store = try prepare(path)
    try store.apply(.setRead(items, true), at: Date())
  }
  size = fileSize(path)
} catch {
  print("StateBenchmark: \(error)")
  exit(1)
}

extension Optional {
  struct Missing: Error {}
  func get() throws -> Wrapped {
    guard let self else { throw Missing() }
    return self
  }
}
func require<T>(_ value: T?) throws -> T { try value.get() }

print("StateBenchmark: \(runs) runs, 100 feeds x 1,000 items (median / max, ms)")
for name in figures.keys.sorted() {
  let values = figures[name, default: []].sorted()
  let median = values[values.count / 2]
  print(
    name.padding(toLength: 40, withPad: " ", startingAt: 0)
      + String(format: "%8.2f %8.2f", median, values.last ?? 0))
}
print(String(format: "database size, 100 feeds x 1k items, all read: %.2f MB", Double(size) / 1e6))
for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
