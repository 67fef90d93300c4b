import FeedCore
import FeedModel
import Foundation
import TextLayout

/// The feed list under the page contract: keys, the mouse, the reads and refreshes of
/// subscriptions, and the whole screen it draws.
extension FeedListPage: Page {
  var kind: PageKind { .feeds }

  mutating func handle(_ key: Key, context: PageContext) -> PageOutcome {
    guard let action = context.keys.action(for: key).flatMap({ Self.keyMap[$0] }) else {
      return PageOutcome()
    }
    return handle(action, context: context)
  }

  mutating func handle(_ mouse: MouseEvent, context: PageContext) -> PageOutcome {
    switch mouse.action {
    case .wheelDown: select(selection + 3)
    case .wheelUp: select(selection - 3)
    case .click, .doubleClick:
      guard let line = entry(atScreenLine: mouse.y - 1) else { return PageOutcome() }
      select(line)
    }
    return mouse.action == .doubleClick ? handle(.open, context: context) : PageOutcome()
  }

  mutating func apply(_ event: PageEvent, context: PageContext) -> PageOutcome {
    switch event {
    case .feedsReading(let feeds, let refresh):
      endReading()
      beginReading(feeds, refresh: refresh)
    case .feedRead(let feed, let refresh):
      feedRead(feed, refresh)
      guard refresh.list != nil, entries.indices.contains(feed + 1) else { break }
      // While a read or refresh runs, "All items" is counted and merged once at its end
      // (both are O(items), and a thousand feeds come back one by one): the news names the
      // feed, for its own page only. Nothing here is O(subscriptions): `feedLists` is kept.
      if !isReading { recountAllItems() }
      return PageOutcome(
        news: [.subscriptionsChanged(feed: feed, title: entries[feed + 1].title, lists: feedLists)]
      )
    case .feedsReadingEnded:
      let summary = refreshSummary
      let wasReading = isReading
      endReading()
      recountAllItems()
      // "All items" (and a tag's) take every list that came back, once.
      let news: [PageEvent] =
        wasReading ? [.subscriptionsChanged(feed: nil, title: nil, lists: feedLists)] : []
      // Every refresh, of one feed or all, ends with a line saying what happened, whichever
      // page is on screen: "Refreshed 3 feeds", "Refresh failed: ...; showing cached copies".
      if let summary { return PageOutcome(status: summary, news: news) }
      // The opening read says only its failures, and only on the feed list.
      let failed = failedCount
      if failed > 0, context.isOnTop {
        return PageOutcome(
          status: failed == 1 ? "Error: 1 feed failed" : "Error: \(failed) feeds failed",
          news: news)
      }
      return PageOutcome(news: news)
    case .feedReloaded(let feed, let list):
      feedReloaded(feed, list)
      recountAllItems()
    case .stateAttached:
      showsStarred = true
    case .followingCounted(let counts, let artists):
      following = (counts, artists)
    case .work, .subscriptionsChanged, .viewShownRead, .reloadDue, .viewerClosed:
      break
    }
    return PageOutcome()
  }

  /// The number of items in "All items": every feed's, each `ItemID` once (and the shown
  /// feeds', under a tag filter).
  mutating func recountAllItems() {
    setAllItemsCount(Self.distinctItems(lists))
    if tagFilter != nil { setTaggedItemsCount(Self.distinctItems(shownLists)) }
  }

  static func distinctItems(_ lists: [LoadedList]) -> Int {
    var seen = Set<ItemID>()
    for list in lists {
      for item in list.chunks { seen.insert(ItemID(item)) }
    }
    return seen.count
  }

  mutating func resize(width: Int, height: Int) {
    resize(height: max(0, height - 2))
  }

  var busyWhat: String? {
    reading.map { "refreshing \($0.done)/\($0.total)" }
  }

  func title(context: DrawContext) -> String { TitleBar.text(titleParts(context: context)) }

  /// The title bar's pieces, each with how much a narrow bar needs it: "artfeed", the tag
  /// shown, a refresh under way, the unread count, then the feeds' and items' counts.
  func titleParts(context: DrawContext) -> [TitleBar.Part] {
    var parts: [TitleBar.Part] = [
      .init("artfeed", priority: 10), .init(RefreshSummary.feeds(feedCount), priority: 4),
      .init(FeedListPage.items(allItemsCount), priority: 3),
    ]
    if let all = context.marks?.counts?.allItems {
      parts.append(.init("\(all.unread) unread", priority: 5))
    }
    if let tag = tagFilter { parts.append(.init("tag: " + Sanitizer.clean(tag), priority: 8)) }
    if let reading {
      parts.append(.init("refreshing \(reading.done)/\(reading.total)", priority: 7))
    }
    return parts
  }

  func draw(into buffer: inout ScreenBuffer, context: DrawContext) {
    TitleBar.draw(titleParts(context: context), into: &buffer)
    draw(into: &buffer, y: 1, width: buffer.width, now: context.now, counts: context.marks?.counts)
    StatusLine.draw(
      position: "\(selection + 1)/\(lineCount)", hints: selectedDetail(now: context.now) ?? hints,
      into: &buffer, context: context)
  }
}
