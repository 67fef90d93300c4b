import Foundation
import Locking
import Pictures

/// Pictures decoded at full size for the picture viewer, kept within a byte budget (least
/// recently used dropped first), so zooming and panning cut their views from memory instead of
/// decoding the file again. Safe to share between the loader's tasks.
public final class DecodedPictures: Sendable {
  /// The budget: 128 MiB of RGBA, two 4000x3000 pictures and some smaller ones. A picture
  /// heavier than the whole budget is decoded for each view instead.
  public static let defaultByteBudget = 128 << 20

  /// The store the loader uses.
  public static let shared = DecodedPictures()

  private struct Store {
    var pictures: [(url: String, picture: Picture, isAnimated: Bool)] = []
    var bytes = 0
  }

  private let store = Locked(Store())
  public let byteBudget: Int

  public init(byteBudget: Int = defaultByteBudget) {
    self.byteBudget = max(0, byteBudget)
  }

  /// The picture decoded from `url`, if kept; it becomes the most recently used.
  public func picture(for url: String) -> Picture? { entry(for: url)?.picture }

  /// The picture decoded from `url` and whether its file holds more than one frame (its
  /// views then play), if kept; it becomes the most recently used.
  public func entry(for url: String) -> (picture: Picture, isAnimated: Bool)? {
    store.withLock { store in
      guard let index = store.pictures.firstIndex(where: { $0.url == url }) else { return nil }
      let entry = store.pictures.remove(at: index)
      store.pictures.append(entry)
      return (entry.picture, entry.isAnimated)
    }
  }

  /// Keeps `picture` for `url`, dropping the least recently used until the budget holds.
  public func keep(_ picture: Picture, for url: String, isAnimated: Bool = false) {
    let weight = picture.pixels.count
    guard weight <= byteBudget else { return }
    store.withLock { store in
      if let index = store.pictures.firstIndex(where: { $0.url == url }) {
        store.bytes -= store.pictures.remove(at: index).picture.pixels.count
      }
      while store.bytes + weight > byteBudget, !store.pictures.isEmpty {
        store.bytes -= store.pictures.removeFirst().picture.pixels.count
      }
      store.pictures.append((url, picture, isAnimated))
      store.bytes += weight
    }
  }

  /// Bytes held now; never above the budget.
  public var byteCount: Int { store.withLock { $0.bytes } }
}
