import Foundation
import FuzzSupport

@testable import ReadingState

/// Fuzzes `state import`'s reader (`StateExportReader`) with whole files.
///
/// Checks, beyond "does not crash or hang": every feed, item and followed artist it accepts
/// is within `StateExportLimits` (a key of 1 to 8192 bytes without control characters, 16
/// lower-case hex digits, a name `ArtistFollow.problem` takes, times from 1970 to the clock
/// plus a day); a refusal is one line; and what it accepts, written again by
/// `StateExportWriter`, reads back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = FuzzInput(data, size)
  let now = Date(timeIntervalSince1970: 1_800_000_000)
  let latest = StateExportLimits.latestTime(now: now)
  let snapshot: StateSnapshot
  do {
    snapshot = try StateSnapshot.decode(Data(input.bytes), now: now)
  } catch {
    require(!error.description.contains("\n"), "a refusal of two lines: \(error.description)")
    require(error.kind == .badInput, "a refusal that is not bad input: \(error)")
    return 0
  }
  for feed in snapshot.feeds {
    require(StateExportLimits.problem(feedKey: feed.key) == nil, "key \(feed.key.debugDescription)")
    if let visit = feed.lastVisit { require((0...latest).contains(visit), "lastVisit \(visit)") }
  }
  for item in snapshot.items {
    require(
      item.id.utf8.count == 16 && item.id.utf8.allSatisfy { "0123456789abcdef".utf8.contains($0) },
      "id \(item.id.debugDescription)")
    require((0...latest).contains(item.firstSeen), "firstSeen \(item.firstSeen)")
    require((0...latest).contains(item.changed), "changed \(item.changed)")
  }
  for follow in snapshot.follows {
    require(
      StateExportLimits.problem(followName: follow.name) == nil,
      "name \(follow.name.debugDescription)")
    require((0...latest).contains(follow.since), "since \(follow.since)")
  }
  let reread: StateSnapshot
  do {
    reread = try StateSnapshot.decode(snapshot.encoded(), now: now)
  } catch {
    require(false, "what was read does not read back: \(error.description)")
    return 0
  }
  require(reread == snapshot, "what was read reads back differently")
  return 0
}

@main
enum Main {
  static func main() { runFuzzer(fuzzStateImport) }
}
