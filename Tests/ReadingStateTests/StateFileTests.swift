import Foundation
import TestSupport
import Testing

@testable import ReadingState

@Suite("State file")
struct StateFileTests {
  @Test("lives in XDG_DATA_HOME, else ~/.local/share; a relative XDG_DATA_HOME is ignored")
  func location() {
    #expect(
      StateFile.defaultLocation(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])?.path
        == "/d/artfeed/state.db")
    #expect(
      StateFile.defaultLocation(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])?.path
        == "/h/.local/share/artfeed/state.db")
    #expect(StateFile.defaultLocation(environment: [:]) == nil)
  }

  @Test("opening creates the folder 0700 and the file 0600, in WAL mode")
  func modes() throws {
    let directory = try TempDirectory()
    defer { directory.remove() }
    let url = directory.url.appendingPathComponent("data/artfeed/state.db")
    let opened = try #require(StateFile.open(at: url))
    #expect(opened.isSaved && opened.notices.isEmpty)
    func mode(_ path: String) throws -> Int {
      try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }
    #expect(try mode(url.deletingLastPathComponent().path) == 0o700)
    #expect(try mode(url.path) == 0o600)
    #expect(try opened.store.db.text("PRAGMA journal_mode") == "wal")
  }

  @Test(
    "a file that is not a database, or a damaged one, is moved aside and a fresh one started",
    arguments: ["garbage", "damaged pages", "empty header"])
  func corrupt(kind: String) throws {
    let scratch = try StateScratch()
    switch kind {
    case "garbage":
      try Data(repeating: 0x41, count: 10_000).write(to: scratch.url)
    case "empty header":
      try Data("SQLite format 3\0".utf8 + [UInt8](repeating: 0xFF, count: 4000)).write(
        to: scratch.url)
    default:
      do {
        let store = try scratch.open()
        try store.apply(.observe(feedA, keys(1...5000), complete: true), at: at(0))
        try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      }
      // Overwrite pages in the middle of the file (not the header).
      let handle = try FileHandle(forWritingTo: scratch.url)
      try handle.seek(toOffset: 8192)
      handle.write(Data(repeating: 0x5A, count: 16_384))
      try handle.close()
    }
    let opened = try #require(StateFile.open(at: scratch.url, now: at(0)))
    #expect(opened.isSaved)
    #expect(
      opened.notices.count == 1 && opened.notices[0].contains("moved aside to"), "\(opened.notices)"
    )
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.directory.url.path)
    #expect(names.contains { $0.hasPrefix("state.db.corrupt-") }, "\(names)")
    try opened.store.apply(.setRead(keys(1...1), true), at: at(1))
    #expect(try opened.store.readCount() == 1)
    #expect(try opened.store.db.text("PRAGMA integrity_check") == "ok")
  }

  @Test("a folder that cannot be created keeps the state in memory, with one notice")
  func unwritableFolder() throws {
    // /proc refuses new folders even to root (the tests may run as root, whom chmod does
    // not stop).
    let url = URL(fileURLWithPath: "/proc/self/artfeed-test/state.db")
    let opened = try #require(StateFile.open(at: url))
    #expect(!opened.isSaved)
    #expect(
      opened.notices.first?.hasPrefix("State not saved, marks kept for this session only: ")
        == true,
      "\(opened.notices)")
    try opened.store.apply(.setRead(keys(1...3), true), at: at(0))
    #expect(try opened.store.readCount() == 3)
  }

  @Test("a state path that is a folder keeps the state in memory")
  func pathIsFolder() throws {
    let scratch = try StateScratch()
    try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
    let opened = try #require(StateFile.open(at: scratch.url))
    #expect(!opened.isSaved && !opened.notices.isEmpty)
  }
}
