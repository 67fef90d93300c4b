import Pictures
import TUI

/// The bytes that show placements with one protocol, made on demand and kept within a byte
/// budget (sixel and iTerm2 pictures are sent again each time their box moves, so their
/// encodings are worth keeping; a kitty picture is encoded once, when it is transmitted).
///
/// Shared by the browser's `PixelWriter` and `artfeed render --pictures`.
public final class PictureSequences {
  public let kind: PictureProtocol
  private var store: [Key: [UInt8]] = [:]
  private var order: [Key] = []
  private var bytes = 0
  /// The most bytes of encodings kept.
  let budget: Int

  private struct Key: Hashable {
    var picture: PictureCache.Key
    var columns: Range<Int>
    var rows: Range<Int>
  }

  public init(kind: PictureProtocol, budget: Int = 16 << 20) {
    self.kind = kind
    self.budget = budget
  }

  /// kitty: the PNG of the whole picture (placements crop it).
  public func png(_ placement: PicturePlacement) -> [UInt8] {
    let picture = placement.picture
    return cached(placement.key, 0..<picture.columns, 0..<picture.rows) {
      PNGEncoder.encode(picture.picture) ?? []
    }
  }

  /// sixel, iTerm2: the sequence that draws the visible part at the cursor.
  public func drawing(_ placement: PicturePlacement) -> [UInt8] {
    let picture = placement.picture
    let (columns, rows) = (placement.columns, placement.rows)
    return cached(placement.key, columns, rows) {
      let part = picture.cropped(columns: columns, rows: rows)
      switch kind {
      case .sixel:
        return SixelEncoder.encode(
          part, columns: columns.count, rows: rows.count, cell: picture.cell)
          ?? []
      case .iterm, .kitty:
        guard let png = PNGEncoder.encode(part) else { return [] }
        return ITermGraphics.image(png: png, columns: columns.count, rows: rows.count)
      }
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

  private func cached(
    _ picture: PictureCache.Key, _ columns: Range<Int>, _ rows: Range<Int>,
    make: () -> [UInt8]
  ) -> [UInt8] {
    let key = Key(picture: picture, columns: columns, rows: rows)
    if let found = store[key] { return found }
    let made = make()
    guard made.count <= budget else { return made }
    store[key] = made
    order.append(key)
    bytes += made.count
    while bytes > budget, !order.isEmpty {
      let oldest = order.removeFirst()
      bytes -= store.removeValue(forKey: oldest)?.count ?? 0
    }
    return made
  }
}
