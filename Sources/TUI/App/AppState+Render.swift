import FeedCore
import FeedModel
import Foundation
import TextLayout

extension AppState {
  /// Draws the whole screen into a buffer of the state's size: a pure function of the state
  /// and `context` (the clock is passed in, never read).
  public func render(_ context: RenderContext) -> ScreenBuffer {
    var buffer = ScreenBuffer(width: width, height: height)
    if isTooSmall {
      drawTooSmall(into: &buffer)
      return buffer
    }
    switch topPage {
    case .item:
      pages.items?.drawTitleBar(
        into: &buffer, width: width, context: context, counts: pageCounts)
      if let detail { drawDetail(detail, into: &buffer) }
    case .items:
      pages.items?.draw(
        into: &buffer, pictures: pictures, context: context, marks: marks, counts: pageCounts)
    case .feeds:
      drawFeedsTitleBar(into: &buffer)
      pages.feeds?.draw(
        into: &buffer, y: 1, width: width, now: context.now, counts: marks?.counts)
    }
    drawStatusLine(into: &buffer, context: context)
    if case .help(let top) = overlay { HelpOverlay.draw(into: &buffer, top: top, keys: keys) }
    return buffer
  }

  /// The frame for now in the reader's time zone (the run loop's and `render`'s).
  public func render(now: Date) -> ScreenBuffer {
    render(RenderContext(now: now, timeZone: timeZone))
  }

  private func drawTooSmall(into buffer: inout ScreenBuffer) {
    let message =
      "Terminal too small: \(width)x\(height), need \(Self.minimumWidth)x\(Self.minimumHeight)"
    for (y, line) in LineWrapper.wrap(message, width: width).prefix(height).enumerated() {
      buffer.put(line.text, x: 0, y: y, style: .normal)
    }
  }

  private func drawFeedsTitleBar(into buffer: inout ScreenBuffer) {
    buffer.fill(x: 0, y: 0, width: width, height: 1, style: .bar)
    guard let page = pages.feeds else { return }
    var parts = ["artfeed", page.feedCount == 1 ? "1 feed" : "\(page.feedCount) feeds"]
    parts.append(FeedListPage.items(page.allItemsCount))
    if let all = marks?.counts?.allItems { parts.append("\(all.unread) unread") }
    if let tag = page.tagFilter { parts.append("tag: " + Sanitizer.clean(tag)) }
    if let reading = page.reading { parts.append("refreshing \(reading.done)/\(reading.total)") }
    buffer.put(
      " " + parts.joined(separator: " · "), x: 0, y: 0,
      style: Style(.bar, bold: true, reverse: true))
  }

  /// What the spinner says is under way.
  private var busyWhat: String {
    if let what = pages.items?.busyWhat { return what }
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

  private func drawStatusLine(into buffer: inout ScreenBuffer, context: RenderContext) {
    let y = height - 1
    buffer.fill(x: 0, y: y, width: width, height: 1, style: .bar)
    let spinner = Self.spinner[spinnerFrame % Self.spinner.count]
    if let page = pages.items, let prompt = page.prompt {
      page.drawPrompt(
        prompt, into: &buffer, y: y, spinner: spinner,
        message: prompt.kind == .filter ? status : nil)
      return
    }
    var left = " "
    if isBusy { left += spinner + " \(busyWhat)  " }
    if topPage == .feeds, let page = pages.feeds {
      left += "\(page.selection + 1)/\(page.lineCount)"
    } else if let detail {
      let total = detail.view.lines.count
      let shown = min(total, detail.top + detail.height)
      left += "\(shown)/\(total) lines"
    } else {
      left += pages.items?.position ?? "0/0"
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
      let detail = page.selectedDetail(now: context.now)
      right = Sanitizer.clean(detail ?? page.hints)
      style =
        detail?.hasPrefix("Error") == true ? Style(.error, bold: true, reverse: true) : .bar
    } else if detail != nil {
      right = detail?.hints(keys) ?? DetailState.hints(keys)
      style = .bar
    } else {
      right = pages.items?.hints(hasFeedList: pages.feeds != nil) ?? ""
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
