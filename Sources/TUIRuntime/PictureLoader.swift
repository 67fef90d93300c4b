import FeedModel
import Foundation
import Locking
import PictureFiles
import Pictures
import TUI
import Workers

/// Loads, decodes and converts pictures off the UI loop, a few at a time, in the order the
/// state last asked for them; results come back as `.pictureReady` events through the inbox.
///
/// `want(_:)` replaces the whole wish list (visible rows first): queued pictures no longer
/// wanted are dropped, running ones are cancelled (a cancelled fetch stops; a decode already
/// under way finishes and its cells are still cached). Each wanted picture is one piece of the
/// inbox's work from the moment it is queued until its event is posted, so `settle` (and
/// `artfeed render`) waits for exactly what the screen asked for.
public final class PictureLoader: Sendable {
  /// The most wanted pictures in flight at once (cancelled ones still finishing aside).
  public let limit: Int
  private let images: ImageLoader
  private let inbox: EventInbox
  private let state = Locked(Queue())
  /// Called in the loading task with each picture made in pixels: the backend encodes it for
  /// its terminal there, off the run loop (`setPreparer`).
  private let preparer = Locked<(@Sendable (PictureCache.Key, PixelPicture) -> Void)?>(nil)

  private struct Queue {
    var wanted: Set<PictureCache.Key> = []
    var waiting: [PictureCache.Key] = []
    var running: [PictureCache.Key: Task<Void, Never>] = [:]
    /// The longest the waiting line has been (the benchmark prints it).
    var longestWait = 0
  }

  public init(images: ImageLoader, inbox: EventInbox, limit: Int = 3) {
    self.images = images
    self.inbox = inbox
    self.limit = max(1, limit)
  }

  /// Makes `keys` (most wanted first) the pictures to load; everything else is dropped.
  public func want(_ keys: [PictureCache.Key]) {
    let dropped: [PictureCache.Key] = state.withLock { queue in
      queue.wanted = Set(keys)
      let dropped = queue.waiting.filter { !queue.wanted.contains($0) }
      let queued = Set(queue.waiting)
      for (key, task) in queue.running where !queue.wanted.contains(key) { task.cancel() }
      var seen = Set<PictureCache.Key>()
      queue.waiting = keys.filter { queue.running[$0] == nil && seen.insert($0).inserted }
      for key in queue.waiting where !queued.contains(key) { inbox.start() }
      queue.longestWait = max(queue.longestWait, queue.waiting.count)
      return dropped
    }
    for key in dropped { inbox.finish(.pictureReady(key, .failure(.cancelled))) }
    startMore()
  }

  /// Has each picture made in pixels handed to `body` in its loading task, before it is
  /// posted.
  public func setPreparer(_ body: @escaping @Sendable (PictureCache.Key, PixelPicture) -> Void) {
    preparer.withLock { $0 = body }
  }

  /// The backend's encoder, if it set one (the motion loader encodes frames with it too).
  var currentPreparer: (@Sendable (PictureCache.Key, PixelPicture) -> Void)? {
    preparer.withLock { $0 }
  }

  /// Pictures waiting and running now, and the longest wait seen.
  public var counts: (waiting: Int, running: Int, longestWait: Int) {
    state.withLock { ($0.waiting.count, $0.running.count, $0.longestWait) }
  }

  /// Stops everything (the loop is ending).
  public func cancelAll() { want([]) }

  // MARK: - Work

  private func startMore() {
    state.withLock { queue in
      // Cancelled tasks finishing a decode do not hold a place: the picture the reader
      // asked for last (the item view's) starts at once.
      while queue.running.keys.count(where: { queue.wanted.contains($0) }) < limit,
        !queue.waiting.isEmpty
      {
        let key = queue.waiting.removeFirst()
        PixelLog.note("loader: start \(Self.describe(key))")
        let images = self.images
        let prepare = preparer.withLock { $0 }
        let inbox = self.inbox
        queue.running[key] = Task.detached(executorPreference: WorkerPool.shared) {
          let result = await Self.make(
            key, images: images, prepare: prepare,
            measured: { inbox.post(.pictureMeasured(url: $0, width: $1, height: $2)) },
            animated: { inbox.post(.pictureAnimated($0)) })
          self.finished(key, result)
        }
      }
    }
  }

  /// A picture is done: post it, or queue it again at the front if it was cancelled and is
  /// wanted again (its piece of work carries over).
  private func finished(
    _ key: PictureCache.Key, _ result: Result<PictureRendition, ImageLoadError>
  ) {
    let post = state.withLock { queue -> Bool in
      queue.running[key] = nil
      if result == .failure(.cancelled), queue.wanted.contains(key) {
        queue.waiting.insert(key, at: 0)
        return false
      }
      return true
    }
    if post {
      // Starred or saved in an earlier run: the disk cache's marker says so (a file test,
      // once per picture made).
      if case .success = result, images.cache?.isKept(key.url) == true {
        inbox.post(.pictureKept(url: key.url))
      }
      PixelLog.note("loader: posted \(Self.describe(key))")
      inbox.finish(.pictureReady(key, result))
    }
    startMore()
  }

  /// Fetch, decode, convert: symbol cells, or pixels fitted to the box when the key has a
  /// cell size (a JPEG much larger than the box is decoded at a reduced scale). Symbol cells
  /// made before from the same bytes come from the disk cache (`images.cells`) with no
  /// decode and no conversion; cells converted are stored there (failures never are).
  ///
  /// `animated` hears of a picture whose bytes hold more than one frame.
  static func make(
    _ key: PictureCache.Key, images: ImageLoader,
    prepare: (@Sendable (PictureCache.Key, PixelPicture) -> Void)? = nil,
    measured: (@Sendable (String, Int, Int) -> Void)? = nil,
    animated: (@Sendable (PictureCache.Key) -> Void)? = nil
  ) async -> Result<PictureRendition, ImageLoadError> {
    // The picture viewer's views are cut from the picture decoded at full size.
    if let crop = key.crop {
      return await makeView(
        key, crop: crop, images: images, prepare: prepare, measured: measured,
        animated: animated)
    }
    do throws(ImageLoadError) {
      let data = try await images.load(key.url)
      PixelLog.note("loader: read \(data.count) bytes \(describe(key))")
      if Task.isCancelled { throw .cancelled }
      // Before the first frame is posted: a page showing it asks for the others.
      if AnimationDecoder.isAnimated(data) { animated?(key) }
      let diskKey = key.cell == nil ? images.cells.map { _ in cellsKey(key) } : nil
      if let diskKey, let payload = images.cells?.payload(for: diskKey, source: data),
        let cells = PictureCells(encoded: payload), cells.columns == key.columns,
        cells.rows == key.rows
      {
        PixelLog.note("loader: cells from disk \(describe(key))")
        return .success(.cells(cells))
      }
      let box = key.cell.map { (key.columns * $0.width, key.rows * $0.height) }
      let picture: Picture
      do {
        picture = try PictureDecoder.decode(data, covering: box)
        PixelLog.note("loader: decoded \(picture.width)x\(picture.height) \(describe(key))")
      } catch {
        // A damaged copy in the disk cache would fail the same way until it aged out.
        images.forgetCached(key.url)
        throw ImageLoadError(error.description)
      }
      if let cell = key.cell {
        guard
          let fitted = PixelPicture.fitting(
            picture, columns: key.columns, rows: key.rows, cell: cell)
        else { throw ImageLoadError("no room") }
        PixelLog.note("loader: fitted \(describe(key))")
        prepare?(key, fitted)
        PixelLog.note("loader: encoded \(describe(key))")
        return .success(.pixels(fitted))
      }
      let cells = CellConverter(depth: key.depth).cells(
        for: picture, columns: key.columns, rows: key.rows)
      PixelLog.note("loader: converted \(describe(key))")
      if let diskKey, let payload = cells.encoded() {
        images.cells?.store(payload, for: diskKey, source: data)
      }
      return .success(.cells(cells))
    } catch {
      return .failure(error)
    }
  }

  /// The disk cache's key for symbol cells: everything the cells depend on besides the
  /// picture's bytes (which the entry is checked against).
  static func cellsKey(_ key: PictureCache.Key) -> String {
    "cells \(CellConverter.outputTag) \(key.depth.rawValue) \(key.columns)x\(key.rows) \(key.url)"
  }

  /// A key in the log: the address's end and the box.
  static func describe(_ key: PictureCache.Key) -> String {
    "\(key.url.suffix(24)) \(key.columns)x\(key.rows)"
  }
}
