import ArgumentParser
import Foundation
import ReadingState

/// `artfeed state export|import`: the reader's marks as JSON, to back up or move them.
struct StateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state",
    abstract: "Export or import read and starred marks (JSON).",
    version: Artfeed.version,
    subcommands: [StateExport.self, StateImport.self])
}

/// `artfeed state export`: every marked item and every feed's last visit, to standard output.
struct StateExport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write read and starred marks and last visits as JSON to standard output.",
    version: Artfeed.version)

  func run() throws {
    do throws(CommandFailure) {
      let access = try StateAccess()
      let snapshot: StateSnapshot
      if let store = access.openIfPresent() {
        do { snapshot = try store.export() } catch { throw CommandFailure(error) }
      } else {
        snapshot = StateSnapshot(items: [], feeds: [])
      }
      FileHandle.standardOutput.write(snapshot.encoded())
    } catch let failure {
      fail(failure)
    }
  }
}

/// `artfeed state import FILE`: merges an export (the later change of each item wins).
struct StateImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Merge marks from a JSON export (- for standard input); the later change wins.",
    discussion: """
      The file is checked whole before anything is written, and merged in one transaction. \
      Exit status: 65 for a file that is not a valid export, 66 for one that cannot be read.
      """,
    version: Artfeed.version)

  @Argument(help: "The export to merge, or - for standard input.")
  var file: String

  func run() throws {
    do throws(CommandFailure) {
      let data = try read()
      let snapshot: StateSnapshot
      do {
        snapshot = try StateSnapshot.decode(data)
      } catch {
        throw .notAFeed("\(file): \(error.description)")
      }
      let store = try StateAccess().openForWriting()
      let merged: Int
      do { merged = try store.merge(snapshot) } catch { throw CommandFailure(error) }
      say("\(merged) of \(snapshot.items.count) items merged")
    } catch let failure {
      fail(failure)
    }
  }

  /// The file's bytes, at most 256 MiB (an export of a million items is about 100 MB).
  private func read() throws(CommandFailure) -> Data {
    let handle: FileHandle?
    if file == "-" {
      handle = FileHandle.standardInput
    } else {
      handle = FileHandle(forReadingAtPath: file)
    }
    guard let handle else { throw .unreadable("\(file): cannot be read") }
    let limit = 256 << 20
    let data: Data
    do {
      data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
      throw .unreadable("\(file): \(error.localizedDescription)")
    }
    guard data.count <= limit else { throw .notAFeed("\(file): larger than 256 MiB") }
    return data
  }
}
