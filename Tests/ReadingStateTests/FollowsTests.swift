import Foundation
import Locking
import Testing

@testable import FeedModel
@testable import ReadingState

@Suite("Followed artists in the state database")
struct FollowsTests {
  @Test("follow keeps the first name and time; any spelling of the artist is the same follow")
  func followKeepsFirst() throws {
    let scratch = try StateScratch()
    let store = try scratch.open()
    let first = try store.follow("Raven Quill", at: at(10))
    #expect(first.isNew && first.follow == ArtistFollow(name: "Raven Quill", since: at(10)))
    #expect(first.follow.key == "ravenquill")
    let again = try store.follow("raven-quill", at: at(20))
    #expect(!again.isNew && again.follow == first.follow)
    #expect(try store.isFollowed(key: "ravenquill"))
    #expect(try !store.isFollowed(key: "pixelheron"))
    #expect(try !store.isFollowed(key: ""))
    try store.follow("Pixel Heron", at: at(30))
    #expect(try store.follows().map(\.name) == ["Pixel Heron", "Raven Quill"])
    // Another connection (another artfeed) sees them, and they survive reopening.
    #expect(try scratch.open().follows() == store.follows())
  }

  @Test("unfollow by any spelling removes the follow; unfollowing one not followed says so")
  func unfollow() throws {
    let store = try StateScratch().open()
    try store.follow("Raven Quill", at: at(10))
    let removed = try store.unfollow("RAVEN_QUILL")
    #expect(removed == ArtistFollow(name: "Raven Quill", since: at(10)))
    #expect(try store.unfollow("Raven Quill") == nil)
    #expect(try store.unfollow("!!") == nil)
    #expect(try store.follows().isEmpty)
    // Followed again, it is a new follow with the new name and time.
    let again = try store.follow("raven-quill", at: at(50))
    #expect(again.isNew && again.follow.name == "raven-quill" && again.follow.since == at(50))
  }

  @Test(
    "a name no artist can have is refused and nothing is stored",
    arguments: [
      "", "!!", "  -_. ", "a\u{1B}]52;c;eA==\u{07}", "tab\there", "c1\u{85}",
      String(repeating: "x", count: ArtistFollow.maxNameBytes + 1),
    ])
  func badName(name: String) throws {
    let store = try StateScratch().open()
    #expect(throws: StateError.self) { try store.follow(name, at: at(0)) }
    do {
      _ = try store.follow(name, at: at(0))
    } catch {
      #expect(error.kind == .badInput && !error.description.contains("\n"))
    }
    // As a queued change it is dropped, never thrown: it would hold up the changes after it.
    try store.apply(.follow(name, at(0)), at: at(0))
    #expect(try store.follows().isEmpty)
  }

  @Test("follow and unfollow as changes, each in its transaction")
  func asChanges() throws {
    let store = try StateScratch().open()
    try store.apply(.follow("Raven Quill", at(5)), at: at(100))
    try store.apply(.follow("raven quill", at(6)), at: at(100))
    #expect(try store.follows() == [ArtistFollow(name: "Raven Quill", since: at(5))])
    try store.apply(.unfollow("ravenquill"), at: at(100))
    #expect(try store.follows().isEmpty)
  }

  @Test("the longest name allowed is kept whole")
  func longestName() throws {
    let store = try StateScratch().open()
    let name = String(repeating: "é", count: ArtistFollow.maxNameBytes / 2)
    #expect(try store.follow(name, at: at(0)).follow.name == name)
  }

  // MARK: - Export and import

  @Test("an export carries the follows (format 2) and an import into an empty state restores them")
  func exportImport() throws {
    let source = try StateScratch().open()
    try source.apply(.setRead(keys(1...2), true), at: at(5))
    try source.follow("Raven Quill", at: at(10))
    try source.follow("Renée Draws 🎨", at: at(20))
    let exported = try source.export()
    #expect(exported.format == 2)
    #expect(
      exported.follows == [
        StateSnapshot.Follow(name: "Raven Quill", since: 1_700_000_010),
        StateSnapshot.Follow(name: "Renée Draws 🎨", since: 1_700_000_020),
      ])
    let text = try #require(String(data: exported.encoded(), encoding: .utf8))
    #expect(text.hasPrefix("{\"format\":2,"))
    #expect(text.contains("\n\"follows\":[\n{\"name\":\"Raven Quill\",\"since\":1700000010},\n"))
    let decoded = try StateSnapshot.decode(exported.encoded())
    #expect(decoded == exported)
    let target = try StateScratch().open()
    #expect(try target.merge(decoded) == 2)
    #expect(try target.follows() == source.follows())
    #expect(try target.export() == exported)
  }

  @Test("a state without follows exports format 1, as before, with no follows key")
  func withoutFollows() throws {
    let store = try StateScratch().open()
    try store.apply(.setRead(keys(1...1), true), at: at(5))
    let exported = try store.export()
    #expect(exported.format == 1 && exported.follows.isEmpty)
    let text = try #require(String(data: exported.encoded(), encoding: .utf8))
    #expect(text.hasPrefix("{\"format\":1,") && !text.contains("follows"))
    // Streamed the same way.
    var streamed = Data()
    try store.export(
      to: StateExportWriter { (bytes) throws(StateError) in streamed.append(contentsOf: bytes) })
    #expect(streamed == exported.encoded())
  }

  @Test("the streamed export with follows is the one in memory, and reads back")
  func streamedWithFollows() throws {
    let store = try StateScratch().open()
    try store.follow("Raven Quill", at: at(10))
    var streamed = Data()
    let summary = try store.export(
      to: StateExportWriter { (bytes) throws(StateError) in streamed.append(contentsOf: bytes) })
    #expect(summary.follows == 1 && summary.items == 0 && summary.followsLeftOut == 0)
    #expect(streamed == (try store.export()).encoded())
    let text = try #require(String(data: streamed, encoding: .utf8))
    #expect(text.contains("\"items\":[],\n\"follows\":["), "\(text)")
    let target = try StateScratch().open()
    let merged = try target.mergeCounting(reading: StateExportInput(bytes: Array(streamed)))
    #expect(merged.followsMerged == 1 && merged.counts.follows == 1 && merged.counts.format == 2)
    #expect(try target.follows() == store.follows())
  }

  @Test("an import keeps the earlier follow of an artist, with its name")
  func earlierFollowWins() throws {
    let store = try StateScratch().open()
    try store.follow("Raven Quill", at: at(100))
    try store.follow("Pixel Heron", at: at(100))
    let imported = StateSnapshot(
      items: [], feeds: [],
      follows: [
        StateSnapshot.Follow(name: "raven-quill", since: 1_700_000_050),
        StateSnapshot.Follow(name: "PixelHeron", since: 1_700_000_200),
        StateSnapshot.Follow(name: "Ink Moth", since: 1_700_000_300),
      ])
    try store.merge(imported)
    #expect(
      try store.follows() == [
        ArtistFollow(name: "Ink Moth", since: at(300)),
        ArtistFollow(name: "Pixel Heron", since: at(100)),
        ArtistFollow(name: "raven-quill", since: at(50)),
      ])
    let counted = try StateScratch().open()
    try counted.follow("Raven Quill", at: at(100))
    let summary = try counted.mergeCounting(
      reading: StateExportInput(bytes: Array(imported.encoded())))
    #expect(summary.followsMerged == 3 && summary.counts.follows == 3)
  }

  @Test("an older backup, format 1 without follows, still imports and keeps the follows here")
  func olderBackup() throws {
    let store = try StateScratch().open()
    try store.follow("Raven Quill", at: at(10))
    let old = Data(
      ("{\"format\":1,\"feeds\":[],\"items\":[{\"changed\":1700000000,\"firstSeen\":0,"
        + "\"id\":\"0000000000000001\",\"read\":true,\"starred\":false}]}").utf8)
    let summary = try store.mergeCounting(reading: StateExportInput(bytes: Array(old)))
    #expect(summary.merged == 1 && summary.counts.follows == 0 && summary.counts.format == 1)
    #expect(try store.follows().map(\.name) == ["Raven Quill"])
    // The JSON a format 1 backup decodes to through Codable too.
    let decoded = try JSONDecoder().decode(StateSnapshot.self, from: old)
    #expect(decoded.follows.isEmpty && decoded.format == 1)
  }

  /// Exports whose follows an import refuses, and what the refusal names.
  static let badFollows: [(String, String)] = [
    ("[{\"since\":0}]", "missing \"name\" at follows[0]"),
    ("[{\"name\":\"Raven\"}]", "missing \"since\" at follows[0]"),
    ("[{\"name\":\"\",\"since\":0}]", "follows[0].name is empty"),
    ("[{\"name\":\"!!\",\"since\":0}]", "follows[0].name has no letter or digit"),
    ("[{\"name\":\"a\\u001b[2J\",\"since\":0}]", "follows[0].name holds a control character"),
    ("[{\"name\":\"a\\u0085\",\"since\":0}]", "follows[0].name holds a control character"),
    (
      "[{\"name\":\"" + String(repeating: "x", count: ArtistFollow.maxNameBytes + 1)
        + "\",\"since\":0}]", "follows[0].name is longer than 8192 bytes"
    ),
    ("[{\"name\":\"A\",\"since\":-1}]", "follows[0].since: -1 is before 1970"),
    ("[{\"name\":\"A\",\"since\":99999999999}]", "follows[0].since: 99999999999 is more"),
    ("[{\"name\":\"A\",\"since\":1.5}]", "follows[0].since: not a whole number"),
    ("[{\"name\":7,\"since\":0}]", "wrong type at follows[0].name"),
    ("[{\"name\":\"A\",\"name\":\"B\",\"since\":0}]", "follows[0].name twice"),
    ("[{\"name\":\"A\",\"since\":0,\"key\":\"a\"}]", "unknown key \"key\" in follows[0]"),
    ("[{\"name\":\"A\",\"since\":0},{\"name\":\"!\",\"since\":0}]", "follows[1].name"),
    ("{}", "wrong type at follows"),
  ]

  @Test(
    "a bad follow is refused in one line naming it, and nothing is written", arguments: badFollows)
  func badFollow(follows: String, expected: String) throws {
    let text = "{\"format\":2,\"feeds\":[],\"items\":[],\"follows\":\(follows)}"
    do {
      _ = try StateSnapshot.decode(Data(text.utf8))
      Issue.record("accepted \(follows)")
    } catch {
      #expect(error.kind == .badInput)
      #expect(error.description.contains(expected), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
    let store = try StateScratch().open()
    try store.follow("Raven Quill", at: at(10))
    #expect(throws: StateError.self) {
      try store.merge(reading: StateExportInput(bytes: Array(text.utf8)))
    }
    #expect(try store.follows().map(\.name) == ["Raven Quill"])
  }

  @Test("a snapshot's follows are checked before a merge in memory writes anything")
  func badFollowInMemory() throws {
    let store = try StateScratch().open()
    let snapshot = StateSnapshot(
      items: [], feeds: [],
      follows: [
        StateSnapshot.Follow(name: "Fine", since: 0), StateSnapshot.Follow(name: "\u{7}", since: 0),
      ])
    #expect(throws: StateError.self) { try store.merge(snapshot) }
    #expect(try store.follows().isEmpty)
  }

  @Test("a follow whose name an import would refuse is left out of an export, and counted")
  func unexportableFollow() throws {
    let store = try StateScratch().open()
    try store.follow("Raven Quill", at: at(10))
    try store.db.execute("INSERT INTO follows VALUES ('x', 'x\u{1B}', 0)")
    var streamed = Data()
    let summary = try store.export(
      to: StateExportWriter { (bytes) throws(StateError) in streamed.append(contentsOf: bytes) })
    #expect(summary.follows == 1 && summary.followsLeftOut == 1)
    #expect(try StateSnapshot.decode(streamed).follows.map(\.name) == ["Raven Quill"])
    // Only unexportable ones: format 1, no follows key.
    try store.unfollow("Raven Quill")
    streamed = Data()
    let alone = try store.export(
      to: StateExportWriter { (bytes) throws(StateError) in streamed.append(contentsOf: bytes) })
    #expect(alone.follows == 0 && alone.followsLeftOut == 1)
    #expect(String(decoding: streamed, as: UTF8.self).hasPrefix("{\"format\":1,"))
  }
}
