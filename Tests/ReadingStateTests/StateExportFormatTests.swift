import Foundation
import Testing

@testable import FeedModel
@testable import ReadingState

/// The export's reader and writer: every field bounded, every fault one line naming where it
/// is, nothing merged from a refused file, and what export writes reads back the same.
@Suite("State export format")
struct StateExportFormatTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let good =
    "{\"changed\":1700000000,\"firstSeen\":1700000000,\"id\":\"00000000000000aa\","
    + "\"read\":true,\"starred\":false}"

  /// An export of twelve good items followed by `item`, and the feeds `feeds`.
  static func file(item: String = good, feeds: [String] = []) -> String {
    "{\"format\":1,\"feeds\":[\(feeds.joined(separator: ","))],\"items\":["
      + Array(repeating: good, count: 12).joined(separator: ",") + ",\(item)]}"
  }

  static func item(id: String = "00000000000000aa", changed: String = "1700000000") -> String {
    "{\"changed\":\(changed),\"firstSeen\":1700000000,\"id\":\"\(id)\",\"read\":true,"
      + "\"starred\":false}"
  }

  static func feed(key: String, visit: String = "1700000000") -> String {
    "{\"key\":\"\(key)\",\"lastVisit\":\(visit)}"
  }

  @Test(
    "an out-of-bounds field is refused in one line naming it",
    arguments: [
      (file(item: item(changed: "9223372036854775807")), "items[12].changed: "),
      (file(item: item(changed: "-9223372036854775808")), "items[12].changed: "),
      // The year 9999000.
      (file(item: item(changed: "315506908800000")), "items[12].changed: "),
      // Two days ahead of the clock.
      (file(item: item(changed: "1800172800")), "items[12].changed: "),
      (file(item: item(changed: "-1")), "items[12].changed: -1 is before 1970"),
      (file(item: item(changed: "92233720368547758070")), "items[12].changed: out of range"),
      (file(item: item(changed: "1.5")), "items[12].changed: not a whole number"),
      (file(item: item(changed: "17e8")), "items[12].changed: not a whole number"),
      (file(item: item(changed: "\"1\"")), "wrong type at items[12].changed"),
      (file(item: item(id: "+00000000000000a")), "items[12].id is not 16 hex digits"),
      (file(item: item(id: String(repeating: "a", count: 17))), "items[12].id is longer"),
      (file(item: "{\"id\":\"00000000000000aa\"}"), "missing \"read\" at items[12]"),
      (file(item: "{\"x\":1}"), "unknown key \"x\" in items[12]"),
      (file(item: "{\"read\":true,\"read\":false}"), "items[12].read twice"),
      (file(feeds: [feed(key: String(repeating: "k", count: 8193))]), "feeds[0].key is longer"),
      (file(feeds: [feed(key: "")]), "feeds[0].key is empty"),
      (file(feeds: [feed(key: "a\\u0001b")]), "feeds[0].key holds a control character"),
      (file(feeds: [feed(key: "a\\u001b]52;c;eA==\\u0007")]), "feeds[0].key holds a control"),
      (file(feeds: [feed(key: "a\\u0085")]), "feeds[0].key holds a control character"),
      (file(feeds: [feed(key: "a\\u007f")]), "feeds[0].key holds a control character"),
      (file(feeds: [feed(key: "a\\ud800")]), "not JSON: a lone surrogate"),
      (file(feeds: [feed(key: "a", visit: "4102444800000")]), "feeds[0].lastVisit: "),
      (file(feeds: [feed(key: "a", visit: "-5")]), "feeds[0].lastVisit: -5 is before 1970"),
      (file() + " x", "not JSON: more text after the export"),
      ("{\"format\":1,\"format\":1,\"feeds\":[],\"items\":[]}", "\"format\" twice at the top"),
      (
        "{\"format\":1,\"feeds\":[],\"items\":[],\"" + String(repeating: "k", count: 100) + "\":1}",
        "a key in the top is longer than 64 bytes"
      ),
      ("{\"format\":01,\"feeds\":[],\"items\":[]}", "not JSON: a number with a leading zero"),
      ("\u{FEFF}{}", "not JSON"),
    ])
  func refused(text: String, expected: String) throws {
    do {
      _ = try StateSnapshot.decode(Data(text.utf8), now: Self.now)
      Issue.record("accepted \(text.prefix(200))")
    } catch {
      #expect(error.kind == .badInput)
      #expect(error.description.contains(expected), "\(error.description)")
      #expect(!error.description.contains("\n") && error.description.utf8.count < 200)
    }
  }

  @Test("a long string is refused once past its limit, without reading the rest of it")
  func longKeyStopsEarly() throws {
    let scratch = try StateScratch()
    // 64 MiB of key: the reader stops at 8 KiB, having read at most one more chunk.
    let path = scratch.path + ".json"
    let handle = try #require(FileHandle(forWritingAtPath: createFile(path)))
    handle.write(Data("{\"format\":1,\"feeds\":[{\"key\":\"".utf8))
    let block = Data(repeating: UInt8(ascii: "k"), count: 1 << 20)
    for _ in 0..<64 { handle.write(block) }
    handle.write(Data("\"}],\"items\":[]}".utf8))
    try handle.close()
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    let input = StateExportInput(descriptor: fd, name: path)
    #expect(throws: StateError.self) {
      _ = try StateExportReader.read(input, now: Self.now) { _ in
      } item: { _ in
      }
    }
    #expect(input.bytesRead <= 8192 + (1 << 17), "\(input.bytesRead)")
  }

  func createFile(_ path: String) -> String {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    return path
  }

  @Test("a refused file merges nothing, even when its fault comes after good items")
  func refusedMergesNothing() throws {
    let scratch = try StateScratch()
    let store = try scratch.open()
    try store.apply(.setRead(keys(1...3), true), at: at(10))
    let before = try store.export()
    let text = Self.file(item: Self.item(changed: "9999999999999"))
    let input = StateExportInput(bytes: Array(text.utf8))
    #expect(throws: StateError.self) { _ = try store.merge(reading: input, now: Self.now) }
    #expect(try store.export() == before)
    let snapshot = StateSnapshot(
      items: [
        StateSnapshot.Item(
          id: ItemKey(rawValue: 9).description, read: true, starred: true, firstSeen: 0,
          changed: 1_700_000_000),
        StateSnapshot.Item(
          id: ItemKey(rawValue: 1).description, read: false, starred: true, firstSeen: 0,
          changed: Int64.max),
      ], feeds: [])
    #expect(throws: StateError.self) { _ = try store.merge(snapshot, now: Self.now) }
    #expect(try store.export() == before)
  }

  @Test("the streamed export is the snapshot's encoding, and reads back the same")
  func streamedRoundTrip() throws {
    let store = try StateScratch().open()
    let odd = FeedKey(rawValue: "/home/r/\"quoted\" \\back/slash é 中 \u{1F3A8}.rss")
    try store.apply(.observe(odd, keys(1...40), complete: true), at: at(0))
    try store.apply(.setRead(keys(1...30), true), at: at(5))
    try store.apply(.setStarred(keys(20...35), true), at: at(6))
    try store.apply(.visit(odd, at(7)), at: at(7))
    try store.apply(.visit(feedA, at(8)), at: at(8))
    var streamed = Data()
    let writer = StateExportWriter { (bytes) throws(StateError) in
      streamed.append(contentsOf: bytes)
    }
    let summary = try store.export(to: writer)
    #expect(summary.items == 35 && summary.feeds == 2)
    let snapshot = try store.export()
    #expect(streamed == snapshot.encoded())
    #expect(try StateSnapshot.decode(streamed) == snapshot)
    let target = try StateScratch().open()
    let merged = try target.merge(reading: StateExportInput(bytes: Array(streamed)))
    #expect(merged.merged == 35 && merged.counts == StateExportReader.Counts(items: 35, feeds: 2))
    #expect(try target.export() == snapshot)
  }

  /// A time within the clock's skew is kept as it is, so two exports are the same.
  @Test("state an import would refuse is exported so that it can be restored, and counted")
  func exportKeepsBackupRestorable() throws {
    let store = try StateScratch().open()
    try store.apply(.setRead(keys(1...2), true), at: at(5))
    // A change a minute ahead of the clock: an import takes it, and export keeps it.
    let ahead = Int64(Date().timeIntervalSince1970) + 60
    try store.db.execute(
      """
      UPDATE items SET changed = 9223372036854775807 WHERE id = 1;
      UPDATE items SET first_seen = -5, changed = \(ahead) WHERE id = 2;
      INSERT INTO feeds(key, last_visit) VALUES('bad' || char(27) || 'key', 1700000000);
      INSERT INTO feeds(key, last_visit) VALUES('good', 1700000000);
      """)
    var streamed = Data()
    let summary = try store.export(
      to: StateExportWriter { (bytes) throws(StateError) in streamed.append(contentsOf: bytes) })
    #expect(summary.feedsLeftOut == 1 && summary.timesClamped == 2 && summary.feeds == 1)
    let decoded = try StateSnapshot.decode(streamed)
    #expect(decoded.feeds.map(\.key) == ["good"])
    #expect(
      decoded.items.allSatisfy { $0.changed <= StateExportLimits.latestTime(now: Date()) })
    #expect(decoded.items.last?.changed == ahead && decoded.items.last?.firstSeen == 0)
    Thread.sleep(forTimeInterval: 1.1)
    // Only the clamped times move with the clock.
    #expect(try store.export().items.last == decoded.items.last)
  }

  @Test("any key order and spacing reads; a missing lastVisit is nil")
  func anyOrder() throws {
    let text = """
       { "items" : [ { "starred":true , "read":false,"id":"00000000000000AB",
      "firstSeen":0,"changed":1700000000} ] ,"feeds":[{"key":"a\\/b\\u00e9\\ud83c\\udfa8"},
      {"lastVisit":null,"key":"c"}],"format":1}\t\n
      """
    let snapshot = try StateSnapshot.decode(Data(text.utf8), now: Self.now)
    #expect(snapshot.items.map(\.id) == ["00000000000000ab"])
    #expect(snapshot.feeds.map(\.key) == ["a/bé\u{1F3A8}", "c"])
    #expect(snapshot.feeds.map(\.lastVisit) == [nil, nil])
  }
}
