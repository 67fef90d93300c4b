import FeedCore
import FeedModel
import Foundation
import Pictures
import Testing

@testable import TUI

/// Animations in a terminal that plays them itself (kitty): the frame on screen carries the
/// whole animation once, the run loop gets no deadline, Space says run or stop.
@Suite("Motion played by the terminal")
struct TerminalMotionTests {
  /// The item view open on an animated picture whose frames arrived, in a terminal that
  /// plays animations.
  static func playing(loops: Int = 0) throws -> (AppState, PictureCache.Key) {
    var (state, key) = try MotionTests.opened()
    state.configurePictures(
      enabled: true, depth: .indexed256, cell: PixelPlacementTests.cell,
      terminalPlaysMotion: true)
    let still = try #require(pixelPicture(columns: key.columns, rows: key.rows))
    _ = state.update(.pictureAnimated(key))
    let commands = state.update(.pictureReady(key, .success(.pixels(still))))
    #expect(commands.contains(.wantMotion(key)))
    _ = state.update(.motionReady(key, try MotionTests.animation(for: key, loops: loops)))
    return (state, key)
  }

  static func placement(_ state: AppState) -> PicturePlacement? {
    state.render(now: Date(timeIntervalSince1970: 1_800_000_000)).placements.first
  }

  @Test(
    "the placement carries every frame with its delay, under frame 1's key; run after it is drawn")
  func whole() throws {
    var (state, key) = try Self.playing(loops: 3)
    #expect(Self.placement(state)?.motion?.isRunning == false, "placed first, not yet run")
    #expect(state.motionClock?.milliseconds == 100, "the run command's deadline, not a frame's")
    _ = state.update(.motionDue)
    #expect(state.motionClock?.milliseconds == 1000, "once more, for a terminal slow to draw")
    _ = state.update(.motionDue)
    #expect(state.motionClock == nil, "then the terminal keeps the time, not the run loop")
    let placement = try #require(Self.placement(state))
    #expect(placement.key == key.frame(1))
    let motion = try #require(placement.motion)
    #expect(motion.frames.count == 3)
    #expect(motion.milliseconds == [100, 200, 300])
    #expect(motion.loops == 3 && motion.isRunning && motion.runs == 2)
    #expect(motion.frames.map { $0.picture.pixels[0] } == [0, 40, 80], "frames in order")
    #expect(placement.picture == motion.frames[0], "the first frame is the picture placed")
  }

  @Test("Space stops and runs it again; the frames never step on the state's side")
  func pause() throws {
    var (state, _) = try Self.playing()
    _ = state.update(.motionDue)
    _ = state.update(.key(.character(" ")))
    #expect(Self.placement(state)?.motion?.isRunning == false)
    #expect(state.pictures.isMotionPaused)
    _ = state.update(.key(.character(" ")))
    #expect(Self.placement(state)?.motion?.isRunning == true)
    _ = state.update(.motionDue)
    #expect(Self.placement(state)?.motion?.frames.first?.picture.pixels[0] == 0)
    #expect(state.motionClock == nil)
  }

  @Test("leaving the item view takes the animation off the screen and stops asking")
  func leave() throws {
    var (state, _) = try Self.playing()
    let closed = state.update(.key(.escape))
    #expect(closed.contains(.wantMotion(nil)))
    let shown = state.render(now: Date(timeIntervalSince1970: 1_800_000_000)).placements
    #expect(shown.allSatisfy { $0.motion == nil })
  }

  @Test("without the terminal's playing (sixel, tmux) nothing is attached and deadlines step")
  func deadlines() throws {
    var (state, key) = try MotionTests.opened()
    let still = try #require(pixelPicture(columns: key.columns, rows: key.rows))
    _ = state.update(.pictureAnimated(key))
    _ = state.update(.pictureReady(key, .success(.pixels(still))))
    _ = state.update(.motionReady(key, try MotionTests.animation(for: key)))
    #expect(Self.placement(state)?.motion == nil)
    #expect(state.motionClock?.milliseconds == 100)
  }
}
