import FeedCore
import FeedModel
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
  /// Draws the whole page: the title bar, the list (or why it is empty), and the status line
  /// (or the prompt, while it is open).
  func draw(into buffer: inout ScreenBuffer, context: DrawContext) {
    TitleBar.draw(titleParts(context: context), into: &buffer)
    list.draw(
      into: &buffer, top: 1, emptyMessage: emptyMessage, pictures: context.pictures,
      context: context.render, marks: context.marks, endMarker: isComplete ? endMarker : nil)
    guard let prompt else {
      StatusLine.draw(
        position: position, hints: hints(hasFeedList: context.hasFeedList), into: &buffer,
        context: context)
      return
    }
    let y = buffer.height - 1
    buffer.fill(x: 0, y: y, width: buffer.width, height: 1, style: .bar)
    // Why a filter cannot be read: beside the query when it fits, else whole on the lines
    // above it (its end says what to type: it is never cut).
    let message = prompt.kind == .filter ? context.status.map(Self.withoutFilterLabel) : nil
    let fits = drawPrompt(
      prompt, into: &buffer, y: y, spinner: context.spinner, message: message)
    if let message, !fits { Self.drawAbove(message, into: &buffer, y: y) }
  }

  /// A filter's message without the "Filter: " the prompt's label says already.
  static func withoutFilterLabel(_ message: String) -> String {
    let clean = Sanitizer.clean(message)
    return clean.hasPrefix("Filter: ") ? String(clean.dropFirst("Filter: ".count)) : clean
  }

  /// `message` wrapped on the lines above line `y`, as an error, over the list (which is
  /// drawn again when the message goes); as many lines as it takes, up to the title bar.
  static func drawAbove(_ message: String, into buffer: inout ScreenBuffer, y: Int) {
    let lines = Array(
      LineWrapper.wrap(message, width: max(1, buffer.width - 2)).prefix(max(0, y - 1)))
    let first = max(1, y - lines.count)
    let style = Style(.error, bold: true, reverse: true)
    for (offset, line) in lines.enumerated() where first + offset < y {
      buffer.fill(x: 0, y: first + offset, width: buffer.width, height: 1, style: style)
      buffer.put(" " + line.text, x: 0, y: first + offset, style: style, limit: buffer.width)
    }
  }

  /// The list on screen has every item it will have: no load, page or search under way,
  /// no next page, not cut short.
  var isComplete: Bool {
    !isLoading && !isSearching && list.nextPage == nil && list.pageInFlight == nil
      && !list.isPartial && list.count > 0
  }

  /// What the line after the last row says once the list is complete.
  var endMarker: String {
    searchQuery != nil || prompt != nil ? "end of the results" : "end of the feed"
  }

  private var emptyMessage: String {
    if isLoading { return "Loading…" }
    if isSearching, list.count == 0 { return "Searching…" }
    if loadCancelled, searchQuery == nil, prompt == nil {
      return "Not loaded: the load was cancelled."
        + (keys.label(.reload).map { " Press \($0) to load it." } ?? "")
    }
    if let loadFailure, searchQuery == nil, prompt == nil {
      return "Could not load the feed. \(loadFailure.description)."
        + (keys.label(.reload).map { " Press \($0) to try again." } ?? "")
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

  /// The title bar's text. `context.counts` are the feed's unread and new items, shown on
  /// the feed's own list (not on a search or filter, whose counts would need every item's
  /// marks).
  func title(context: DrawContext) -> String { TitleBar.text(titleParts(context: context)) }

  /// The title bar's pieces, each with how much a narrow bar needs it: the list's name
  /// most, then what is under way, the unread count, the count, how current it is, the new
  /// items, and "artfeed" least.
  func titleParts(context: DrawContext) -> [TitleBar.Part] {
    let name = Sanitizer.clean(list.title)
    var parts: [TitleBar.Part] = []
    if !name.lowercased().contains("artfeed") { parts.append(.init("artfeed", priority: 0)) }
    parts.append(.init(name, priority: 10))
    if isLoading && list.count == 0 {
      parts.append(.init("loading", priority: 9))
    } else {
      parts.append(.init(Self.count(list.count), priority: 5))
      // The state's counts are of the whole source: not of a search, a filter, or "All
      // items" narrowed to a tag's feeds.
      if let counts = context.counts, searchQuery == nil, onlyFeeds == nil {
        parts.append(.init("\(counts.unread) unread", priority: 6))
        if counts.lastVisit != nil, counts.new > 0 {
          parts.append(.init("\(counts.new) new since last visit", priority: 2))
        }
      }
      if listIsLoading { parts.append(.init("loading", priority: 8)) }
      if list.isPartial {
        parts.append(
          .init(
            "partial" + (keys.label(.reload).map { " (\($0) loads it all)" } ?? ""), priority: 7))
      }
    }
    switch list.freshness {
    case .local: parts.append(.init("offline", priority: 1))
    case .live: break
    case .cached(let fetchedAt, _):
      parts.append(
        .init("cached " + AppState.age(since: fetchedAt, now: context.now), priority: 4))
    }
    return parts
  }

  /// What the spinner says is under way, if anything.
  var busyWhat: String? {
    if isLoading { return "loading" }
    if isSearching { return prompt?.kind == .filter ? "filtering" : "searching" }
    if list.pageInFlight != nil || feed?.pageInFlight != nil { return "next page" }
    return nil
  }

  /// The status line's left part: the selected row of the rows, and "end" on the last row
  /// of a complete list (the line after it may be off screen).
  var position: String {
    guard list.count > 0 else { return "0/0" }
    let row = (list.selection ?? 0) + 1
    return "\(row)/\(list.count)" + (row == list.count && isComplete ? " end" : "")
  }

  /// The status line's hints when there is no message.
  func hints(hasFeedList: Bool) -> String {
    let move =
      showsGallery
      ? keys.hint(.cardLeft, .down, .up, .cardRight, says: "move")
      : keys.hint(.down, .up, says: "move")
    let open = keys.hint(.open, says: "open")
    let artist = keys.hint(.search, says: "artist")
    // Said before the help: a narrow status line keeps the page's own keys first.
    let help = KeyBindings.join(
      keys.hint(.gallery, says: showsGallery ? "list" : "gallery"), keys.hint(.help, says: "help"))
    if searchQuery != nil {
      // Esc leaves the search: to the feed list when `/` there opened it, else to the list.
      let back = openedForSearch && hasFeedList ? "feeds" : "all items"
      return KeyBindings.join(move, open, artist, keys.hint(.back, says: back), help)
    }
    if case .artist = sourceKey {
      // An artist's page is opened from an item or a list, not from the feed list: Esc goes
      // back to whatever opened it.
      return KeyBindings.join(
        move, open, artist, keys.hint(.reload, says: "refresh"),
        keys.hint(.back, says: "back"), help)
    }
    if hasFeedList {
      return KeyBindings.join(
        move, open, artist, keys.hint(.reload, says: "refresh"),
        keys.hint(.back, says: "feeds"), help)
    }
    return KeyBindings.join(move, open, artist, help, keys.hint(.quit, says: "quit"))
  }

  /// The prompt on the status line `y`, with the spinner's frame while it searches; a
  /// `message` (why a filter cannot be read) takes the place of the keys' hint when it fits
  /// whole (false: it does not, and is not drawn).
  @discardableResult
  func drawPrompt(
    _ prompt: SearchPrompt, into buffer: inout ScreenBuffer, y: Int, spinner: String,
    message: String? = nil
  ) -> Bool {
    var characters = Array(prompt.text)
    var cursor = min(max(0, prompt.cursor), characters.count)
    let prompted = Style(.prompt, bold: true, reverse: true)
    let label = prompt.kind == .filter ? "Filter: " : "Artist: "
    // A query wider than the line shows its part around the cursor, "…" where it is cut.
    let room = buffer.width - DisplayWidth.of(label) - 1
    if DisplayWidth.of(String(characters)) > room, room > 2 {
      while DisplayWidth.of(String(characters[..<cursor])) > room - 2, cursor > 0 {
        characters.removeFirst()
        cursor -= 1
      }
      if cursor < prompt.cursor { characters.insert("…", at: 0); cursor += 1 }
      let shown = Truncation.truncated(
        String(characters[cursor...]),
        toWidth: room - DisplayWidth.of(String(characters[..<cursor])))
      characters = Array(String(characters[..<cursor]) + shown)
    }
    var end = buffer.put(label + String(characters[..<cursor]), x: 0, y: y, style: prompted)
    end = buffer.put("▏", x: end, y: y, style: Style(.prompt, reverse: true))
    var x = buffer.put(String(characters[cursor...]), x: end, y: y, style: prompted)
    if let message {
      guard DisplayWidth.of(message) + 2 <= buffer.width - x else { return false }
      buffer.put(
        "  " + message, x: x, y: y, style: Style(.error, bold: true, reverse: true))
      return true
    }
    if isSearching {
      x = buffer.put("  " + spinner + " " + (busyWhat ?? ""), x: x, y: y, style: .bar)
    } else if let searchWarning {
      // Said while typing, beside the query; the matches found here stay on screen.
      let room = max(0, buffer.width - x - 28)
      let reason = Self.withoutAddress(Sanitizer.clean(searchWarning))
      let text = Truncation.truncated("search failed: " + reason, toWidth: room)
      if room >= 16 {
        x = buffer.put("  ", x: x, y: y, style: .bar)
        x = buffer.put(text, x: x, y: y, style: Style(.error, bold: true, reverse: true))
      }
    } else if showsCloseMatches {
      // Nothing matched exactly: the names on screen are one typo away.
      x = buffer.put("  showing close matches", x: x, y: y, style: .bar)
    }
    let keys = prompt.kind == .filter ? "   Enter apply  Esc cancel" : "   Enter keep  Esc cancel"
    // The keys whole, or not at all.
    if DisplayWidth.of(keys) <= buffer.width - x { buffer.put(keys, x: x, y: y, style: .bar) }
    return true
  }

  /// A failure without the address it starts with (`http://host/rss.xml?q=by:x: HTTP 500`
  /// is `HTTP 500`): the prompt line has little room, and the query is beside it.
  static func withoutAddress(_ reason: String) -> String {
    guard reason.hasPrefix("http://") || reason.hasPrefix("https://"),
      let end = reason.range(of: ": ")
    else { return reason }
    return String(reason[end.upperBound...])
  }
}
