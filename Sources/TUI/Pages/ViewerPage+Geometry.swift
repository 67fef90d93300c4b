import Pictures

/// Where the picture viewer looks: a zoom and the point of the picture at the centre of the
/// box, as fractions of the picture's width and height. The page keeps it; the box and the
/// picture's size come with each question, so a resize keeps the same point at the centre.
///
/// Scales are screen pixels per picture pixel. "Fit" is the whole picture as large as the box
/// allows, never enlarged past 1:1; zooming in goes past 1:1 only when asked.
public struct ViewerView: Sendable, Equatable {
  public enum Zoom: Sendable, Equatable {
    case fit
    /// Screen pixels per picture pixel.
    case scale(Double)
  }

  public var zoom: Zoom = .fit
  /// The point of the picture at the box's centre, 0...1 across and down.
  public var centreX = 0.5
  public var centreY = 0.5

  public init(zoom: Zoom = .fit, centreX: Double = 0.5, centreY: Double = 0.5) {
    self.zoom = zoom
    self.centreX = centreX
    self.centreY = centreY
  }

  /// Each zoom step multiplies the scale by this (two steps double it).
  public static let step = 2.0.squareRoot()
  /// The most a picture pixel is enlarged: 16 screen pixels across.
  public static let maximumScale = 16.0
  /// How far one pan moves: this fraction of the box.
  public static let panFraction = 0.25

  /// The scale that fits a `size` picture in a `box` (screen pixels), at most 1.
  public static func fitScale(picture size: Size, box: Size) -> Double {
    min(
      1, Double(max(1, box.width)) / Double(max(1, size.width)),
      Double(max(1, box.height)) / Double(max(1, size.height)))
  }

  /// The scale drawn now.
  public func scale(picture size: Size, box: Size) -> Double {
    switch zoom {
    case .fit: Self.fitScale(picture: size, box: box)
    case .scale(let scale): scale
    }
  }

  /// The part of the picture the box shows, as fractions of its width and height (1 when
  /// the whole picture fits that way).
  public func visibleFraction(picture size: Size, box: Size) -> (width: Double, height: Double) {
    let scale = scale(picture: size, box: box)
    return (
      min(1, Double(box.width) / (scale * Double(max(1, size.width)))),
      min(1, Double(box.height) / (scale * Double(max(1, size.height))))
    )
  }

  /// Zooms in (`steps` > 0) or out about the centre: past 1:1 it stops at 1:1 first, and
  /// zooming out to the fitting scale or below is "fit" again.
  public mutating func zoom(by steps: Int, picture size: Size, box: Size) {
    let fit = Self.fitScale(picture: size, box: box)
    var scale = scale(picture: size, box: box)
    for _ in 0..<abs(steps) {
      let next = steps > 0 ? scale * Self.step : scale / Self.step
      // 1:1 is a stop on the way, whichever way: the scale that shows the pixels as they are.
      let crossesOne = (scale < 1 && next > 1) || (scale > 1 && next < 1)
      scale = crossesOne ? 1 : next
    }
    scale = min(Self.maximumScale, scale)
    zoom = scale <= fit * 1.0001 ? .fit : .scale(scale)
    clamp(picture: size, box: box)
  }

  /// Shows the picture at 1:1 pixels (about the same centre).
  public mutating func actualSize(picture size: Size, box: Size) {
    let fit = Self.fitScale(picture: size, box: box)
    zoom = fit >= 1 ? .fit : .scale(1)
    clamp(picture: size, box: box)
  }

  /// The whole picture again, centred.
  public mutating func fit() {
    self = ViewerView()
  }

  /// Moves the view by `dx`, `dy` pans (each `panFraction` of the box), kept on the picture.
  public mutating func pan(dx: Int, dy: Int, picture size: Size, box: Size) {
    let visible = visibleFraction(picture: size, box: box)
    centreX += Double(dx) * Self.panFraction * visible.width
    centreY += Double(dy) * Self.panFraction * visible.height
    clamp(picture: size, box: box)
  }

  /// Keeps the box on the picture: a centre no nearer an edge than half the part shown (the
  /// middle when the whole picture shows that way).
  public mutating func clamp(picture size: Size, box: Size) {
    let visible = visibleFraction(picture: size, box: box)
    centreX = Self.clamped(centreX, half: visible.width / 2)
    centreY = Self.clamped(centreY, half: visible.height / 2)
  }

  static func clamped(_ value: Double, half: Double) -> Double {
    half >= 0.5 ? 0.5 : min(max(value, half), 1 - half)
  }

  /// What the loader cuts for a `size` picture in a `box` (screen pixels): "fit", or the part
  /// around the centre at the scale, in whole pixels, kept on the picture.
  public func crop(picture size: Size, box: Size) -> PictureCrop {
    guard case .scale(let scale) = zoom else { return .fit }
    let width = max(1, min(size.width, Int((Double(box.width) / scale).rounded(.down))))
    let height = max(1, min(size.height, Int((Double(box.height) / scale).rounded(.down))))
    let x = min(
      max(0, Int((centreX * Double(size.width) - Double(width) / 2).rounded())), size.width - width)
    let y = min(
      max(0, Int((centreY * Double(size.height) - Double(height) / 2).rounded())),
      size.height - height)
    return .region(
      x: x, y: y, width: width, height: height, permille: max(1, Int((scale * 1000).rounded())))
  }

  /// The zoom as the status line says it: "fit 25%", "100%", "283%".
  public func label(picture size: Size?, box: Size) -> String {
    guard let size else { return "fit" }
    let percent = Int((scale(picture: size, box: box) * 100).rounded())
    return zoom == .fit ? "fit \(percent)%" : "\(percent)%"
  }

  /// A width and a height in pixels.
  public struct Size: Sendable, Equatable, Hashable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }
}
