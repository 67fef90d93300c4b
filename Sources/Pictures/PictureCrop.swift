/// What the picture viewer asks of a picture: the whole picture fitted to the box but never
/// enlarged past 1:1, or a part of it at a scale (zoomed in, or at 1:1 pixels).
///
/// Part of `PictureCache.Key`, so each view of a picture is cached apart from the item view's
/// and the rows' fitted copies. Sizes are in pixels of the picture decoded at full size.
public enum PictureCrop: Hashable, Sendable {
  /// The whole picture, as large as the box allows up to 1:1 (a small picture stays small).
  case fit
  /// The part of the picture at (`x`, `y`), `width` x `height`, shown at `permille`
  /// thousandths of its pixels' size (1000: one screen pixel per picture pixel).
  case region(x: Int, y: Int, width: Int, height: Int, permille: Int)

  /// The cell a symbol view's scale counts in: symbol cells have no pixels of their own, and
  /// a symbol shows about 2x4 of a picture's pixels (two colours in a 2x4 pattern, like a
  /// braille or sextant cell), so 1:1 is one picture pixel to each of those. Counted as
  /// xterm's 10x20 cell, a 300x200 picture "fits" in 30x10 cells of a 100x29 box.
  public static let symbolCell = CellSize(width: 2, height: 4)

  /// The part of a `width` x `height` picture to cut, and the scale it is drawn at, for a box
  /// of `boxWidth` x `boxHeight` screen pixels.
  public func resolved(width: Int, height: Int, boxWidth: Int, boxHeight: Int)
    -> (x: Int, y: Int, width: Int, height: Int, scale: Double)
  {
    switch self {
    case .fit:
      let scale = min(
        1, Double(max(1, boxWidth)) / Double(width), Double(max(1, boxHeight)) / Double(height))
      return (0, 0, width, height, scale)
    case .region(let x, let y, let cropWidth, let cropHeight, let permille):
      let left = min(max(0, x), width - 1)
      let top = min(max(0, y), height - 1)
      return (
        left, top, max(1, min(cropWidth, width - left)), max(1, min(cropHeight, height - top)),
        Double(max(1, permille)) / 1000
      )
    }
  }

  /// The scale of the full-size picture (`width` x `height`) this view shows, at most 1: a
  /// decode at that scale or more has every pixel the view draws (a view enlarged past 1:1
  /// needs the full size, and no more).
  public func neededScale(width: Int, height: Int, boxWidth: Int, boxHeight: Int) -> Double {
    guard width > 0, height > 0 else { return 1 }
    return min(
      1, resolved(width: width, height: height, boxWidth: boxWidth, boxHeight: boxHeight).scale)
  }

  /// The same view of a picture decoded at a reduced size: a region's place and size in the
  /// decoded picture's pixels, and its scale raised to match (`full` and `decoded` are the
  /// picture's sizes at full size and as decoded). Fit is the same crop at any size.
  public func onDecoded(
    full: (width: Int, height: Int), decoded: (width: Int, height: Int)
  ) -> PictureCrop {
    guard case .region(let x, let y, let width, let height, let permille) = self,
      full.width > 0, full.height > 0, decoded != full
    else { return self }
    let across = Double(decoded.width) / Double(full.width)
    let down = Double(decoded.height) / Double(full.height)
    return .region(
      x: Int((Double(x) * across).rounded(.down)), y: Int((Double(y) * down).rounded(.down)),
      width: max(1, Int((Double(width) * across).rounded())),
      height: max(1, Int((Double(height) * down).rounded())),
      permille: max(1, Int((Double(permille) / across).rounded())))
  }

  /// The size in screen pixels the part takes at its scale, at most the box.
  public static func shownSize(
    width: Int, height: Int, scale: Double, boxWidth: Int, boxHeight: Int
  ) -> (width: Int, height: Int) {
    (
      max(1, min(boxWidth, Int((Double(width) * scale).rounded()))),
      max(1, min(boxHeight, Int((Double(height) * scale).rounded())))
    )
  }
}
