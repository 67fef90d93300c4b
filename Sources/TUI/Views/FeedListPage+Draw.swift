import FeedCore
import FeedStore
import Foundation
import TextLayout

extension FeedListPage {
  // MARK: - Drawing

  /// Draws the entries on screen from line `y` of `buffer`, `width` columns, the last of
  /// which is the scrollbar when the entries do not fit.
  func draw(into buffer: inout ScreenBuffer, y: Int, width: Int, now: Date) {
    let columns = max(0, width - 1)
    for line in 0..<height {
      let row = top + line
      guard row < rows.count else { break }
      drawEntry(rows[row], into: &buffer, y: y + line, width: columns, now: now)
    }
    guard rows.count > height else { return }
    Scrollbar.draw(
      x: columns, top: y, height: height,
      thumb: Scrollbar.thumb(offset: top, visible: height, total: rows.count, track: height),
      into: &buffer)
  }

  /// `▸ Title ………  60 items  fresh`: the title takes what the count and a short state
  /// leave, up to half the line; the state takes the rest (an error is cut with `…`).
  private func drawEntry(
    _ index: Int, into buffer: inout ScreenBuffer, y: Int, width: Int, now: Date
  ) {
    let entry = entries[index]
    let isSelected = index == selection
    func style(_ base: Style) -> Style { isSelected ? base.selected : base }
    if isSelected { buffer.fill(x: 0, y: y, width: width, height: 1, style: style(.normal)) }
    let count: String
    if index == 0 {
      count = Self.items(allItemsCount)
    } else {
      count = entry.itemCount.map(Self.items) ?? ""
    }
    let state = index == 0 ? "" : Self.stateText(entry, now: now)
    let titleRoom = max(4, min(width / 2, width - 2 - 12))
    let title = Truncation.truncated(Sanitizer.clean(entry.title), toWidth: titleRoom - 2)
    var x = buffer.put(
      isSelected ? "▸ " : "  ", x: 0, y: y, style: style(Style(.accent)), limit: width)
    x = buffer.put(title, x: x, y: y, style: style(.title), limit: width)
    if !entry.tags.isEmpty, x + 4 < titleRoom {
      // The tags, dim, in what the title leaves of its column.
      let tags = "[" + entry.tags.joined(separator: ", ") + "]"
      let room = titleRoom - x - 1
      x = buffer.put(
        " " + Truncation.truncated(Sanitizer.clean(tags), toWidth: room), x: x, y: y,
        style: style(.subtitle), limit: width)
    }
    x = max(x, titleRoom) + 1
    guard x < width else { return }
    let countText = count.padding(toLength: max(count.count, 10), withPad: " ", startingAt: 0)
    x = buffer.put(countText, x: x, y: y, style: style(.subtitle), limit: width)
    guard x + 1 < width, !state.isEmpty else { return }
    let isError: Bool =
      switch entry.state {
      case .failed, .unsaved: true
      default: false
      }
    let stateStyle: Style = isError ? .error : .subtitle
    buffer.put(
      Truncation.truncated(Sanitizer.clean(state), toWidth: width - x - 1), x: x + 1, y: y,
      style: style(stateStyle), limit: width)
  }

  static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

  /// The state column: "refreshing…", "fresh", "local file", "cached 3 h ago", "error: …",
  /// led by "retry in 5 min · " while the feed's server asked artfeed to wait.
  static func stateText(_ entry: Entry, now: Date) -> String {
    if entry.isRefreshing { return "refreshing…" }
    guard let state = entry.state else { return "not read yet" }
    if let retryAt = entry.retryAt, retryAt > now {
      return "retry in \(FeedAge.until(retryAt, now: now)) · "
        + baseStateText(state, entry, now: now)
    }
    return baseStateText(state, entry, now: now)
  }

  private static func baseStateText(_ state: FeedState, _ entry: Entry, now: Date) -> String {
    switch state {
    case .fresh: return "fresh"
    case .unsaved: return "fresh, not saved"
    case .local: return "local file"
    case .cached(let fetchedAt, _): return "cached \(FeedAge.phrase(fetchedAt, now: now))"
    case .failed(let reason): return "error: \(withoutSource(reason, entry.source))"
    }
  }

  /// `reason` without the feed's source in front (`http://...: HTTP 500 ...`).
  static func withoutSource(_ reason: String, _ source: String?) -> String {
    guard let source, reason.hasPrefix(source + ": ") else { return reason }
    return String(reason.dropFirst(source.count + 2))
  }

  /// The selected feed's state in full, for the status line (a cached copy's reason).
  func selectedDetail(now: Date) -> String? {
    guard selection > 0, let state = entries[selection].state else { return nil }
    switch state {
    case .cached, .unsaved: return state.summary(now: now)
    case .failed(let reason):
      return "Error: " + Self.withoutSource(reason, entries[selection].source)
    case .fresh, .local: return nil
    }
  }

  /// The status line's hints (`t tags` when the feeds have tags).
  var hints: String {
    let tags = allTags.isEmpty ? "" : "  t tags"
    return "j/k move  Enter open  r refresh  R all  / artist\(tags)  ? help  q quit"
  }
}
