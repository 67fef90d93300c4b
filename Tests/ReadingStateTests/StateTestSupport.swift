import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedModel
@testable import ReadingState

/// A state database in a fresh temporary folder, removed with the value.
final class StateScratch {
  let directory: TempDirectory
  var path: String { directory.url.appendingPathComponent("state.db").path }
  var url: URL { URL(fileURLWithPath: path) }

  init() throws { directory = try TempDirectory() }
  deinit { directory.remove() }

  func open() throws -> SQLiteStateStore { try SQLiteStateStore(path: path) }
}

/// Item keys 1...n (tests do not need real hashes).
func keys(_ range: ClosedRange<Int64>) -> [ItemKey] { range.map(ItemKey.init(rawValue:)) }

let feedA = FeedKey(rawValue: "https://a.example/feed.xml")
let feedB = FeedKey(rawValue: "https://b.example/feed.xml")

/// A time on a whole second (the database keeps seconds).
func at(_ seconds: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(seconds)) }

extension SQLiteStateStore {
  /// The number of items whose read flag is set, straight from SQL.
  func readCount() throws -> Int64 { try db.integer("SELECT count(*) FROM items WHERE read") ?? -1 }
}

/// A data folder whose `artfeed/state.db` is where `ReaderState.open` and `openReadOnly` look
/// (`XDG_DATA_HOME`), removed with the value.
final class DataHome {
  let directory: TempDirectory
  var environment: [String: String] { ["XDG_DATA_HOME": directory.url.path] }
  var statePath: String { directory.url.appendingPathComponent("artfeed/state.db").path }
  var stateURL: URL { URL(fileURLWithPath: statePath) }

  init() throws {
    directory = try TempDirectory()
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("artfeed"), withIntermediateDirectories: true)
  }
  deinit { directory.remove() }

  func open() throws -> SQLiteStateStore { try SQLiteStateStore(path: statePath) }
}

/// Each item's (read, starred), to compare marks with a table.
func readAndStarred(_ marks: [ItemMarks]?) -> [[Bool]] {
  (marks ?? []).map { [$0.read, $0.starred] }
}

extension ReaderState {
  /// The marks of `keys` as the runtime asks for them (`marks(for:answer:)`, which may
  /// answer on the writer's thread); nil if no answer comes within 5 s.
  func answered(_ keys: [ItemKey]) -> [ItemMarks]? {
    let answer = Locked<[ItemMarks]?>(nil)
    let done = DispatchSemaphore(value: 0)
    marks(for: keys) { marks in
      answer.withLock { $0 = marks }
      done.signal()
    }
    guard done.wait(timeout: .now() + 5) == .success else { return nil }
    return answer.withLock { $0 }
  }
}
