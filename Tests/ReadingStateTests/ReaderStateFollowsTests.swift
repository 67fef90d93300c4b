import Foundation
import Locking
import Testing

@testable import FeedModel
@testable import ReadingState

@Suite("Reader state: followed artists")
struct ReaderStateFollowsTests {
  /// A reader state on `scratch`'s file, as the browser opens one, at `clock`.
  func state(_ scratch: StateScratch, clock: Date = at(0)) throws -> ReaderState {
    ReaderState(
      store: try scratch.open(), reader: try scratch.open(), isSaved: true, clock: { clock },
      notify: { _ in })
  }

  @Test("a follow shows at once and is on disk once the writer has run")
  func followShowsAtOnce() throws {
    let scratch = try StateScratch()
    let state = try state(scratch, clock: at(42))
    let follow = try #require(state.follow("Raven Quill"))
    #expect(follow == ArtistFollow(name: "Raven Quill", since: at(42)))
    #expect(state.isFollowed("ravenquill"))
    #expect(state.follows() == [follow])
    #expect(state.finishWrites())
    #expect(try scratch.open().follows() == [follow])
  }

  @Test("following an artist followed already keeps the first follow and writes nothing")
  func followAgain() throws {
    let scratch = try StateScratch()
    try scratch.open().follow("Raven Quill", at: at(1))
    let state = try state(scratch, clock: at(99))
    #expect(state.follow("raven-quill") == ArtistFollow(name: "Raven Quill", since: at(1)))
    #expect(state.finishWrites())
    #expect(try scratch.open().follows() == [ArtistFollow(name: "Raven Quill", since: at(1))])
  }

  @Test("unfollow removes it at once and on disk; an artist not followed answers nil")
  func unfollow() throws {
    let scratch = try StateScratch()
    try scratch.open().follow("Raven Quill", at: at(1))
    let state = try state(scratch)
    #expect(state.unfollow("pixel heron") == nil)
    #expect(state.unfollow("RAVEN QUILL") == ArtistFollow(name: "Raven Quill", since: at(1)))
    #expect(!state.isFollowed("ravenquill") && state.follows().isEmpty)
    #expect(state.unfollow("Raven Quill") == nil)
    #expect(state.finishWrites())
    #expect(try scratch.open().follows().isEmpty)
  }

  @Test("f toggles: followed, then not, then followed again")
  func toggle() throws {
    let scratch = try StateScratch()
    let state = try state(scratch)
    #expect(state.toggleFollow("Raven Quill"))
    #expect(!state.toggleFollow("raven_quill"))
    #expect(state.toggleFollow("raven-quill"))
    #expect(state.finishWrites())
    #expect(try scratch.open().follows().map(\.name) == ["raven-quill"])
  }

  @Test("a name no artist can have is not followed, and nothing is queued")
  func badName() throws {
    let scratch = try StateScratch()
    let state = try state(scratch)
    #expect(state.follow("!!") == nil && state.follow("a\u{1B}b") == nil)
    #expect(!state.toggleFollow(""))
    #expect(state.isFollowed("") == false && state.follows().isEmpty)
    // The writer is not held up: a mark after them is written.
    state.setRead(keys(1...1), true)
    #expect(state.finishWrites())
    #expect(try scratch.open().marks(of: keys(1...1))[ItemKey(rawValue: 1)]?.read == true)
  }

  @Test("another artfeed's follows show after a refresh; this session's stay")
  func refreshShowsOthers() throws {
    let scratch = try StateScratch()
    let state = try state(scratch)
    #expect(state.follows().isEmpty)
    state.follow("Raven Quill")
    let other = try scratch.open()
    try other.follow("Pixel Heron", at: at(5))
    #expect(state.follows().map(\.name) == ["Raven Quill"], "read once, until a refresh")
    let done = DispatchSemaphore(value: 0)
    state.refresh { done.signal() }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(state.follows().map(\.name) == ["Pixel Heron", "Raven Quill"])
    try other.unfollow("Pixel Heron")
    state.refresh { done.signal() }
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(!state.isFollowed("pixelheron") && state.isFollowed("ravenquill"))
  }

  @Test("a fresh file after damage gets the session's follows and unfollows written again")
  func rewrittenAfterReset() throws {
    var overlay = Overlay(reader: nil)
    let raven = ArtistFollow(name: "Raven Quill", since: at(1))
    let moth = ArtistFollow(name: "Ink Moth", since: at(2))
    overlay.followChanges[raven.key] = FollowChange(follow: raven, followed: true, sequence: 1)
    overlay.followChanges[moth.key] = FollowChange(follow: moth, followed: false, sequence: 2)
    let rewrite = overlay.replaceReader(nil)
    #expect(rewrite == [.follow("Raven Quill", at(1)), .unfollow("Ink Moth")])
    #expect(overlay.currentFollows() == [raven.key: raven])
  }

  @Test("a state in memory keeps its follows for the session")
  func inMemory() throws {
    let store = try #require(SQLiteStateStore.inMemory())
    let state = ReaderState(store: store, reader: nil, isSaved: false, notify: { _ in })
    state.follow("Raven Quill")
    #expect(state.isFollowed("ravenquill"))
    #expect(state.finishWrites())
    #expect(try store.follows().map(\.name) == ["Raven Quill"])
  }
}
