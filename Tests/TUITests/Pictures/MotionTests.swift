import FeedCore
import FeedModel
import Foundation
import Pictures
import Testing

@testable import TUI

/// Animations in the item view: asked for once the first frame is here, played frame by
/// frame on `.motionDue`, paused by Space, stopped when the view closes.
@Suite("Motion in the item view")
struct MotionTests {
  /// The read-ahead tests' items in pixels, the item view open on the first (a wide picture).
  static func opened() throws -> (AppState, PictureCache.Key) {
    var state = ReadAheadTests.state()
    _ = state.update(.key(.enter))
    let detail = try #require(state.detail)
    let key = try #require(state.detailPictureKey(detail))
    return (state, key)
  }

  /// `count` frames of the key's box, frame n red n*40, with delays 100, 200, 300...
  static func animation(for key: PictureCache.Key, count: Int = 3, loops: Int = 0) throws
    -> Animation<PictureRendition>
  {
    let steps = try (0..<count).map { index -> Animation<PictureRendition>.Step in
      let width = key.columns * 10
      let height = key.rows * 20
      let picture = Picture(
        width: width, height: height,
        pixels: Array(repeating: [UInt8(index * 40), 0, 0, 255], count: width * height).flatMap {
          $0
        })
      let fitted = try #require(
        PixelPicture.fitting(
          picture, columns: key.columns, rows: key.rows, cell: PixelPlacementTests.cell))
      return .init(frame: .pixels(fitted), milliseconds: 100 * (index + 1))
    }
    return Animation(steps: steps, loops: loops, stopped: nil)
  }

  /// The key of the picture placed on screen.
  static func shownKey(_ state: AppState) -> PictureCache.Key? {
    state.render(now: Date(timeIntervalSince1970: 1_800_000_000)).placements.first?.key
  }

  @Test(
    "the frames are asked for once the first frame is here, and play in order with their delays")
  func plays() throws {
    var (state, key) = try Self.opened()
    #expect(!state.pictureCommands().contains(.wantMotion(key)), "not before the first frame")
    let still = try #require(pixelPicture(columns: key.columns, rows: key.rows))
    _ = state.update(.pictureAnimated(key))
    let commands = state.update(.pictureReady(key, .success(.pixels(still))))
    #expect(commands.contains(.wantMotion(key)))
    #expect(Self.shownKey(state) == key, "the still picture until the frames come")
    _ = state.update(.motionReady(key, try Self.animation(for: key)))
    var seen: [(Int, Int?)] = []
    for _ in 0..<7 {
      seen.append((Self.shownKey(state)?.frame ?? -1, state.motionClock?.milliseconds))
      _ = state.update(.motionDue)
    }
    #expect(seen.map(\.0) == [1, 2, 3, 1, 2, 3, 1], "frame keys from 1, looping")
    #expect(seen.map(\.1) == [100, 200, 300, 100, 200, 300, 100])
  }

  @Test("Space pauses and plays on; Esc stops the animation and asks for nothing more")
  func pauseAndStop() throws {
    var (state, key) = try Self.opened()
    let still = try #require(pixelPicture(columns: key.columns, rows: key.rows))
    _ = state.update(.pictureAnimated(key))
    _ = state.update(.pictureReady(key, .success(.pixels(still))))
    _ = state.update(.motionReady(key, try Self.animation(for: key)))
    _ = state.update(.motionDue)
    _ = state.update(.key(.character(" ")))
    #expect(state.motionClock == nil, "paused: no deadline")
    _ = state.update(.motionDue)
    #expect(Self.shownKey(state)?.frame == 2, "a late deadline moves nothing while paused")
    _ = state.update(.key(.character(" ")))
    #expect(state.motionClock?.frame == 1)
    let closed = state.update(.key(.escape))
    #expect(closed.contains(.wantMotion(nil)))
    #expect(state.motionClock == nil)
  }

  @Test("a file's loop count stops on the last frame; Space plays it again")
  func loopCount() throws {
    var (state, key) = try Self.opened()
    let still = try #require(pixelPicture(columns: key.columns, rows: key.rows))
    _ = state.update(.pictureAnimated(key))
    _ = state.update(.pictureReady(key, .success(.pixels(still))))
    _ = state.update(.motionReady(key, try Self.animation(for: key, count: 2, loops: 2)))
    for _ in 0..<10 { _ = state.update(.motionDue) }
    #expect(Self.shownKey(state)?.frame == 2 && state.motionClock == nil)
    _ = state.update(.key(.character(" ")))
    #expect(Self.shownKey(state)?.frame == 1 && state.motionClock != nil)
  }

  @Test("a still picture is never asked about; Space then pages down as before")
  func still() throws {
    var (state, key) = try Self.opened()
    let still = try #require(pixelPicture(columns: key.columns, rows: key.rows))
    let commands = state.update(.pictureReady(key, .success(.pixels(still))))
    #expect(!commands.contains(.wantMotion(key)), "its bytes held one frame")
    #expect(state.motionClock == nil)
    #expect(!state.pictureCommands().contains(.wantMotion(key)))
    let space = state.update(.key(.character(" ")))
    #expect(!space.contains { if case .wantMotion = $0 { true } else { false } })
  }

  @Test("an animation whose frames fail is not asked for again")
  func failed() throws {
    var (state, key) = try Self.opened()
    let still = try #require(pixelPicture(columns: key.columns, rows: key.rows))
    _ = state.update(.pictureAnimated(key))
    _ = state.update(.pictureReady(key, .success(.pixels(still))))
    _ = state.update(.motionReady(key, nil))
    let commands = state.update(.key(.character("j")))
    #expect(!commands.contains(.wantMotion(key)))
    #expect(state.motionClock == nil)
  }

  @Test("frames that arrive for a picture no longer asked for are dropped")
  func stale() throws {
    var (state, key) = try Self.opened()
    let still = try #require(pixelPicture(columns: key.columns, rows: key.rows))
    _ = state.update(.pictureAnimated(key))
    _ = state.update(.pictureReady(key, .success(.pixels(still))))
    _ = state.update(.key(.escape))
    _ = state.update(.motionReady(key, try Self.animation(for: key)))
    #expect(state.motionClock == nil)
  }

  @Test("the viewer plays the view on screen, zoomed too; Space pauses it; Esc stops it")
  func viewerPlays() throws {
    var (state, _) = try Self.opened()
    _ = state.update(.key(.character("z")))
    let viewer = try #require(state.viewerPage)
    let view = try #require(viewer.key(state.pictures))
    #expect(view.crop != nil, "the viewer's own view, not the item view's picture")
    let still = try #require(pixelPicture(columns: view.columns, rows: view.rows))
    _ = state.update(.pictureAnimated(view))
    let commands = state.update(.pictureReady(view, .success(.pixels(still))))
    #expect(commands.contains(.wantMotion(view)))
    _ = state.update(.motionReady(view, try Self.animation(for: view)))
    _ = state.update(.motionDue)
    #expect(Self.shownKey(state)?.frame == 2 && state.motionClock?.milliseconds == 200)
    _ = state.update(.key(.character(" ")))
    #expect(state.motionClock == nil, "Space pauses in the viewer too")
    _ = state.update(.key(.character(" ")))
    let closed = state.update(.key(.escape))
    #expect(state.viewerPage == nil)
    #expect(closed.contains(.wantMotion(nil)), "the viewer's animation stops as it closes")
    #expect(state.motionClock == nil)
  }
}
