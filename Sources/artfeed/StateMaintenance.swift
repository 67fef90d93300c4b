import ArgumentParser
import FeedModel
import Foundation
import ReadingState
import Settings

/// `artfeed state` (`state info`): what the reading state holds and costs on disk.
struct StateInfo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Say the state database's size, items and when it was last pruned.",
    version: Artfeed.version)

  func run() throws {
    do throws(CommandFailure) {
      let access = try StateAccess()
      // Read in place (the header, the feeds and the counts' indexes); an older version
      // is opened as the commands open it, which upgrades it.
      var store = try? SQLiteStateStore(readingOnly: access.location.path)
      if store == nil { store = try access.openForExport() }
      guard let store else {
        return say("no state yet (\(access.location.path))")
      }
      let summary: SQLiteStateStore.Summary
      do throws(StateError) {
        summary = try store.summary()
      } catch {
        throw CommandFailure(error)
      }
      for line in Self.lines(summary, path: access.location.path, now: Date()) { say(line) }
    } catch let failure {
      fail(failure)
    }
  }

  /// "file: PATH", "size: 72.6 MB (WAL 0 B)", "items: 1000000 (2000 starred) in 1 feed",
  /// "followed artists: 3", "last pruned: 2026-11-28 00:40 (2 h ago)" or "never".
  static func lines(_ summary: SQLiteStateStore.Summary, path: String, now: Date) -> [String] {
    let pruned = summary.pruned.map { date in
      ISO8601DateFormatter.string(
        from: date, timeZone: .current, formatOptions: [.withInternetDateTime])
    }
    return [
      "file: \(path)",
      "size: \(bytes(summary.fileBytes)) (WAL \(bytes(summary.walBytes)))",
      "items: \(summary.items) (\(summary.starred) starred) in \(summary.feeds) "
        + (summary.feeds == 1 ? "feed" : "feeds"),
      "followed artists: \(summary.follows)",
      "last pruned: \(pruned ?? "never")",
    ]
  }

  static func bytes(_ count: Int) -> String {
    count < 1_000_000 ? "\(count) B" : String(format: "%.1f MB", Double(count) / 1_000_000)
  }
}

/// `artfeed state prune`: removes now what the browser prunes at start (items that left
/// every feed `keep-days` ago, never starred items nor followed artists').
struct StatePrune: ParsableCommand, ReadsSettings {
  static let configuration = CommandConfiguration(
    commandName: "prune",
    abstract: "Forget items that left every feed keep-days ago (starred and followed kept).",
    version: Artfeed.version)

  @Option(help: "Days to keep (default: the config's keep-days, 90 unless set).")
  var days: Int?

  func validate() throws {
    if let days, !Settings.keepDaysRange.contains(days) {
      throw ValidationError(
        "--days must be from \(Settings.keepDaysRange.lowerBound) to "
          + "\(Settings.keepDaysRange.upperBound)")
    }
  }

  func run() throws {
    do throws(CommandFailure) {
      let keep = days ?? SettingsAccess.loadOrFail().0.keepDays
      let store = try StateAccess().openForWriting()
      do throws(StateError) {
        let pruned = try store.prune(leftBefore: Date() - TimeInterval(keep) * 86_400)
        try store.checkpoint()
        say("\(pruned) items pruned (gone from every feed for over \(keep) days)")
      } catch {
        throw CommandFailure(error)
      }
    } catch let failure {
      fail(failure)
    }
  }
}

/// `artfeed state vacuum`: the database rewritten compactly (docs/adr/0173).
struct StateVacuum: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vacuum",
    abstract: "Rewrite the state database compactly (after pruning, it keeps its size).",
    discussion: """
      The compact copy is written while other artfeeds go on using the state; it replaces \
      the file only once no other artfeed has it open, waiting up to --wait seconds for them \
      to quit (a process with the old file open would write its marks into the old file). \
      Exit status 75 when they did not: the file is left as it was.
      """,
    version: Artfeed.version)

  @Option(help: "Seconds to wait for other artfeeds to quit (default 10).")
  var wait: Double = 10

  func validate() throws {
    guard (0...86_400).contains(wait) else { throw ValidationError("--wait must be 0 to 86400") }
  }

  func run() throws {
    do throws(CommandFailure) {
      let access = try StateAccess()
      guard FileManager.default.fileExists(atPath: access.location.path) else {
        return say("no state yet (\(access.location.path))")
      }
      let done: SQLiteStateStore.Compaction
      do throws(StateError) {
        done = try SQLiteStateStore.compact(path: access.location.path, wait: wait)
      } catch {
        throw CommandFailure(error)
      }
      switch done {
      case .replaced(let before, let after):
        say("compacted: \(StateInfo.bytes(before)) -> \(StateInfo.bytes(after))")
      case .inUse:
        throw .temporaryFailure(
          "state: another artfeed still has \(access.location.path) open after \(wait) s: "
            + "not compacted (quit it and run this again)")
      }
    } catch let failure {
      fail(failure)
    }
  }
}
