import Foundation
import Pictures
import Testing

@testable import TUI

/// The viewer's arithmetic against a naive model: the view kept as the rectangle of picture
/// pixels on screen (left, top, width, height), zoomed by resizing that rectangle about its
/// middle, panned by moving it, and pushed back inside the picture by hand.
struct NaiveView {
  var scale: Double
  var left: Double
  var top: Double
  let picture: ViewerView.Size
  var box: ViewerView.Size

  var width: Double { Double(box.width) / scale }
  var height: Double { Double(box.height) / scale }

  mutating func keepInside() {
    let pw = Double(picture.width)
    let ph = Double(picture.height)
    left = width >= pw ? (pw - width) / 2 : min(max(0, left), pw - width)
    top = height >= ph ? (ph - height) / 2 : min(max(0, top), ph - height)
  }

  mutating func rescale(_ next: Double) {
    let middle = (left + width / 2, top + height / 2)
    scale = next
    left = middle.0 - width / 2
    top = middle.1 - height / 2
    keepInside()
  }

  mutating func pan(dx: Int, dy: Int) {
    left += Double(dx) * 0.25 * min(width, Double(picture.width))
    top += Double(dy) * 0.25 * min(height, Double(picture.height))
    keepInside()
  }

  /// The centre as fractions of the picture.
  var centre: (Double, Double) {
    ((left + width / 2) / Double(picture.width), (top + height / 2) / Double(picture.height))
  }
}

/// A small seeded generator (the runs print their seed).
struct SplitMix {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

@Suite("The viewer's zoom and pan")
struct ViewerViewTests {
  let picture = ViewerView.Size(width: 4000, height: 3000)
  let box = ViewerView.Size(width: 1000, height: 580)

  @Test("fit is the whole picture as large as the box allows, never past 1:1")
  func fit() {
    let view = ViewerView()
    #expect(abs(view.scale(picture: picture, box: box) - 580.0 / 3000) < 1e-12)
    let small = ViewerView.Size(width: 200, height: 100)
    #expect(view.scale(picture: small, box: box) == 1)
    #expect(view.crop(picture: picture, box: box) == .fit)
  }

  @Test("zooming in passes through 1:1 and out again comes back to fit")
  func steps() {
    var view = ViewerView()
    var scales: [Double] = []
    for _ in 0..<6 {
      view.zoom(by: 1, picture: picture, box: box)
      scales.append(view.scale(picture: picture, box: box))
    }
    #expect(scales.contains(1))
    #expect(zip(scales, scales.dropFirst()).allSatisfy { $0 < $1 })
    for _ in 0..<20 { view.zoom(by: -1, picture: picture, box: box) }
    #expect(view.zoom == .fit)
  }

  @Test("zoom stops at 16 screen pixels per picture pixel")
  func maximum() {
    var view = ViewerView()
    view.zoom(by: 40, picture: picture, box: box)
    #expect(view.zoom == .scale(ViewerView.maximumScale))
  }

  @Test("zoom is about the centre: the point at the middle stays there")
  func aboutCentre() {
    var view = ViewerView()
    view.actualSize(picture: picture, box: box)
    view.pan(dx: 1, dy: 1, picture: picture, box: box)
    let before = (view.centreX, view.centreY)
    view.zoom(by: 1, picture: picture, box: box)
    view.zoom(by: 1, picture: picture, box: box)
    #expect(view.centreX == before.0 && view.centreY == before.1)
  }

  @Test("panning stops at the picture's edges")
  func panClamps() {
    var view = ViewerView()
    view.actualSize(picture: picture, box: box)
    for _ in 0..<100 { view.pan(dx: 1, dy: -1, picture: picture, box: box) }
    guard
      case .region(let x, let y, let width, let height, _) = view.crop(picture: picture, box: box)
    else {
      Issue.record("1:1 of a picture larger than the box is a region")
      return
    }
    #expect(x + width == picture.width)
    #expect(y == 0)
    #expect(width == box.width && height == box.height)
  }

  @Test("a resize keeps the same point of the picture at the centre")
  func resizeKeepsCentre() {
    var view = ViewerView()
    view.zoom(by: 4, picture: picture, box: box)
    view.pan(dx: -2, dy: 1, picture: picture, box: box)
    let centre = (view.centreX, view.centreY)
    let small = ViewerView.Size(width: 400, height: 220)
    let cropSmall = view.crop(picture: picture, box: small)
    guard case .region(let x, let y, let width, let height, _) = cropSmall else {
      Issue.record("zoomed in: a region")
      return
    }
    let middle = (Double(x) + Double(width) / 2, Double(y) + Double(height) / 2)
    #expect(abs(middle.0 - centre.0 * 4000) <= 1)
    #expect(abs(middle.1 - centre.1 * 3000) <= 1)
    #expect(view.crop(picture: picture, box: box) == view.crop(picture: picture, box: box))
  }

  @Test("seeded runs of zooms and pans agree with the naive model", arguments: [1, 2, 3, 4, 5])
  func againstNaive(seed: UInt64) {
    var random = SplitMix(state: seed)
    let sizes = [
      ViewerView.Size(width: 4000, height: 3000), .init(width: 300, height: 2000),
      .init(width: 640, height: 480), .init(width: 5000, height: 200),
    ]
    let boxes = [
      ViewerView.Size(width: 1000, height: 580), .init(width: 800, height: 460),
      .init(width: 400, height: 220),
    ]
    let picture = sizes[random.below(sizes.count)]
    let box = boxes[random.below(boxes.count)]
    var view = ViewerView()
    let fit = ViewerView.fitScale(picture: picture, box: box)
    var naive = NaiveView(
      scale: fit, left: 0, top: 0, picture: picture, box: box)
    naive.keepInside()
    for step in 0..<200 {
      switch random.below(4) {
      case 0:
        let steps = random.below(2) == 0 ? 1 : -1
        view.zoom(by: steps, picture: picture, box: box)
        naive.rescale(view.scale(picture: picture, box: box))
      case 1:
        view.actualSize(picture: picture, box: box)
        naive.rescale(view.scale(picture: picture, box: box))
      default:
        let dx = random.below(3) - 1
        let dy = random.below(3) - 1
        view.pan(dx: dx, dy: dy, picture: picture, box: box)
        naive.pan(dx: dx, dy: dy)
      }
      let scale = view.scale(picture: picture, box: box)
      #expect(
        scale >= fit * 0.9999 && scale <= ViewerView.maximumScale, "seed \(seed) step \(step)")
      let centre = naive.centre
      #expect(abs(view.centreX - centre.0) < 1e-9, "seed \(seed) step \(step) x")
      #expect(abs(view.centreY - centre.1) < 1e-9, "seed \(seed) step \(step) y")
      if case .region(let x, let y, let width, let height, _) = view.crop(
        picture: picture, box: box)
      {
        #expect(x >= 0 && y >= 0 && x + width <= picture.width && y + height <= picture.height)
        #expect(
          abs(Double(x) - naive.left) <= 1 || width == picture.width, "seed \(seed) step \(step)")
      }
    }
  }
}
