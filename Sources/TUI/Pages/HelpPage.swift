import Foundation
import TextLayout

/// The `?` overlay: every key, in a framed box centred on the screen.
///
/// At small sizes the box takes the whole screen and its text scrolls (j/k, arrows, pages);
/// lines too wide for the box end with `…`. Any other key closes it.
public enum HelpOverlay {
  /// The overlay's text, one entry per line: the keys in effect and what they do. In a box
  /// narrower than an entry (`width` columns of text), the keys take a line of their own
  /// and what they do is wrapped under them, so nothing is cut.
  static func rows(_ keys: KeyBindings = .standard, width: Int = .max) -> [String] {
    let width = max(1, width)
    var rows: [String] = []
    for row in keys.helpRows {
      let line = row.keys.padding(toLength: 16, withPad: " ", startingAt: 0) + row.help
      if DisplayWidth.of(line) <= width {
        rows.append(line)
        continue
      }
      rows.append(Truncation.truncated(row.keys, toWidth: width))
      rows += LineWrapper.wrap(row.help, width: max(1, width - 2)).map { "  " + $0.text }
    }
    rows.append("")
    for note in [
      "Mouse: wheel scrolls, click selects, double click opens.", "Press q or Esc to close.",
    ] {
      rows += LineWrapper.wrap(note, width: width).map(\.text)
    }
    return rows
  }

  /// The longest entry on one line.
  static func longest(_ keys: KeyBindings) -> Int {
    rows(keys).map { DisplayWidth.of($0) }.max() ?? 0
  }

  /// The box's inner size on a screen: as wide as the longest line and as tall as the text,
  /// within the screen less its frame (the whole width on a narrow screen, whose text then
  /// wraps).
  static func innerSize(width: Int, height: Int, keys: KeyBindings = .standard) -> (
    width: Int, height: Int
  ) {
    let inner = width < 40 ? width - 2 : min(width - 4, longest(keys) + 2)
    return (inner, min(height - 2, rows(keys, width: inner - 1).count))
  }

  /// The first line that may be at the top: the text scrolls no further than its end.
  static func maxTop(width: Int, height: Int, keys: KeyBindings = .standard) -> Int {
    let inner = innerSize(width: width, height: height, keys: keys)
    return max(0, rows(keys, width: inner.width - 1).count - max(0, inner.height))
  }

  /// Draws the overlay with line `top` of its text first.
  public static func draw(
    into buffer: inout ScreenBuffer, top: Int = 0, keys: KeyBindings = .standard
  ) {
    let (innerWidth, innerHeight) = innerSize(
      width: buffer.width, height: buffer.height, keys: keys)
    guard innerWidth > 4, innerHeight > 0 else { return }
    let rows = Self.rows(keys, width: innerWidth - 1)
    let top = min(max(0, top), maxTop(width: buffer.width, height: buffer.height, keys: keys))
    let x = (buffer.width - innerWidth - 2) / 2
    let y = (buffer.height - innerHeight - 2) / 2
    let style = Style(.accent)
    buffer.put("┌" + String(repeating: "─", count: innerWidth) + "┐", x: x, y: y, style: style)
    buffer.put(" Keys ", x: x + 2, y: y, style: Style(.accent, bold: true))
    for (index, row) in rows.dropFirst(top).prefix(innerHeight).enumerated() {
      let line = y + 1 + index
      buffer.fill(x: x, y: line, width: innerWidth + 2, height: 1, style: .normal)
      buffer.put("│", x: x, y: line, style: style)
      buffer.put(
        " " + Truncation.truncated(row, toWidth: innerWidth - 1), x: x + 1, y: line,
        style: .normal)
      buffer.put("│", x: x + innerWidth + 1, y: line, style: style)
    }
    var bottom = "└" + String(repeating: "─", count: innerWidth) + "┘"
    if rows.count > innerHeight, innerWidth >= 12 {
      let more = top + innerHeight < rows.count ? " j/k: more " : " k: back "
      bottom = "└─" + more + String(repeating: "─", count: innerWidth - 1 - more.count) + "┘"
    }
    buffer.put(bottom, x: x, y: y + innerHeight + 1, style: style)
  }
}

/// The key list as a page over the others (`?`): when it does not fit, the moving keys
/// scroll it; any other key closes it and does nothing else.
struct HelpPage: Page {
  /// The first line of the list shown.
  private(set) var top = 0
  private var width = 0
  private var height = 0

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  var kind: PageKind { .help }
  var isOverlay: Bool { true }

  /// What keys mean over the key list: only the moving keys.
  enum KeyAction { case line(Int), page(Int) }

  static let keyMap: [Action: KeyAction] = [
    .down: .line(1), .up: .line(-1),
    .pageDown: .page(1), .halfPageDown: .page(1), .pageUp: .page(-1), .halfPageUp: .page(-1),
  ]

  mutating func handle(_ key: Key, context: PageContext) -> PageOutcome {
    let maxTop = HelpOverlay.maxTop(width: width, height: height, keys: context.keys)
    let page = max(1, height - 3)
    let step: Int? =
      switch context.keys.action(for: key).flatMap({ Self.keyMap[$0] }) {
      case .line(let lines): lines
      case .page(let sign): sign * page
      case nil: nil
      }
    guard let step, maxTop > 0 else { return PageOutcome(request: .close) }
    top = min(max(0, top + step), maxTop)
    return PageOutcome()
  }

  mutating func resize(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  func draw(into buffer: inout ScreenBuffer, context: DrawContext) {
    HelpOverlay.draw(into: &buffer, top: top, keys: context.keys)
  }
}
