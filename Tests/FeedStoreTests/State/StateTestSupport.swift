import Foundation
import Testing

@testable import FeedStore

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
