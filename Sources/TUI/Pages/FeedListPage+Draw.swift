import FeedModel
import Foundation
import TextLayout

/// Drawing the feed list's lines: `▸ Title [tags]  12/60 unread  cached 3 h ago`, in
/// columns laid out for the width, so that what a narrow screen leaves out is what the reader
/// needs least, and nothing is cut without "…".
extension FeedListPage {
  /// One line's texts, before they are laid out.
  struct LineText {
    var title: String
    /// `[tag, tag]`, shown dim after the title when its column has room.
    var tags: String?
    /// `12/60 unread`, `60 items`, `2 starred`; and the short form, `12/60`, `60`, `2`.
    var count: String
    var shortCount: String
    /// The count is a note ("no artist yet ..."), not a count: it may run on into the state
    /// column (its line has no state), and sets no column's width.
    var countIsNote = false
    /// `fresh`, `cached 3 h ago`, `error: ...` (empty for All items and Starred).
    var state: String
    /// The state is an error (cut with "…" to its column, never left out for its length).
    var isError: Bool
  }

  /// Where a line's pieces go: the title column's width, and the count's and the state's
  /// columns when they are shown at all.
  struct Columns: Equatable {
    var title: Int
    /// The count column, in its full or short form; nil: no count.
    var count: Int?
    var shortCount = false
    /// The state column; nil: no state (the status line says the selected feed's).
    var state: Int?
  }

  /// Draws the lines on screen from line `y` of `buffer`, `width` columns, the last of
  /// which is the scrollbar when the lines do not fit. `counts` (the reading state's) give
  /// each feed's unread / total and the starred count.
  func draw(
    into buffer: inout ScreenBuffer, y: Int, width: Int, now: Date, counts: StateCounts? = nil
  ) {
    let columns = max(0, width - 1)
    let shown = (top..<min(lineCount, top + height)).map {
      ($0, lineText($0, now: now, counts: counts))
    }
    let layout = Self.columns(for: shown.map(\.1), width: columns)
    for (offset, (index, text)) in shown.enumerated() {
      drawLine(
        text, selected: index == selection, layout: layout, into: &buffer, y: y + offset,
        width: columns)
    }
    guard lineCount > height else { return }
    Scrollbar.draw(
      x: columns, top: y, height: height,
      thumb: Scrollbar.thumb(offset: top, visible: height, total: lineCount, track: height),
      into: &buffer)
  }

  /// The starred line's entry: a title and a count, no state.
  private static let starredEntry = Entry(title: "★ Starred", list: nil, state: nil)
  /// The following line's entry.
  private static let followingEntry = Entry(title: "♥ Following", list: nil, state: nil)

  /// Line `index`'s texts. Without counts from the reading state the count is the list's
  /// (`60 items`).
  func lineText(_ index: Int, now: Date, counts: StateCounts?) -> LineText {
    let isStarred = line(index) == .starred
    let isFollowing = line(index) == .following
    let entryIndex: Int = if case .entry(let entry) = line(index) { entry } else { -1 }
    let entry =
      isStarred ? Self.starredEntry : isFollowing ? Self.followingEntry : entries[entryIndex]
    var count = ""
    var short = ""
    var note = false
    if isStarred {
      if let counts { (count, short) = (Self.starred(counts.starred), "\(counts.starred)") }
    } else if isFollowing {
      if let following, following.artists == 0 {
        (count, short, note) = ("no artist yet (f on an item)", "0", true)
      } else if let following {
        (count, short) = (
          Self.unread(following.counts), "\(following.counts.unread)/\(following.counts.total)"
        )
      }
    } else if entryIndex == 0, tagFilter != nil {
      // The state counts every feed's items; under a tag, the items the line opens.
      (count, short) = (Self.items(taggedItemsCount), "\(taggedItemsCount)")
    } else if entryIndex == 0 {
      if let all = counts?.allItems {
        (count, short) = (Self.unread(all), "\(all.unread)/\(all.total)")
      } else {
        (count, short) = (Self.items(allItemsCount), "\(allItemsCount)")
      }
    } else if let recorded = entry.source.flatMap({ counts?.feeds[FeedKey(rawValue: $0)] }) {
      (count, short) = (Self.unread(recorded), "\(recorded.unread)/\(recorded.total)")
    } else if let items = entry.itemCount {
      (count, short) = (Self.items(items), "\(items)")
    }
    let isError: Bool =
      switch entry.state {
      case .failed, .unsaved: true
      default: false
      }
    let tags = entry.tags.isEmpty ? nil : "[" + entry.tags.joined(separator: ", ") + "]"
    return LineText(
      title: Sanitizer.clean(entry.title), tags: tags.map(Sanitizer.clean), count: count,
      shortCount: short, countIsNote: note,
      state: entryIndex <= 0 ? "" : Sanitizer.clean(Self.stateText(entry, now: now)),
      isError: isError && entryIndex > 0)
  }

  /// The columns for `lines` in `width` columns (the scrollbar's left out): the count whole,
  /// the titles as wide as the widest, the state in all that is left. What goes first on a
  /// narrow screen: the state column (the status line says the selected feed's), then the
  /// count's words (`12/60`), then the count, and the titles are cut (with "…") last.
  static func columns(for lines: [LineText], width: Int) -> Columns {
    let room = max(0, width - 2)
    let titles =
      lines.map { line in
        DisplayWidth.of(line.title) + (line.tags.map { 1 + DisplayWidth.of($0) } ?? 0)
      }.max() ?? 0
    let full = lines.filter { !$0.countIsNote }.map { DisplayWidth.of($0.count) }.max() ?? 0
    let short = lines.map { DisplayWidth.of($0.shortCount) }.max() ?? 0
    let states = lines.filter { !$0.isError }.map { DisplayWidth.of($0.state) }.max() ?? 0
    // An error needs a few words' room to say anything; longer ones are cut with "…".
    let wanted = max(states, lines.contains(where: \.isError) ? 16 : 0)
    // Titles are cut only when even the count's short form leaves them less than this.
    let readable = min(titles, 16)
    if wanted > 0 {
      let title = min(titles, room - full - 3 - wanted)
      if title >= readable {
        return Columns(title: title, count: full, state: room - title - 1 - full - 2)
      }
    }
    if full > 0, min(titles, room - full - 1) >= readable {
      return Columns(title: min(titles, room - full - 1), count: full)
    }
    if short > 0, min(titles, room - short - 1) >= min(titles, 8) {
      return Columns(title: min(titles, room - short - 1), count: short, shortCount: true)
    }
    return Columns(title: room)
  }

  /// One line at `y`: the marker, the title (and its tags when they fit), the count, the
  /// state, each in its column.
  private func drawLine(
    _ text: LineText, selected isSelected: Bool, layout: Columns,
    into buffer: inout ScreenBuffer, y: Int, width: Int
  ) {
    func style(_ base: Style) -> Style { isSelected ? base.selected : base }
    if isSelected { buffer.fill(x: 0, y: y, width: width, height: 1, style: style(.normal)) }
    var x = buffer.put(
      isSelected ? "▸ " : "  ", x: 0, y: y, style: style(Style(.accent)), limit: width)
    let titleEnd = x + layout.title
    x = buffer.put(
      Truncation.truncated(text.title, toWidth: layout.title), x: x, y: y, style: style(.title),
      limit: titleEnd)
    if let tags = text.tags, titleEnd - x >= 5 {
      // The tags, dim, in what the title leaves of its column.
      buffer.put(
        " " + Truncation.truncated(tags, toWidth: titleEnd - x - 1), x: x, y: y,
        style: style(.subtitle), limit: titleEnd)
    }
    x = titleEnd + 1
    if let count = layout.count {
      let shown = layout.shortCount ? text.shortCount : text.count
      let room = text.countIsNote && !layout.shortCount ? width - x : count
      buffer.put(
        Truncation.truncated(shown, toWidth: room), x: x, y: y, style: style(.subtitle),
        limit: min(width, x + room))
      x += count + 2
    }
    guard let room = layout.state, room > 0, !text.state.isEmpty else { return }
    buffer.put(
      Truncation.truncated(text.state, toWidth: room), x: x, y: y,
      style: style(text.isError ? .error : .subtitle), limit: width)
  }

}
