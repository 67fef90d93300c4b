import FeedCore
import Pictures
import TextLayout

/// Draws a thumbnail box: the picture's cells when they are ready, else a frame with what is
/// known about the picture inside (its kind and size, "18+" for adult items) and a last line
/// that says what is happening ("loading", or why it failed). Never blank, never garbage: the
/// box is the same size whatever it shows, so rows never move when pictures arrive.
public enum ThumbnailBox {
  /// Draws the box for `slot`, clipped to `clip` lines (the part of a row that is on screen).
  public static func draw(
    _ rect: BoxRect, item: FeedItem, slot: PictureBoard.Slot = .off,
    into buffer: inout ScreenBuffer, style: Style, clip: Range<Int>? = nil
  ) {
    let visible = clip ?? 0..<buffer.height
    if case .ready(let cells) = slot, cells.columns == rect.width, cells.rows == rect.height {
      PictureView.draw(cells, at: rect, into: &buffer, clip: visible)
      return
    }
    if case .pixels(let picture, let key) = slot, key.columns == rect.width,
      key.rows == rect.height
    {
      buffer.place(picture, key: key, in: rect, clip: visible)
      return
    }
    guard rect.width >= 2, rect.height >= 2 else { return }
    let inner = rect.width - 2
    var labels = Self.labels(for: item)
    let rows = rect.height - 2
    var status: [String] = []
    switch slot {
    case .off, .ready, .pixels: break
    case .loading: status = ["loading"]
    case .failed(let reason):
      // A reason wider than the box wraps onto a second line rather than losing its end.
      status = Array(LineWrapper.wrap(reason, width: max(1, inner)).map(\.text).prefix(2))
    }
    if labels.count + status.count > rows, rows > 0 {
      // The status matters most: it replaces the labels that do not fit.
      let kept = max(0, rows - status.count)
      status = Array(status.prefix(rows))
      labels = Array(labels.prefix(kept))
    }
    labels += status
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

  /// Draws the frame of a card whose item has no picture: "no picture" inside.
  public static func drawEmpty(
    _ rect: BoxRect, into buffer: inout ScreenBuffer, style: Style, clip: Range<Int>
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let inner = rect.width - 2
    let middle = (rect.height - 1) / 2
    for line in 0..<rect.height where clip.contains(rect.y + line) {
      let text: String
      switch line {
      case 0: text = "┌" + String(repeating: "─", count: inner) + "┐"
      case rect.height - 1: text = "└" + String(repeating: "─", count: inner) + "┘"
      case middle: text = "│" + centered("no picture", width: inner) + "│"
      default: text = "│" + String(repeating: " ", count: inner) + "│"
      }
      buffer.put(text, x: rect.x, y: rect.y + line, style: style)
    }
  }

  /// What the box says while it has no picture: the medium, the chosen picture's size, and
  /// "18+" for adult items.
  static func labels(for item: FeedItem) -> [String] {
    var labels: [String] = []
    let medium = item.contents.first?.medium ?? "image"
    labels.append(String(medium.prefix(10)))
    if let picture = ItemPresentation.picture(of: item), let w = picture.width,
      let h = picture.height
    {
      labels.append("\(w)x\(h)")
    }
    if item.rating?.lowercased() == "adult" { labels.append("18+") }
    return labels
  }

  private static func centered(_ text: String, width: Int) -> String {
    let text = Truncation.truncated(text, toWidth: max(0, width))
    let used = DisplayWidth.of(text)
    let left = max(0, (width - used) / 2)
    let right = max(0, width - used - left)
    return String(repeating: " ", count: left) + text + String(repeating: " ", count: right)
  }
}
