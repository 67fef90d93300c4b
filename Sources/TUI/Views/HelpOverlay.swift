import Foundation

/// The `?` overlay: every key, in a framed box centred on the screen.
public enum HelpOverlay {
  public static func draw(into buffer: inout ScreenBuffer) {
    var rows = KeyMap.bindings.map { binding in
      binding.keys.padding(toLength: 16, withPad: " ", startingAt: 0) + binding.help
    }
    rows.append(contentsOf: [
      "", "Mouse: wheel scrolls, click selects, double click opens.", "Press any key to close.",
    ])
    let innerWidth = min(buffer.width - 4, (rows.map(\.count).max() ?? 0) + 2)
    let innerHeight = min(buffer.height - 2, rows.count)
    guard innerWidth > 4, innerHeight > 0 else { return }
    let x = (buffer.width - innerWidth - 2) / 2
    let y = (buffer.height - innerHeight - 2) / 2
    let style = Style(.accent)
    buffer.put("┌" + String(repeating: "─", count: innerWidth) + "┐", x: x, y: y, style: style)
    buffer.put(" Keys ", x: x + 2, y: y, style: Style(.accent, bold: true))
    for (index, row) in rows.prefix(innerHeight).enumerated() {
      buffer.fill(x: x, y: y + 1 + index, width: innerWidth + 2, height: 1, style: .normal)
      buffer.put("│", x: x, y: y + 1 + index, style: style)
      buffer.put(" " + row, x: x + 1, y: y + 1 + index, style: .normal, limit: x + 1 + innerWidth)
      buffer.put("│", x: x + innerWidth + 1, y: y + 1 + index, style: style)
    }
    buffer.put(
      "└" + String(repeating: "─", count: innerWidth) + "┘", x: x, y: y + innerHeight + 1,
      style: style)
  }
}
