import Pictures
import TUI

/// Which pictures are on the terminal's screen, and what to send so that the next frame's
/// placements show and nothing else does. Pure: it plans, `PixelWriter` sends.
///
/// With the kitty protocol a picture is transmitted once under an image id and then only
/// placed (a placement id per box) and deleted as boxes move; up to `imageLimit` pictures
/// stay transmitted, the least recently shown deleted first. With sixel and iTerm2 there is
/// nothing to delete: a picture is erased when curses redraws the text under it, so the
/// lines of every picture that went away are redrawn, and a picture is sent again only when
/// its box moved, its visible part changed, or the text layer may have erased it.
///
/// An animation the terminal plays (a placement with `motion`, kitty only) is sent once as
/// one image with all its frames, then run or stopped; it is deleted, frames and all, as
/// soon as it leaves the screen (its frames weigh on kitty's storage quota).
struct PlacementTable {
  /// One picture on screen.
  struct Shown: Equatable {
    var key: PictureCache.Key
    var x: Int
    var y: Int
    var columns: Range<Int>
    var rows: Range<Int>
    /// The kitty placement id (0 for sixel and iTerm2).
    var placement: UInt32 = 0
    /// An animation the terminal plays: whether it was last told to run, and the run
    /// count it was told at.
    var running: Bool?
    var runs = 0

    init(_ placement: PicturePlacement, id: UInt32 = 0) {
      key = placement.key
      x = placement.x
      y = placement.y
      columns = placement.columns
      rows = placement.rows
      self.placement = id
      running = placement.motion?.isRunning
      runs = placement.motion?.runs ?? 0
    }

    /// Same picture, same place, same part shown.
    func matches(_ other: PicturePlacement) -> Bool {
      key == other.key && x == other.x && y == other.y && columns == other.columns
        && rows == other.rows
    }

    var lines: Range<Int> { (y + rows.lowerBound)..<(y + rows.upperBound) }
  }

  /// What to send, in order.
  enum Step: Equatable {
    /// kitty: send the picture's pixels under `image`.
    case transmit(PicturePlacement, image: UInt32)
    /// kitty: send every frame of the placement's animation under `image`, with their gaps.
    case transmitAnimation(PicturePlacement, image: UInt32)
    /// kitty: run the animation `image` for `loops` plays (0: forever), or stop it.
    case animate(image: UInt32, running: Bool, loops: Int)
    /// kitty: show the visible part of a transmitted picture as placement `placement`.
    case place(PicturePlacement, image: UInt32, placement: UInt32)
    case deletePlacement(image: UInt32, placement: UInt32)
    /// kitty: forget a picture (and free its data in the terminal).
    case deleteImage(UInt32)
    /// kitty: remove every placement on screen.
    case deleteAllPlacements
    /// sixel, iTerm2: draw the visible part of the picture at its place.
    case draw(PicturePlacement)
  }

  /// A frame's plan: the lines curses must redraw whole before the pictures are sent, whether
  /// it must clear the whole screen, and the steps.
  ///
  /// Every line that changed is redrawn whole: that keeps ncurses from scrolling parts of
  /// the screen to move rows (its hash-based optimisation would move pictures along with the
  /// text, behind the table's back; `wredrawln` tells it not to base optimisation on a
  /// line), and gives sixel and iTerm2 a simple rule: a picture on a redrawn line is erased.
  struct Plan: Equatable {
    var clearScreen = false
    var redrawLines: [Int] = []
    var steps: [Step] = []
  }

  /// What happened to the terminal's screen since the last frame, behind the table's back.
  enum Loss: Equatable {
    /// Placements are gone (a resize, a cleared screen); kitty still holds the pictures.
    case placements
    /// Everything is gone, the pictures the terminal held too (back from a suspend).
    case everything
  }

  let kind: PictureProtocol
  /// The most pictures kept transmitted to a kitty terminal.
  let imageLimit: Int
  private(set) var shown: [Shown] = []
  /// kitty: transmitted pictures and their image ids, least recently shown first; an
  /// animation's is there only while it shows.
  private(set) var images: [(key: PictureCache.Key, id: UInt32, animated: Bool)] = []
  private var nextImage: UInt32
  private var nextPlacement: UInt32 = 1

  /// A table for `kind`; kitty image ids start at `firstImage` (so two programs in one
  /// terminal rarely share ids).
  init(kind: PictureProtocol, imageLimit: Int = 256, firstImage: UInt32 = 1) {
    self.kind = kind
    self.imageLimit = max(1, imageLimit)
    nextImage = max(1, firstImage)
  }

  /// The steps that turn the screen's pictures into `next.placements`. `previous` is the
  /// frame curses showed last (nil after a loss, or at first); `loss` says what went
  /// missing since.
  mutating func plan(next: ScreenBuffer, previous: ScreenBuffer?, loss: Loss? = nil) -> Plan {
    var plan = Plan()
    if let loss {
      plan.clearScreen = true
      if kind == .kitty, !shown.isEmpty || loss == .everything {
        plan.steps.append(.deleteAllPlacements)
      }
      // Animations are sent again when shown again: their frames are freed now (the
      // terminal may have dropped them already; deleting twice costs nothing).
      for image in images where image.animated { plan.steps.append(.deleteImage(image.id)) }
      images.removeAll { $0.animated }
      shown = []
      if loss == .everything { images = [] }
    }
    var redraw = plan.clearScreen ? Set<Int>() : Self.changedLines(previous: previous, next: next)
    switch kind {
    case .kitty: planKitty(next.placements, into: &plan)
    case .sixel, .iterm: planRedrawn(next.placements, redraw: &redraw, into: &plan)
    }
    plan.redrawLines = redraw.filter { (0..<next.height).contains($0) }.sorted()
    return plan
  }

  /// The table forgets everything (the program is leaving): the steps that free the
  /// terminal's copies (kitty).
  mutating func closing() -> [Step] {
    defer {
      shown = []
      images = []
    }
    guard kind == .kitty else { return [] }
    return images.map { .deleteImage($0.id) }
  }

  // MARK: - kitty

  private mutating func planKitty(_ placements: [PicturePlacement], into plan: inout Plan) {
    var kept: [Shown] = []
    var fresh: [PicturePlacement] = []
    var old = shown
    for placement in placements {
      if let index = old.firstIndex(where: { $0.matches(placement) }) {
        var same = old.remove(at: index)
        if let motion = placement.motion,
          same.running != motion.isRunning || same.runs != motion.runs,
          let id = imageID(placement.key)
        {
          plan.steps.append(.animate(image: id, running: motion.isRunning, loops: motion.loops))
          same.running = motion.isRunning
          same.runs = motion.runs
        }
        kept.append(same)
      } else {
        fresh.append(placement)
      }
    }
    for gone in old {
      guard let index = images.firstIndex(where: { $0.key == gone.key }) else { continue }
      let image = images[index]
      if image.animated, !placements.contains(where: { $0.key == gone.key }) {
        plan.steps.append(.deleteImage(image.id))
        images.remove(at: index)
      } else {
        plan.steps.append(.deletePlacement(image: image.id, placement: gone.placement))
      }
    }
    shown = kept
    for placement in fresh {
      let id: UInt32
      if let known = imageID(placement.key) {
        id = known
      } else {
        id = nextImage
        nextImage = nextImage == UInt32.max ? 1 : nextImage + 1
        plan.steps.append(
          placement.motion == nil
            ? .transmit(placement, image: id) : .transmitAnimation(placement, image: id))
        images.append((placement.key, id, placement.motion != nil))
      }
      let placementID = nextPlacement
      nextPlacement = nextPlacement == UInt32.max ? 1 : nextPlacement + 1
      plan.steps.append(.place(placement, image: id, placement: placementID))
      if let motion = placement.motion {
        plan.steps.append(.animate(image: id, running: motion.isRunning, loops: motion.loops))
      }
      shown.append(Shown(placement, id: placementID))
    }
    touch(shown.map(\.key))
    evictImages(into: &plan)
  }

  private func imageID(_ key: PictureCache.Key) -> UInt32? {
    images.first { $0.key == key }?.id
  }

  /// Moves the pictures on screen to the recent end.
  private mutating func touch(_ keys: [PictureCache.Key]) {
    let onScreen = Set(keys)
    images =
      images.filter { !onScreen.contains($0.key) } + images.filter { onScreen.contains($0.key) }
  }

  /// Deletes the least recently shown pictures beyond the limit (never one on screen).
  private mutating func evictImages(into plan: inout Plan) {
    let onScreen = Set(shown.map(\.key))
    while images.count > imageLimit,
      let victim = images.firstIndex(where: { !onScreen.contains($0.key) })
    {
      plan.steps.append(.deleteImage(images[victim].id))
      images.remove(at: victim)
    }
  }

  // MARK: - sixel, iTerm2

  /// Pictures that went away are erased by redrawing their lines; a picture still in place
  /// is drawn again only when one of its lines is redrawn.
  private mutating func planRedrawn(
    _ placements: [PicturePlacement], redraw: inout Set<Int>, into plan: inout Plan
  ) {
    var old = shown
    var kept: [PicturePlacement] = []
    for placement in placements {
      if let index = old.firstIndex(where: { $0.matches(placement) }) {
        old.remove(at: index)
        kept.append(placement)
      }
    }
    for gone in old { redraw.formUnion(gone.lines) }
    for placement in placements {
      let untouched =
        !plan.clearScreen && kept.contains(placement)
        && redraw.isDisjoint(with: Shown(placement).lines)
      if !untouched { plan.steps.append(.draw(placement)) }
    }
    shown = placements.map { Shown($0) }
  }

  /// The lines whose cells differ between two frames of the same size; every line when the
  /// size differs or there is no previous frame.
  static func changedLines(previous: ScreenBuffer?, next: ScreenBuffer) -> Set<Int> {
    guard let previous, previous.width == next.width, previous.height == next.height else {
      return Set(0..<next.height)
    }
    var changed = Set<Int>()
    for y in 0..<next.height {
      for x in 0..<next.width where previous[x, y] != next[x, y] {
        changed.insert(y)
        break
      }
    }
    return changed
  }
}
