import Pictures
import TUI

/// `artfeed render --pictures`: a frame's pictures as the sequences that draw them, to print
/// right after the frame's text lines.
///
/// Each picture is drawn with the cursor saved, moved up from the line after the text to its
/// box's first visible line and across to its column, and restored afterwards, so the output
/// shows the screen in a terminal at least as tall as the frame (as `cat` would) and a script
/// can find each picture's cell by following the cursor.
public enum PictureText {
  public static func sequences(for screen: ScreenBuffer, kind: PictureProtocol) -> [UInt8] {
    let encoder = PictureSequences(kind: kind)
    var out: [UInt8] = []
    var images: [PictureCache.Key: UInt32] = [:]
    for (index, placement) in screen.placements.enumerated() {
      let shown = placement.visible
      out += PixelWriter.saveCursor
      out += Array("\u{1B}[\(screen.height - shown.y)A\u{1B}[\(shown.x + 1)G".utf8)
      switch kind {
      case .kitty:
        let image: UInt32
        if let known = images[placement.key] {
          image = known
        } else {
          image = UInt32(images.count + 1)
          images[placement.key] = image
          out += encoder.transmission(placement, id: image).joined()
        }
        out += PictureSequences.kittyPlace(placement, image: image, id: UInt32(index + 1))
      case .sixel, .iterm:
        out += encoder.drawing(placement)
      }
      out += PixelWriter.restoreCursor
    }
    return out
  }
}
