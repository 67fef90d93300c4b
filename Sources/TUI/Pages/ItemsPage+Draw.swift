import FeedCore
import FeedStore
import Foundation
import TextLayout

/// What drawing needs besides the state: the clock and the reader's time zone. Passed in,
/// never read, so a frame is a pure function of the state and its context.
public struct RenderContext: Sendable {
  public var now: Date
  public var timeZone: TimeZone

  public init(now: Date, timeZone: TimeZone) {
    self.now = now
    self.timeZone = timeZone
  }
}

extension ItemsPage {
  /// Draws the title bar on line 0 and the list (or why it is empty) on the lines below,
  /// down to `lines` of the area. `marks` (nil when the reading state is off) marks unread
  /// rows; `counts` are the feed's, for the title bar.
  func draw(
    into buffer: inout ScreenBuffer, pictures: PictureBoard, context: RenderContext,
    marks: MarkBook? = nil, counts: FeedCounts? = nil
  ) {
    drawTitleBar(into: &buffer, width: columns, context: context, counts: counts)
    list.draw(
      into: &buffer, top: 1, emptyMessage: emptyMessage, pictures: pictures, context: context,
      marks: marks)
  }

  private var emptyMessage: String {
    if isLoading { return "Loading…" }
    if isSearching, list.count == 0 { return "Searching…" }
    if let loadFailure, searchQuery == nil, prompt == nil {
      return "Could not load the feed. \(loadFailure.description). Press r to try again."
    }
    if let searchQuery {
      return queryKind == .filter
        ? "No items match “\(searchQuery)”." : "No items by an artist matching “\(searchQuery)”."
    }
    if let prompt, prompt.kind == .artist, !prompt.text.isEmpty {
      return "No items by an artist matching “\(prompt.text)”."
    }
    return "This feed has no items."
  }

  /// `counts`: the feed's unread and new items, shown on the feed's own list (not on a
  /// search or filter, whose counts would need every item's marks).
  func drawTitleBar(
    into buffer: inout ScreenBuffer, width: Int, context: RenderContext,
    counts: FeedCounts? = nil
  ) {
    buffer.fill(x: 0, y: 0, width: width, height: 1, style: .bar)
    var parts = [Sanitizer.clean(list.title)]
    if isLoading && list.count == 0 {
      parts.append("loading")
    } else {
      parts.append(Self.count(list.count))
      if let counts, searchQuery == nil {
        parts.append("\(counts.unread) unread")
        if counts.lastVisit != nil, counts.new > 0 {
          parts.append("\(counts.new) new since last visit")
        }
      }
      if listIsLoading { parts.append("loading") }
      if list.isPartial { parts.append("partial (r loads it all)") }
    }
    switch list.freshness {
    case .local: parts.append("offline")
    case .live: break
    case .cached(let fetchedAt, _):
      parts.append("cached " + AppState.age(since: fetchedAt, now: context.now))
    }
    let name = parts[0].lowercased().contains("artfeed") ? "" : "artfeed · "
    let title = " " + name + parts.joined(separator: " · ")
    buffer.put(title, x: 0, y: 0, style: Style(.bar, bold: true, reverse: true))
  }

  /// What the spinner says is under way, if anything.
  var busyWhat: String? {
    if isLoading { return "loading" }
    if isSearching { return prompt?.kind == .filter ? "filtering" : "searching" }
    if list.pageInFlight != nil || feed?.pageInFlight != nil { return "next page" }
    return nil
  }

  /// The status line's left part: the selected row of the rows.
  var position: String {
    list.count == 0 ? "0/0" : "\((list.selection ?? 0) + 1)/\(list.count)"
  }

  /// The status line's hints when there is no message.
  func hints(hasFeedList: Bool) -> String {
    if searchQuery != nil { return "j/k move  Enter open  / artist  Esc all items  ? help" }
    if hasFeedList { return "j/k move  Enter open  / artist  r refresh  Esc feeds  ? help" }
    return "j/k move  Enter open  / artist  ? help  q quit"
  }

  /// The prompt on the status line `y`, with the spinner's frame while it searches; a
  /// `message` (why a filter cannot be read) takes the place of the keys' hint.
  func drawPrompt(
    _ prompt: SearchPrompt, into buffer: inout ScreenBuffer, y: Int, spinner: String,
    message: String? = nil
  ) {
    let characters = Array(prompt.text)
    let cursor = min(max(0, prompt.cursor), characters.count)
    let prompted = Style(.prompt, bold: true, reverse: true)
    let label = prompt.kind == .filter ? "Filter: " : "Artist: "
    var end = buffer.put(label + String(characters[..<cursor]), x: 0, y: y, style: prompted)
    end = buffer.put("▏", x: end, y: y, style: Style(.prompt, reverse: true))
    let after = buffer.put(String(characters[cursor...]), x: end, y: y, style: prompted)
    let busy = isSearching ? "  " + spinner + " " + (busyWhat ?? "") : ""
    if let message {
      buffer.put(
        "  " + Sanitizer.clean(message), x: after, y: y,
        style: Style(.error, bold: true, reverse: true))
      return
    }
    let keys = prompt.kind == .filter ? "   Enter apply  Esc cancel" : "   Enter keep  Esc cancel"
    buffer.put(busy + keys, x: after, y: y, style: .bar)
  }
}
