import Foundation
import Locking
import Pictures

/// Pictures decoded for the picture viewer, kept within a byte budget (least recently used
/// dropped first), so zooming and panning cut their views from memory instead of decoding the
/// file again. A JPEG is kept at the reduced scale its views needed so far (`Entry.full` is
/// its size at full size); a view that needs more has it decoded again, larger. Safe to share
/// between the loader's tasks.
public final class DecodedPictures: Sendable {
  /// The budget: 128 MiB of RGBA, two 4000x3000 pictures at full size and some smaller ones.
  /// A picture heavier than the whole budget is decoded for each view instead.
  public static let defaultByteBudget = 128 << 20

  /// The store the loader uses.
  public static let shared = DecodedPictures()

  /// A picture as decoded, the size it has at full size, and whether its file holds more than
  /// one frame (its views then play).
  public struct Entry: Sendable {
    public let picture: Picture
    public let full: (width: Int, height: Int)
    public let isAnimated: Bool

    public init(picture: Picture, full: (width: Int, height: Int)? = nil, isAnimated: Bool = false)
    {
      self.picture = picture
      self.full = full ?? (picture.width, picture.height)
      self.isAnimated = isAnimated
    }

    /// True when the picture has at least `scale` of the full size's pixels each way (as a
    /// decode covering that scale makes it: rounded up).
    public func covers(_ scale: Double) -> Bool {
      picture.width >= Int((Double(full.width) * scale - 1e-9).rounded(.up))
        && picture.height >= Int((Double(full.height) * scale - 1e-9).rounded(.up))
    }
  }

  private struct Store {
    var pictures: [(url: String, entry: Entry)] = []
    var bytes = 0
    var offered = 0
  }

  private let store = Locked(Store())
  public let byteBudget: Int

  public init(byteBudget: Int = defaultByteBudget) {
    self.byteBudget = max(0, byteBudget)
  }

  /// The picture decoded from `url`, if kept; it becomes the most recently used.
  public func picture(for url: String) -> Picture? { entry(for: url)?.picture }

  /// What is kept for `url`, if anything; it becomes the most recently used.
  public func entry(for url: String) -> Entry? {
    store.withLock { store in
      guard let index = store.pictures.firstIndex(where: { $0.url == url }) else { return nil }
      let kept = store.pictures.remove(at: index)
      store.pictures.append(kept)
      return kept.entry
    }
  }

  /// Keeps `picture` for `url`, dropping the least recently used until the budget holds.
  public func keep(_ picture: Picture, for url: String, isAnimated: Bool = false) {
    keep(Entry(picture: picture, isAnimated: isAnimated), for: url)
  }

  /// Keeps `entry` for `url` in place of a smaller decode of it (a larger one kept already,
  /// by a view decoded at the same time, stays), dropping the least recently used until the
  /// budget holds.
  public func keep(_ entry: Entry, for url: String) {
    let weight = entry.picture.pixels.count
    store.withLock { store in
      store.offered += 1
      guard weight <= byteBudget else { return }
      if let index = store.pictures.firstIndex(where: { $0.url == url }) {
        let kept = store.pictures[index].entry.picture
        if kept.width > entry.picture.width { return }
        store.bytes -= store.pictures.remove(at: index).entry.picture.pixels.count
      }
      while store.bytes + weight > byteBudget, !store.pictures.isEmpty {
        store.bytes -= store.pictures.removeFirst().entry.picture.pixels.count
      }
      store.pictures.append((url, entry))
      store.bytes += weight
    }
  }

  /// Pictures offered to `keep` so far: one per decode (tests count decodes with it).
  public var offeredCount: Int { store.withLock { $0.offered } }

  /// Bytes held now; never above the budget.
  public var byteCount: Int { store.withLock { $0.bytes } }
}
