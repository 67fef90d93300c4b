import FeedCore
import FeedLoading
import FeedModel
import Foundation
import HTTP
import Subscriptions
import Sync

// Issue 20's "first screen of an account's All items from the local copy before the network
// answers", on an account synced by Scripts/sync_figures.py (which runs this):
//
//   XDG_CONFIG_HOME=... XDG_DATA_HOME=... XDG_CACHE_HOME=... \
//     swift run -c release SyncBenchmark --account NAME --unreachable PORT [--runs 5]
//
// The account's server is replaced by PORT on 127.0.0.1, a port whose accept queue is full
// (feedserver.py's blackhole): connecting hangs, so the sync behind the feed list never
// answers while the local copy is read. Per run, from a cold start of the objects:
//   - library: the library the browser builds opens, every account feed's first delivery
//     from the local copy (its newest items) is in, "All items" is merged and its first 30
//     rows taken (what the browser has in hand when it can draw All items; the rest of
//     each feed follows);
//   - query: the first 30 items of All items straight from the local copy (newest first).
// Target (issue 20): <= 50 ms.

func argument(_ name: String) -> String? {
  guard let at = CommandLine.arguments.firstIndex(of: name), at + 1 < CommandLine.arguments.count
  else { return nil }
  return CommandLine.arguments[at + 1]
}

let runs = argument("--runs").flatMap { Int($0) } ?? 5
let environment = ProcessInfo.processInfo.environment
guard let name = argument("--account"), let port = argument("--unreachable"),
  let paths = AccountPaths(environment: environment),
  var account = try? AccountsFile.load(paths.accountsFile).first(where: { $0.name == name })
else {
  FileHandle.standardError.write(
    Data("usage: SyncBenchmark --account NAME --unreachable PORT (XDG_* of the synced home)\n".utf8)
  )
  exit(64)
}
account.url = "http://127.0.0.1:\(port)/api/greader.php"

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// Counts delivered feeds and signals when all are in.
final class Delivered: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  let all = DispatchSemaphore(value: 0)
  let expected: Int
  init(expected: Int) { self.expected = expected }
  func one() {
    lock.lock()
    count += 1
    let done = count == expected
    lock.unlock()
    if done { all.signal() }
  }
}

var libraryTimes: [Double] = []
var queryTimes: [Double] = []
var itemCount = 0
var copyCount = 0
let clock = ContinuousClock()
for _ in 0..<runs {
  let start = clock.now
  let sync = try AccountSync.open(
    account, paths: paths, client: SharedHTTPClient(), timeout: 30, connectTimeout: 30)
  let feeds = try AccountFeeds(sync: sync)
  let loader = FeedLoader(
    fetcher: FeedFetcher(
      client: SharedHTTPClient(),
      cache: FeedCache(directory: FeedCache.defaultDirectory(environment: environment)),
      options: FetchOptions()))
  let library = SubscriptionLibrary(subscriptions: [], loader: loader, accounts: [feeds])
  let delivered = Delivered(expected: feeds.feeds.count)
  // Detached: top-level code is on the main actor, which the wait below blocks.
  let task = Task.detached { await library.open { _, _ in delivered.one() } }
  delivered.all.wait()
  let all = library.allItems()
  let screen = Array(all.items.prefix(30))
  libraryTimes.append(milliseconds(clock.now - start))
  itemCount = all.items.count
  precondition(screen.count == min(30, itemCount))
  task.cancel()

  let queryStart = clock.now
  let fresh = try AccountSync.open(account, paths: paths, client: SharedHTTPClient())
  let first = try fresh.localItems(inFeed: nil, limit: 30)
  queryTimes.append(milliseconds(clock.now - queryStart))
  precondition(first.count == min(30, itemCount))
  copyCount = try fresh.status().items
}

if CommandLine.arguments.contains("--detail") {
  // Where one cold open's time goes, step by step.
  var steps: [(String, Double)] = []
  var mark = clock.now
  func step(_ name: String) {
    steps.append((name, milliseconds(clock.now - mark)))
    mark = clock.now
  }
  let sync = try AccountSync.open(account, paths: paths, client: SharedHTTPClient())
  step("open the copy and the state")
  let feeds = try sync.localFeeds()
  step("\(feeds.count) feeds")
  var lists: [[FeedItem]] = []
  for feed in feeds { lists.append(try sync.localItems(inFeed: feed.id)) }
  step("every feed's items (\(lists.map(\.count).reduce(0, +)))")
  let merged = AllItems.merge(
    lists.map { LoadedList(title: "", items: $0, freshness: .local) })
  step("AllItems.merge (\(merged.items.count))")
  for (name, value) in steps { print(String(format: "  %-40@ %7.1f ms", name as NSString, value)) }
}

func summary(_ values: [Double]) -> String {
  let sorted = values.sorted()
  return String(format: "min %.1f ms, median %.1f ms", sorted[0], sorted[sorted.count / 2])
}
print(
  "All items: \(copyCount) items in the local copy, \(itemCount) of them read for the first "
    + "screen (the newest of each feed), server unreachable, \(runs) runs")
print("  library open to All items' first 30 rows: \(summary(libraryTimes))")
print("  first 30 rows of All items from the copy:  \(summary(queryTimes))")
exit(0)
