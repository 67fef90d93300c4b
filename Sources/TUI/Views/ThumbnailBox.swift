import FeedCore
import TextLayout

/// Draws the thumbnail box: a plain frame where a picture will go, with what is known about
/// the picture inside (its size, and "18+" for adult items).
public enum ThumbnailBox {
  /// Draws the frame, clipped to `clip` lines (the part of a row that is on screen).
  public static func draw(
    _ rect: BoxRect, item: FeedItem, into buffer: inout ScreenBuffer, style: Style,
    clip: Range<Int>? = nil
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let visible = clip ?? 0..<buffer.height
    let inner = rect.width - 2
    let labels = Self.labels(for: item)
    for line in 0..<rect.height {
      let y = rect.y + line
      guard visible.contains(y) else { continue }
      let text: String
      if line == 0 {
        text = "┌" + String(repeating: "─", count: inner) + "┐"
      } else if line == rect.height - 1 {
        text = "└" + String(repeating: "─", count: inner) + "┘"
      } else {
        let label = labels.indices.contains(line - 1) ? labels[line - 1] : ""
        text = "│" + centered(label, width: inner) + "│"
      }
      buffer.put(text, x: rect.x, y: y, style: style)
    }
  }

  /// The thumbnail a row shows: the one closest to the box's size (the seed app's "medium").
  public static func chosenThumbnail(of item: FeedItem) -> MediaThumbnail? {
    let sizes = item.thumbnails.map { (width: $0.width, height: $0.height) }
    return ThumbnailChooser.bestIndex(of: sizes).map { item.thumbnails[$0] }
  }

  /// What the box says until pictures are drawn: the medium, the chosen thumbnail's size,
  /// and "18+" for adult items.
  static func labels(for item: FeedItem) -> [String] {
    var labels: [String] = []
    let medium = item.contents.first?.medium ?? "image"
    labels.append(String(medium.prefix(10)))
    if let thumb = chosenThumbnail(of: item), let w = thumb.width, let h = thumb.height {
      labels.append("\(w)x\(h)")
    }
    if item.rating?.lowercased() == "adult" { labels.append("18+") }
    return labels
  }

  private static func centered(_ text: String, width: Int) -> String {
    let text = String(text.prefix(max(0, width)))
    let left = max(0, (width - text.count) / 2)
    let right = max(0, width - text.count - left)
    return String(repeating: " ", count: left) + text + String(repeating: " ", count: right)
  }
}
