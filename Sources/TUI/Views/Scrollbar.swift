/// The one-column scrollbar at the right edge.
public enum Scrollbar {
  /// Thumb start and length on a track, from an offset, a visible span and a total (in lines).
  /// The thumb touches the bottom exactly when the end is visible.
  public static func thumb(offset: Int, visible: Int, total: Int, track: Int) -> (
    start: Int, length: Int
  ) {
    guard track > 0 else { return (0, 0) }
    guard total > visible, total > 0 else { return (0, track) }
    let length = max(1, min(track, track * visible / total))
    let room = track - length
    let maxOffset = max(1, total - visible)
    var start = (room * min(offset, maxOffset) + maxOffset / 2) / maxOffset
    if offset + visible < total { start = min(start, room - 1) }
    if offset > 0 { start = max(start, 1) }
    return (max(0, min(start, room)), length)
  }

  /// Draws a track with a thumb.
  public static func draw(
    x: Int, top: Int, height: Int, thumb: (start: Int, length: Int), into buffer: inout ScreenBuffer
  ) {
    for line in 0..<max(0, height) {
      let inThumb = line >= thumb.start && line < thumb.start + thumb.length
      buffer.put(inThumb ? "█" : "│", x: x, y: top + line, style: Style(.scrollbar, dim: !inThumb))
    }
  }
}
