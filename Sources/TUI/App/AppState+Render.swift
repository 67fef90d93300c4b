import FeedCore
import FeedStore
import Foundation
import TextLayout

extension AppState {
  /// Draws the whole screen into a buffer of the state's size.
  public func render() -> ScreenBuffer {
    var buffer = ScreenBuffer(width: width, height: height)
    if isTooSmall {
      drawTooSmall(into: &buffer)
      return buffer
    }
    switch topPage {
    case .item:
      drawTitleBar(into: &buffer)
      if let detail { drawDetail(detail, into: &buffer) }
    case .items:
      drawTitleBar(into: &buffer)
      list.draw(into: &buffer, top: 1, emptyMessage: emptyMessage, pictures: pictures, now: Date())
    case .feeds:
      drawFeedsTitleBar(into: &buffer)
      pages.feeds?.draw(into: &buffer, y: 1, width: width, now: Date())
    }
    drawStatusLine(into: &buffer)
    if showsHelp { HelpOverlay.draw(into: &buffer, top: helpTop) }
    return buffer
  }

  private var emptyMessage: String {
    if isLoading { return "Loading…" }
    if isSearching, list.count == 0 { return "Searching…" }
    if let loadFailure, searchQuery == nil, prompt == nil {
      return "Could not load the feed. \(loadFailure.description). Press r to try again."
    }
    if let searchQuery { return "No items by an artist matching “\(searchQuery)”." }
    if let prompt, !prompt.isEmpty { return "No items by an artist matching “\(prompt)”." }
    return "This feed has no items."
  }

  private func drawTooSmall(into buffer: inout ScreenBuffer) {
    let message =
      "Terminal too small: \(width)x\(height), need \(Self.minimumWidth)x\(Self.minimumHeight)"
    for (y, line) in LineWrapper.wrap(message, width: width).prefix(height).enumerated() {
      buffer.put(line.text, x: 0, y: y, style: .normal)
    }
  }

  private func drawTitleBar(into buffer: inout ScreenBuffer) {
    buffer.fill(x: 0, y: 0, width: width, height: 1, style: .bar)
    var parts = [Sanitizer.clean(list.title)]
    if isLoading && list.count == 0 {
      parts.append("loading")
    } else {
      parts.append(list.count == 1 ? "1 item" : "\(list.count) items")
      if listIsLoading { parts.append("loading") }
    }
    switch list.freshness {
    case .local: parts.append("offline")
    case .live: break
    case .cached(let fetchedAt, _):
      parts.append("cached " + Self.age(since: fetchedAt, now: Date()))
    }
    let name = parts[0].lowercased().contains("artfeed") ? "" : "artfeed · "
    let title = " " + name + parts.joined(separator: " · ")
    buffer.put(title, x: 0, y: 0, style: Style(.bar, bold: true, reverse: true))
  }

  private func drawFeedsTitleBar(into buffer: inout ScreenBuffer) {
    buffer.fill(x: 0, y: 0, width: width, height: 1, style: .bar)
    guard let page = pages.feeds else { return }
    var parts = ["artfeed", page.feedCount == 1 ? "1 feed" : "\(page.feedCount) feeds"]
    parts.append(FeedListPage.items(page.allItemsCount))
    if let reading = page.reading { parts.append("refreshing \(reading.done)/\(reading.total)") }
    buffer.put(
      " " + parts.joined(separator: " · "), x: 0, y: 0,
      style: Style(.bar, bold: true, reverse: true))
  }

  /// What the spinner says is under way.
  private var busyWhat: String {
    if isLoading { return "loading" }
    if isSearching { return "searching" }
    if list.pageInFlight != nil || savedList?.pageInFlight != nil { return "next page" }
    if let reading = pages.feeds?.reading { return "refreshing \(reading.done)/\(reading.total)" }
    return ""
  }

  static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// "just now", "5 min ago", "3 h ago", "2 d ago": how old a cached copy is.
  public static func age(since date: Date, now: Date) -> String {
    let seconds = max(0, Int(now.timeIntervalSince(date)))
    switch seconds {
    case ..<60: return "just now"
    case ..<3600: return "\(seconds / 60) min ago"
    case ..<86_400: return "\(seconds / 3600) h ago"
    default: return "\(seconds / 86_400) d ago"
    }
  }

  private func drawStatusLine(into buffer: inout ScreenBuffer) {
    let y = height - 1
    buffer.fill(x: 0, y: y, width: width, height: 1, style: .bar)
    if let prompt {
      let characters = Array(prompt)
      let cursor = min(max(0, promptCursor), characters.count)
      let prompted = Style(.prompt, bold: true, reverse: true)
      var end = buffer.put("Artist: " + String(characters[..<cursor]), x: 0, y: y, style: prompted)
      end = buffer.put("▏", x: end, y: y, style: Style(.prompt, reverse: true))
      let after = buffer.put(String(characters[cursor...]), x: end, y: y, style: prompted)
      let busy =
        isSearching ? "  " + Self.spinner[spinnerFrame % Self.spinner.count] + " searching" : ""
      buffer.put(busy + "   Enter keep  Esc cancel", x: after, y: y, style: .bar)
      return
    }
    var left = " "
    if isBusy {
      left += Self.spinner[spinnerFrame % Self.spinner.count] + " \(busyWhat)  "
    }
    if topPage == .feeds, let page = pages.feeds {
      left += "\(page.selection + 1)/\(page.entries.count)"
    } else if let detail {
      let total = detail.view.lines.count
      let shown = min(total, detail.top + detail.height)
      left += "\(shown)/\(total) lines"
    } else {
      left += list.count == 0 ? "0/0" : "\((list.selection ?? 0) + 1)/\(list.count)"
    }
    let end = buffer.put(left, x: 0, y: y, style: .bar)
    let right: String
    let style: Style
    if let status {
      right = Sanitizer.clean(status)
      style =
        status.hasPrefix("Error") || status.hasPrefix("Search failed")
        ? Style(.error, bold: true, reverse: true) : .bar
    } else if topPage == .feeds, let page = pages.feeds {
      let detail = page.selectedDetail(now: Date())
      right = Sanitizer.clean(detail ?? FeedListPage.hints)
      style =
        detail?.hasPrefix("Error") == true ? Style(.error, bold: true, reverse: true) : .bar
    } else if detail != nil {
      right = detail?.hints ?? DetailState.hints
      style = .bar
    } else if searchQuery != nil {
      right = "j/k move  Enter open  / artist  Esc all items  ? help"
      style = .bar
    } else if pages.feeds != nil {
      right = "j/k move  Enter open  / artist  r refresh  Esc feeds  ? help"
      style = .bar
    } else {
      right = "j/k move  Enter open  / artist  ? help  q quit"
      style = .bar
    }
    buffer.put("  " + right, x: end, y: y, style: style, limit: width)
  }

  private func drawDetail(_ detail: DetailState, into buffer: inout ScreenBuffer) {
    let top = 1
    let visible = top..<(top + listHeight)
    for (offset, line) in detail.view.lines[detail.top...].prefix(listHeight).enumerated() {
      buffer.put(line.text, x: line.x, y: top + offset, style: line.style)
    }
    if let box = detail.view.box {
      let placed = BoxRect(
        x: box.x, y: top + box.y - detail.top, width: box.width, height: box.height)
      let slot = detailPictureKey(detail).map { pictures.slot(for: $0) } ?? .off
      ThumbnailBox.draw(
        placed, item: detail.view.item, slot: slot, into: &buffer, style: .box, clip: visible)
    }
    // No scrollbar when the whole item fits: nothing to scroll.
    guard detail.view.lines.count > listHeight else { return }
    Scrollbar.draw(
      x: width - 1, top: top, height: listHeight,
      thumb: Scrollbar.thumb(
        offset: detail.top, visible: listHeight, total: detail.view.lines.count,
        track: listHeight),
      into: &buffer)
  }
}
