import Foundation
import Locking
import TestSupport
import Testing

@testable import Subscriptions

#if canImport(Glibc)
  import Glibc
#endif

/// `FeedsFile.edit`, `load` and `create` on a real file system: the lock, links, modes, a
/// read-only file, and files that are not feeds files at all.
@Suite("Feeds file on disk")
struct FeedsFileDiskTests {
  let temp: TempDirectory
  let location: URL
  let environment: [String: String]

  init() throws {
    temp = try TempDirectory()
    location = temp.url.appendingPathComponent("config/artfeed/feeds")
    environment = ["HOME": temp.url.path]
  }

  /// Adds `source` through `edit`, as `artfeed add` does.
  func add(_ source: String) throws(SubscriptionError) {
    let location = location
    let environment = environment
    try FeedsFile.edit(at: location, environment: environment) {
      (file: inout FeedsFile?) throws(SubscriptionError) in
      var edited = file ?? FeedsFile.empty(at: location, environment: environment)
      try edited.add(source)
      file = edited
    }
  }

  func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  @Test("edits from 40 threads at once all land: the lock spans read, change and write")
  func concurrentEdits() throws {
    defer { temp.remove() }
    let failures = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 40) { index in
      do {
        try add("https://feed\(index).example/rss.xml")
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let loaded = try #require(try FeedsFile.load(from: location, environment: environment))
    #expect(loaded.subscriptions.count == 40)
  }

  @Test("a link is written through to its target, relative or absolute, dangling or not")
  func links() throws {
    defer { temp.remove() }
    let folder = location.deletingLastPathComponent().path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let target = temp.url.appendingPathComponent("dotfiles/artfeed-feeds").path
    for destination in ["../../dotfiles/artfeed-feeds", target] {
      try? FileManager.default.removeItem(atPath: location.path)
      try? FileManager.default.removeItem(atPath: temp.url.appendingPathComponent("dotfiles").path)
      try FileManager.default.createSymbolicLink(
        atPath: location.path, withDestinationPath: destination)
      // Dangling, and its folder missing: the first edit creates both.
      try add("https://a.example/rss.xml")
      try add("https://b.example/rss.xml")
      #expect(
        (try? FileManager.default.destinationOfSymbolicLink(atPath: location.path))
          == destination)
      #expect(text(target) == "https://a.example/rss.xml\nhttps://b.example/rss.xml\n")
      let loaded = try #require(try FeedsFile.load(from: location, environment: environment))
      #expect(loaded.subscriptions.count == 2)
    }
    // A chain of two links ends at the same file.
    try FileManager.default.removeItem(atPath: location.path)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/middle", withDestinationPath: target)
    try FileManager.default.createSymbolicLink(atPath: location.path, withDestinationPath: "middle")
    try add("https://c.example/rss.xml")
    #expect(text(target)?.hasSuffix("https://c.example/rss.xml\n") == true)
  }

  @Test("a link loop is an error that says so, not a hang")
  func linkLoop() throws {
    defer { temp.remove() }
    let folder = location.deletingLastPathComponent().path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: location.path, withDestinationPath: "feeds")
    #expect(throws: SubscriptionError.self) { try add("https://a.example/rss.xml") }
    do {
      try add("https://a.example/rss.xml")
    } catch {
      #expect(error.description.contains("links"), "\(error)")
    }
  }

  @Test("the mode is kept exactly (umask aside); read-only files are refused and kept")
  func modes() throws {
    defer { temp.remove() }
    try add("https://a.example/rss.xml")
    for mode: mode_t in [0o600, 0o640, 0o664, 0o604] {
      chmod(location.path, mode)
      try add("https://m\(mode).example/rss.xml")
      var info = stat()
      stat(location.path, &info)
      #expect(info.st_mode & 0o7777 == mode)
    }
    for mode: mode_t in [0o444, 0o400, 0o000] {
      chmod(location.path, mode)
      let before = text(location.path)
      #expect(throws: SubscriptionError.self) { try add("https://ro.example/rss.xml") }
      chmod(location.path, 0o644)
      #expect(text(location.path) == before)
    }
    chmod(location.path, 0o444)
    do {
      try add("https://ro.example/rss.xml")
    } catch {
      #expect(error.description.contains("is read-only (mode 444)"), "\(error)")
    }
  }

  @Test("an edit that throws or changes nothing writes nothing, and creates no file")
  func noWrite() throws {
    defer { temp.remove() }
    let location = location
    try FeedsFile.edit(at: location, environment: environment) {
      (file: inout FeedsFile?) throws(SubscriptionError) in
      file = FeedsFile.empty(at: location, environment: [:])
    }
    #expect(!FileManager.default.fileExists(atPath: location.path))
    try add("https://a.example/rss.xml")
    #expect(
      throws: SubscriptionError.alreadySubscribed(source: "https://a.example/rss.xml", line: 1)
    ) {
      try add("https://a.example/rss.xml")
    }
    #expect(text(location.path) == "https://a.example/rss.xml\n")
  }

  @Test("a folder, a device, a pipe or a file over 1 MiB is refused in words")
  func notAFeedsFile() throws {
    defer { temp.remove() }
    let folder = location.deletingLastPathComponent().path
    try FileManager.default.createDirectory(
      atPath: location.path, withIntermediateDirectories: true)
    #expect(
      throws: SubscriptionError.unreadableFile(
        path: location.path, reason: "is a folder, not a file")
    ) {
      try FeedsFile.load(from: location, environment: environment)
    }
    try FileManager.default.removeItem(atPath: location.path)
    mkfifo(location.path, 0o600)
    #expect(
      throws: SubscriptionError.unreadableFile(
        path: location.path, reason: "is not a regular file")
    ) {
      try FeedsFile.load(from: location, environment: environment)
    }
    try FileManager.default.removeItem(atPath: location.path)
    try FileManager.default.createSymbolicLink(
      atPath: location.path, withDestinationPath: "/dev/zero")
    #expect(throws: SubscriptionError.self) { try add("https://a.example/rss.xml") }
    try FileManager.default.removeItem(atPath: location.path)

    let line = Data(("https://x.example/" + String(repeating: "a", count: 1_000) + "\n").utf8)
    var big = Data()
    while big.count <= FeedsFile.maxBytes { big.append(line) }
    _ = FileManager.default.createFile(atPath: location.path, contents: big)
    #expect(throws: SubscriptionError.self) {
      try FeedsFile.load(from: location, environment: environment)
    }
    #expect(throws: SubscriptionError.self) { try add("https://a.example/rss.xml") }
    #expect(FileManager.default.contents(atPath: location.path) == big)
    #expect(!folder.isEmpty)
  }
}
