import ArgumentParser
import FeedModel
import Foundation
import ReadingState

#if canImport(Glibc)
  import Glibc
#endif

/// `artfeed state export|import`: the reader's marks as JSON, to back up or move them.
struct StateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state",
    abstract: "Say what the reading state holds; export, import, prune or compact it.",
    version: Artfeed.version,
    subcommands: [
      StateInfo.self, StateExport.self, StateImport.self, StatePrune.self, StateVacuum.self,
    ],
    defaultSubcommand: StateInfo.self)
}

/// `artfeed state export`: every marked item, every feed's last visit and every followed
/// artist, to standard output or a file, streamed from the database (memory does not grow
/// with the number of marks).
struct StateExport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write marks, last visits and followed artists as JSON to standard output.",
    discussion: """
      Followed artists come last (format 2); an export without any is format 1, which \
      older artfeeds read too. A state file that cannot be read (damaged, of a version this artfeed does not know, \
      on a disk that refuses it) fails the export with one line saying why (exit 73), as \
      does a failed write: a backup is never written empty or cut short with exit 0. With \
      --output the file is replaced only once the export is whole.
      """,
    version: Artfeed.version)

  @Option(
    name: [.short, .long],
    help: "Write to FILE (mode 0600), replacing it only once the export is whole.",
    completion: .file())
  var output: String?

  func run() throws {
    do throws(CommandFailure) {
      let access = try StateAccess()
      let found = try access.openForExport()
      guard let store = found ?? SQLiteStateStore.inMemory() else {
        throw .cannotWrite("state: SQLite cannot open even a memory database")
      }
      let target: ExportFile
      if let output {
        target = try ExportFile(path: output)
      } else {
        target = ExportFile.standardOutput()
      }
      let summary: SQLiteStateStore.ExportSummary
      do throws(StateError) {
        summary = try store.export(
          to: StateExportWriter { (bytes) throws(StateError) in try target.write(bytes) })
        try target.finish()
      } catch {
        target.abandon()
        throw CommandFailure(error)
      }
      if found == nil {
        warn("state: no state file at \(access.location.path) yet: the export is empty")
      }
      if summary.feedsLeftOut > 0 {
        warn("state: \(summary.feedsLeftOut) feeds' last visits left out (keys no import takes)")
      }
      if summary.followsLeftOut > 0 {
        warn("state: \(summary.followsLeftOut) followed artists left out (names no import takes)")
      }
      if summary.timesClamped > 0 {
        warn(
          "state: \(summary.timesClamped) times before 1970 or over a day ahead of the clock "
            + "written as 1970 or a day ahead")
      }
    } catch let failure {
      fail(failure)
    }
  }
}

/// Where `state export` writes: standard output as the export goes, or a temporary file
/// beside FILE, renamed over it once whole and on disk (a failed export leaves FILE as it
/// was, and never a partial file in its place).
final class ExportFile {
  private let descriptor: Int32
  /// For messages: the file's name, or "standard output".
  private let name: String
  /// The temporary file and the name it replaces, for `--output`.
  private let paths: (temporary: String, final: String)?

  /// Whether `descriptor` is still to be closed (a file's, never standard output).
  private var isOpen: Bool

  static func standardOutput() -> ExportFile {
    ExportFile(descriptor: 1, name: "standard output", paths: nil)
  }

  private init(descriptor: Int32, name: String, paths: (temporary: String, final: String)?) {
    self.descriptor = descriptor
    self.name = name
    self.paths = paths
    isOpen = paths != nil
  }

  convenience init(path: String) throws(CommandFailure) {
    let url = URL(fileURLWithPath: path)
    let temporary =
      url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw .cannotWrite("\(path): cannot be created: \(String(cString: strerror(errno)))")
    }
    self.init(descriptor: fd, name: path, paths: (temporary, path))
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws(StateError) {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(
        descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { throw failure() }
      offset += written
    }
  }

  /// Makes the export durable and, for a file, puts it in place.
  func finish() throws(StateError) {
    guard let paths else { return }
    guard fsync(descriptor) == 0 else { throw failure() }
    close(descriptor)
    isOpen = false
    guard rename(paths.temporary, paths.final) == 0 else {
      let error = failure()
      unlink(paths.temporary)
      throw error
    }
    let folder = open(
      URL(fileURLWithPath: paths.final).deletingLastPathComponent().path,
      O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Removes what a failed export wrote to a file.
  func abandon() {
    guard let paths else { return }
    if isOpen { close(descriptor) }
    isOpen = false
    unlink(paths.temporary)
  }

  private func failure() -> StateError {
    let code = errno
    return StateError(
      code == ENOSPC || code == EDQUOT ? .full : .io,
      "\(name): \(String(cString: strerror(code))): the export is not complete")
  }
}

/// `artfeed state import FILE`: merges an export (the later change of each item wins; an
/// artist followed on both sides keeps the earlier follow).
struct StateImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Merge marks from a JSON export (- for standard input); the later change wins.",
    discussion: """
      Followed artists are added to those followed here; an artist followed on both sides \
      keeps the earlier time and its name. An unfollow is not carried: importing an older \
      backup follows again an artist unfollowed since. The file is read twice, never whole in memory: once to check every field (lengths, \
      characters, times no later than a day ahead of this machine's clock), and once to merge \
      it in one transaction; nothing is written when any of it is refused. Exit status: 65 \
      for a file that is not a valid export, 66 for one that cannot be read.
      """,
    version: Artfeed.version)

  @Argument(help: "The export to merge, or - for standard input.", completion: .file())
  var file: String

  func run() throws {
    do throws(CommandFailure) {
      let descriptor = try openInput()
      defer { close(descriptor) }
      let now = Date()
      // Checked whole before the state is opened: a refused file creates or locks nothing.
      do throws(StateError) {
        _ = try StateExportReader.read(
          StateExportInput(descriptor: descriptor, name: file), now: now
        ) { (_) throws(StateError) in
        } item: { (_) throws(StateError) in
        }
      } catch {
        throw error.kind == .badInput
          ? .notAFeed("\(file): \(error.description)")
          : .unreadable("\(file): \(error.description)")
      }
      let store = try StateAccess().openForWriting()
      let result: SQLiteStateStore.MergeSummary
      do throws(StateError) {
        result = try store.mergeCounting(
          reading: StateExportInput(descriptor: descriptor, name: file), now: now)
      } catch {
        throw error.kind == .badInput
          ? .notAFeed("\(file): \(error.description)") : CommandFailure(error)
      }
      var line = "\(result.merged) of \(result.counts.items) items merged"
      if result.counts.follows > 0 {
        line += "; \(result.followsMerged) of \(result.counts.follows) followed artists merged"
      }
      say(line)
    } catch let failure {
      fail(failure)
    }
  }

  /// A descriptor of the export that can be read twice: the file itself, or, for a pipe
  /// (standard input, `<(...)`), a copy of it in an unnamed temporary file.
  private func openInput() throws(CommandFailure) -> Int32 {
    let source = file == "-" ? dup(0) : open(file, O_RDONLY | O_CLOEXEC)
    guard source >= 0 else {
      throw .unreadable("\(file): cannot be read: \(String(cString: strerror(errno)))")
    }
    var info = stat()
    guard fstat(source, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(source)
      throw .unreadable("\(file): cannot be read: \(reason)")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return source
    case S_IFDIR:
      close(source)
      throw .unreadable("\(file): is a folder")
    default:
      defer { close(source) }
      return try spool(source)
    }
  }

  /// Copies `source` to an unnamed temporary file (gone when closed) and returns it.
  private func spool(_ source: Int32) throws(CommandFailure) -> Int32 {
    guard let copy = tmpfile() else {
      throw .cannotWrite("\(file): no temporary file: \(String(cString: strerror(errno)))")
    }
    let target = dup(fileno(copy))
    fclose(copy)
    guard target >= 0 else {
      throw .cannotWrite("\(file): no temporary file: \(String(cString: strerror(errno)))")
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        let reason = String(cString: strerror(errno))
        close(target)
        throw .unreadable("\(file): cannot be read: \(reason)")
      }
      if count == 0 { return target }
      var offset = 0
      while offset < count {
        let written = buffer.withUnsafeBytes {
          Glibc.write(target, $0.baseAddress.map { $0 + offset }, count - offset)
        }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
          let reason = String(cString: strerror(errno))
          close(target)
          throw .cannotWrite("\(file): no room for a temporary copy: \(reason)")
        }
        offset += written
      }
    }
  }
}
