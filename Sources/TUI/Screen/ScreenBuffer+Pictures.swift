import Pictures

/// A picture shown in pixels over some cells of a frame: which picture, and which of its
/// cells are on screen.
///
/// Views never say how the picture is sent; the backend reads the placements of each frame
/// and decides (the kitty protocol, sixel, iTerm2). The cells under a placement are spaces
/// in the buffer (keeping the background they had, a selected row's say, which shows through
/// the picture's transparent edges), so the text layer never draws over the picture.
public struct PicturePlacement: Sendable, Equatable {
  /// The picture's identity: the same key is the same pixels.
  public var key: PictureCache.Key
  /// The pixels, padded to whole cells.
  public var picture: PixelPicture
  /// The screen cell of the picture's top left (it may be above or left of the screen when
  /// only part of it shows).
  public var x: Int
  public var y: Int
  /// The picture's cells that show, within `0..<picture.columns` and `0..<picture.rows`;
  /// never empty.
  public var columns: Range<Int>
  public var rows: Range<Int>
  /// An animation the terminal plays itself (kitty): `picture` is its first frame.
  public var motion: PlacedMotion?

  /// The screen cells the visible part covers.
  public var visible: BoxRect {
    BoxRect(
      x: x + columns.lowerBound, y: y + rows.lowerBound, width: columns.count, height: rows.count)
  }
}

/// The frames of an animation that a kitty terminal plays by itself once they are sent: the
/// writer sends them all under one image with their gaps, and then only says run or stop.
public struct PlacedMotion: Sendable, Equatable {
  /// Every frame, the first included, each the size of the placement's picture.
  public var frames: [PixelPicture]
  /// How long each frame shows, in milliseconds.
  public var milliseconds: [Int]
  /// How many times it plays; 0: forever.
  public var loops: Int
  /// False while paused: the terminal holds the frame showing.
  public var isRunning: Bool
  /// Counts the run commands due: each new count sends the run command again.
  public var runs: Int

  public init(
    frames: [PixelPicture], milliseconds: [Int], loops: Int, isRunning: Bool, runs: Int = 1
  ) {
    self.frames = frames
    self.milliseconds = milliseconds
    self.loops = loops
    self.isRunning = isRunning
    self.runs = runs
  }

  /// The placement's key names the frames' pixels, so comparing their timing and state is
  /// enough (and spares comparing megabytes on every frame).
  public static func == (lhs: PlacedMotion, rhs: PlacedMotion) -> Bool {
    lhs.frames.count == rhs.frames.count && lhs.milliseconds == rhs.milliseconds
      && lhs.loops == rhs.loops && lhs.isRunning == rhs.isRunning && lhs.runs == rhs.runs
  }
}

extension ScreenBuffer {
  /// Gives the placement of `key` an animation the terminal plays, under `animationKey`
  /// (the first frame, `motion.frames[0]`, becomes its picture). False when `key` is not
  /// placed.
  @discardableResult
  public mutating func attach(
    _ motion: PlacedMotion, to key: PictureCache.Key, as animationKey: PictureCache.Key
  ) -> Bool {
    guard let first = motion.frames.first,
      let index = placements.firstIndex(where: { $0.key == key })
    else { return false }
    placements[index].key = animationKey
    placements[index].picture = first
    placements[index].motion = motion
    return true
  }

  /// Shows `picture` (fitted to `box`, screen cells) over the buffer, on the lines of `clip`
  /// only; the cells it covers become spaces in their own style. Nothing is placed when no
  /// cell of it shows.
  public mutating func place(
    _ picture: PixelPicture, key: PictureCache.Key, in box: BoxRect, clip: Range<Int>
  ) {
    let x = box.x + picture.column
    let y = box.y + picture.row
    let lines = clip.clamped(to: 0..<height)
    let left = max(0, -x)
    let right = min(picture.columns, width - x)
    let top = max(0, lines.lowerBound - y)
    let bottom = min(picture.rows, lines.upperBound - y)
    guard left < right, top < bottom else { return }
    let (columns, rows) = (left..<right, top..<bottom)
    let placement = PicturePlacement(
      key: key, picture: picture, x: x, y: y, columns: columns, rows: rows)
    let shown = placement.visible
    overdraw(columns: shown.x..<shown.maxX, rows: shown.y..<shown.maxY)
    for row in shown.y..<shown.maxY {
      for column in shown.x..<shown.maxX {
        let style = self[column, row].style
        setCell(Cell(" ", style: style), x: column, y: row)
      }
    }
    placements.append(placement)
  }

  /// Cells at `columns` x `rows` were written: a placement under them loses those lines,
  /// keeping the larger part above or below (a picture is never drawn under text).
  mutating func overdraw(columns: Range<Int>, rows: Range<Int>) {
    var kept: [PicturePlacement] = []
    for var placement in placements {
      let shown = placement.visible
      let across = columns.overlaps(shown.x..<shown.maxX)
      let hit = rows.clamped(to: shown.y..<shown.maxY)
      guard across, !hit.isEmpty else {
        kept.append(placement)
        continue
      }
      let above = placement.rows.lowerBound..<(hit.lowerBound - placement.y)
      let below = (hit.upperBound - placement.y)..<placement.rows.upperBound
      placement.rows = above.count >= below.count ? above : below
      if !placement.rows.isEmpty { kept.append(placement) }
    }
    placements = kept
  }
}
