import Locking
import Pictures
import TUI

/// The bytes that show placements with one protocol, made on demand and kept within a byte
/// budget (sixel and iTerm2 pictures are sent again each time their box moves, so their
/// encodings are worth keeping). Safe to share: the picture loader's tasks fill it ahead
/// (`prepare`), the run loop reads it while drawing.
///
/// Small pictures go as PNG (kitty, iTerm2) and sixel with chafa's adaptive palette; a
/// picture over `rawThreshold` bytes of pixels (the item view's) goes to kitty as raw RGBA
/// and to iTerm2 as an uncompressed TIFF, since compressing a megabyte of pixels takes longer
/// than a local terminal takes to read them.
///
/// Shared by the browser's `PixelWriter` and `artfeed render --pictures`.
public final class PictureSequences: Sendable {
  public let kind: PictureProtocol
  private let store: Locked<Store>
  /// Pixels beyond this many bytes are sent without compression (kitty, iTerm2).
  static let rawThreshold = 256 << 10

  private struct Key: Hashable, Sendable {
    var picture: PictureCache.Key
    var columns: Range<Int>
    var rows: Range<Int>
  }

  private struct Store: Sendable {
    var encodings: [Key: [UInt8]] = [:]
    var order: [Key] = []
    var bytes = 0
    let budget: Int
  }

  public init(kind: PictureProtocol, budget: Int = 32 << 20) {
    self.kind = kind
    store = Locked(Store(budget: budget))
  }

  /// Encodes the whole of a picture ahead, off the run loop (the loader calls it).
  public func prepare(_ key: PictureCache.Key, _ picture: PixelPicture) {
    let columns = 0..<picture.columns
    let rows = 0..<picture.rows
    _ = cached(key, columns, rows) { whole(picture, columns: columns, rows: rows) }
  }

  /// kitty: the whole picture's data for `a=t` (placements crop it), as its commands.
  public func transmission(_ placement: PicturePlacement, id: UInt32) -> [[UInt8]] {
    let picture = placement.picture
    let data = cached(placement.key, 0..<picture.columns, 0..<picture.rows) {
      whole(picture, columns: 0..<picture.columns, rows: 0..<picture.rows)
    }
    if picture.picture.pixels.count > Self.rawThreshold {
      return KittyGraphics.transmit(rgba: picture.picture, id: id)
    }
    return KittyGraphics.transmit(png: data, id: id)
  }

  /// kitty: an animation's frames under one image, for the terminal to play: the first as
  /// the picture (`a=t`) with its gap set after, each later one as a frame (`a=f`) with its
  /// gap. Frame `n`'s PNG is the one the motion loader prepared under frame key `n`.
  public func animation(_ placement: PicturePlacement, id: UInt32) -> [[UInt8]] {
    guard let motion = placement.motion, !motion.frames.isEmpty else {
      return transmission(placement, id: id)
    }
    var commands: [[UInt8]] = []
    for (index, frame) in motion.frames.enumerated() {
      let key = placement.key.frame(index + 1)
      let gap = index < motion.milliseconds.count ? motion.milliseconds[index] : 100
      let raw = frame.picture.pixels.count > Self.rawThreshold
      let png = raw ? [] : cached(key, 0..<frame.columns, 0..<frame.rows) {
        whole(frame, columns: 0..<frame.columns, rows: 0..<frame.rows)
      }
      if index == 0 {
        commands +=
          raw
          ? KittyGraphics.transmit(rgba: frame.picture, id: id)
          : KittyGraphics.transmit(png: png, id: id)
        commands.append(KittyGraphics.gap(id: id, frame: 1, milliseconds: gap))
      } else {
        commands +=
          raw
          ? KittyGraphics.frame(rgba: frame.picture, id: id, gap: gap)
          : KittyGraphics.frame(png: png, id: id, gap: gap)
      }
    }
    return commands
  }

  /// sixel, iTerm2: the sequence that draws the visible part at the cursor.
  public func drawing(_ placement: PicturePlacement) -> [UInt8] {
    let (columns, rows) = (placement.columns, placement.rows)
    return cached(placement.key, columns, rows) {
      whole(placement.picture, columns: columns, rows: rows)
    }
  }

  /// kitty: the placement command for the visible part (source pixels of the crop).
  public static func kittyPlace(_ placement: PicturePlacement, image: UInt32, id: UInt32)
    -> [UInt8]
  {
    let cell = placement.picture.cell
    return KittyGraphics.place(
      id: image, placement: id, x: placement.columns.lowerBound * cell.width,
      y: placement.rows.lowerBound * cell.height, width: placement.columns.count * cell.width,
      height: placement.rows.count * cell.height)
  }

  /// What is kept for a part of a picture: kitty's PNG (raw pictures keep nothing: they are
  /// their own pixels), the sixel or iTerm2 sequence.
  private func whole(_ picture: PixelPicture, columns: Range<Int>, rows: Range<Int>) -> [UInt8] {
    switch kind {
    case .kitty:
      if picture.picture.pixels.count > Self.rawThreshold { return [] }
      return PNGEncoder.encode(picture.picture) ?? []
    case .sixel:
      let part = picture.cropped(columns: columns, rows: rows)
      return SixelEncoder.encode(
        part, columns: columns.count, rows: rows.count, cell: picture.cell) ?? []
    case .iterm:
      let part = picture.cropped(columns: columns, rows: rows)
      let file =
        part.pixels.count > Self.rawThreshold ? TIFFEncoder.encode(part) : PNGEncoder.encode(part)
      return ITermGraphics.image(png: file ?? [], columns: columns.count, rows: rows.count)
    }
  }

  /// The encoding for a part, made by `make` outside the lock when missing.
  private func cached(
    _ picture: PictureCache.Key, _ columns: Range<Int>, _ rows: Range<Int>,
    make: () -> [UInt8]
  ) -> [UInt8] {
    let key = Key(picture: picture, columns: columns, rows: rows)
    if let found = store.withLock({ $0.encodings[key] }) { return found }
    let made = make()
    store.withLock { store in
      guard made.count <= store.budget, store.encodings[key] == nil else { return }
      store.encodings[key] = made
      store.order.append(key)
      store.bytes += made.count
      while store.bytes > store.budget, !store.order.isEmpty {
        let oldest = store.order.removeFirst()
        store.bytes -= store.encodings.removeValue(forKey: oldest)?.count ?? 0
      }
    }
    return made
  }
}
