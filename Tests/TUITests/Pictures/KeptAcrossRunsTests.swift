import ArtfeedResources
import FeedCore
import FeedModel
import Foundation
import PictureFiles
import Pictures
import ReadingState
import TestSupport
import Testing

@testable import TUI
@testable import TUIRuntime

/// An item starred in an earlier run has its pictures pinned in this one as soon as its marks
/// are read from the state file, without being starred again.
@Suite("Pictures of items starred in an earlier run are kept")
struct KeptAcrossRunsTests {
  static let url = "https://img.example/0.jpg"

  @Test("run 1 stars item 0 into a state file; run 2 reads its marks and pins its pictures")
  func twoRuns() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-kept-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("state.db").path

    do {
      var first = try await StateHarness(store: SQLiteStateStore(path: path))
      await first.press(.character("s"))
      #expect(first.reader.marks(of: ItemKey(Fixtures.items[0])).starred)
      #expect(first.reader.finishWrites(), "written to the file, as at quit")
    }

    let second = try await StateHarness(
      store: SQLiteStateStore(path: path), lookups: SQLiteStateStore(readingOnly: path))
    #expect(second.reader.marks(of: ItemKey(Fixtures.items[0])).starred, "read from the file")
    let cache = second.state.pictures.cache
    let key = second.state.pictures.key(url: Self.url, columns: 12, rows: 6)
    cache.insert(PictureCells.blank(columns: 12, rows: 6), for: key)
    #expect(cache.isPinned(key), "pinned with no s in this run")
    // An item not starred (item 2 has a picture too) is cached as usual.
    let other = second.state.pictures.key(url: "https://img.example/2.jpg", columns: 12, rows: 6)
    cache.insert(PictureCells.blank(columns: 12, rows: 6), for: other)
    #expect(!cache.isPinned(other))
  }

  @Test("marks read that say starred pin the shown item's pictures; unstarred ones do not")
  func marksRead() {
    var state = Fixtures.state()
    _ = state.attachState(mainFeed: nil)
    let starred = ItemKey(Fixtures.items[0])
    let plain = ItemKey(Fixtures.items[2])
    _ = state.update(
      .marksRead([starred: ItemMarks(starred: true), plain: ItemMarks(read: true)]))
    let key = state.pictures.key(url: Self.url, columns: 12, rows: 6)
    state.pictures.cache.insert(PictureCells.blank(columns: 12, rows: 6), for: key)
    #expect(state.pictures.cache.isPinned(key))
    let other = state.pictures.key(url: "https://img.example/2.jpg", columns: 12, rows: 6)
    state.pictures.cache.insert(PictureCells.blank(columns: 12, rows: 6), for: other)
    #expect(!state.pictures.cache.isPinned(other))
    // s on the starred item unstars it: the pin goes.
    _ = state.update(.key(.character("s")))
    #expect(!state.pictures.cache.isPinned(key))
  }
}

/// A picture the disk cache keeps (its item starred or saved, maybe in an earlier run: the
/// disk's marker outlives the run) is pinned in memory when it is made, whatever the state says.
@Suite("Pictures the disk cache keeps are pinned in memory")
struct KeptOnDiskTests {
  @Test("the loader says a made picture is kept on disk; the list pins it, and only it")
  func keptOnDisk() async throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let folder = temp.url
    let jpeg = try #require(BundledThumbnails.all().first { $0.pathExtension == "jpg" })
    let saved = folder.appendingPathComponent("saved.jpg")
    let plain = folder.appendingPathComponent("plain.jpg")
    try FileManager.default.copyItem(at: jpeg, to: saved)
    try FileManager.default.copyItem(at: jpeg, to: plain)
    let disk = ImageDiskCache(directory: folder.appendingPathComponent("images"))
    disk.keep([saved.absoluteString])
    let items = [
      FeedItem(
        title: "Saved", guid: "saved", thumbnails: [MediaThumbnail(url: saved.absoluteString)]),
      FeedItem(
        title: "Plain", guid: "plain", thumbnails: [MediaThumbnail(url: plain.absoluteString)]),
    ]
    var state = Fixtures.state(items: items)
    state.configurePictures(enabled: true, depth: .indexed256)
    // Asked once: the board notes what it asked for.
    let commands = state.pictureCommands()
    let wanted = commands.flatMap { command -> [PictureCache.Key] in
      if case .wantPictures(let keys) = command { return keys }
      return []
    }
    let savedKey = try #require(wanted.first { $0.url == saved.absoluteString })
    let plainKey = try #require(wanted.first { $0.url == plain.absoluteString })
    let runner = CommandRunner(
      source: MemorySource(items: []), images: ImageLoader(client: NoNetwork(), cache: disk))
    let settled: Bool
    (state, settled) = await settleOnThread(state, runner: runner, initial: commands)
    #expect(settled)
    #expect(state.pictures.cache.value(for: savedKey) != nil)
    #expect(state.pictures.cache.value(for: plainKey) != nil)
    #expect(state.pictures.cache.isPinned(savedKey))
    #expect(!state.pictures.cache.isPinned(plainKey))
  }
}
