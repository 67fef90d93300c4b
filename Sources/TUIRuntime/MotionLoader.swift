import Foundation
import Locking
import PictureFiles
import Pictures
import TUI
import Workers

/// Makes the frames of the one animation the state asks for (`Command.wantMotion`), off the
/// run loop: reads the picture's bytes (the disk cache has them: its first frame was made
/// from them), decodes every frame within `AnimationLimits`, fits each to the box as it is
/// decoded (pixels, or symbol cells), and has the backend encode each frame for its
/// terminal, so playing only writes bytes already made. Asking for another picture, or
/// none, cancels the one in the making.
public final class MotionLoader: Sendable {
  private let images: ImageLoader
  private let inbox: EventInbox
  private let limits: AnimationLimits
  private let current = Locked<(key: PictureCache.Key, task: Task<Void, Never>)?>(nil)
  /// The backend's encoder (`PictureLoader.setPreparer`'s), read when a decode starts.
  private let preparer: @Sendable () -> (@Sendable (PictureCache.Key, PixelPicture) -> Void)?

  init(
    images: ImageLoader, inbox: EventInbox, limits: AnimationLimits = .standard,
    preparer: @escaping @Sendable () -> (@Sendable (PictureCache.Key, PixelPicture) -> Void)?
  ) {
    self.images = images
    self.inbox = inbox
    self.limits = limits
    self.preparer = preparer
  }

  /// Starts making `key`'s frames (nil: stops); the result comes as `.motionReady`.
  func want(_ key: PictureCache.Key?) {
    let (images, inbox, limits) = (self.images, self.inbox, self.limits)
    let prepare = preparer()
    current.withLock { current in
      current?.task.cancel()
      current = nil
      guard let key else { return }
      inbox.start()
      let task = Task.detached(executorPreference: WorkerPool.shared) {
        let animation = await Self.make(key, images: images, limits: limits, prepare: prepare)
        inbox.finish(.motionReady(key, Task.isCancelled ? nil : animation))
      }
      current = (key, task)
    }
  }

  /// The frames of `key`'s picture made for its box; nil for a still picture, a failure or
  /// a cancel.
  static func make(
    _ key: PictureCache.Key, images: ImageLoader, limits: AnimationLimits,
    prepare: (@Sendable (PictureCache.Key, PixelPicture) -> Void)?
  ) async -> Animation<PictureRendition>? {
    guard let data = try? await images.load(key.url), !Task.isCancelled,
      AnimationDecoder.isAnimated(data)
    else { return nil }
    let animation = try? AnimationDecoder.decode(data, limits: limits) {
      picture -> (frame: PictureRendition, bytes: Int)? in
      if Task.isCancelled { return nil }
      guard let rendition = rendition(of: picture, for: key) else { return nil }
      return (rendition, rendition.estimatedByteCount)
    }
    guard let animation, !Task.isCancelled else { return nil }
    if let prepare {
      for (index, step) in animation.steps.enumerated() {
        if Task.isCancelled { return nil }
        if case .pixels(let picture) = step.frame { prepare(key.frame(index + 1), picture) }
      }
    }
    PixelLog.note(
      "motion: \(animation.steps.count) frames, \(animation.duration) ms a loop, "
        + "stopped \(animation.stopped.map { "\($0)" } ?? "no") \(PictureLoader.describe(key))")
    return animation
  }

  /// A composed frame fitted to the key's box, or cut as the viewer's view of it is (a key
  /// with a crop): pixels for a cell size, else symbol cells.
  static func rendition(of picture: Picture, for key: PictureCache.Key) -> PictureRendition? {
    if let crop = key.crop { return PictureLoader.view(of: picture, crop: crop, for: key) }
    if let cell = key.cell {
      return PixelPicture.fitting(picture, columns: key.columns, rows: key.rows, cell: cell)
        .map(PictureRendition.pixels)
    }
    return .cells(
      CellConverter(depth: key.depth).cells(for: picture, columns: key.columns, rows: key.rows))
  }
}
