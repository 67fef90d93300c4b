import FeedCore
import FeedModel
import Foundation
import Pictures
import TextLayout

extension AppState {
  /// Applies one event; returns the work the run loop must start.
  public mutating func update(_ event: Event) -> [Command] {
    var commands = apply(event)
    if commands.contains(.quit) { return commands }
    for index in pages.pages.indices {
      commands += pages.modify(index) { $0.followUpCommands() }
    }
    return commands + pictureCommands() + markCommands()
  }

  private mutating func apply(_ event: Event) -> [Command] {
    switch event {
    case .resize(let width, let height):
      resize(width: width, height: height)
      return []
    case .notice(let message):
      status = message
      return []
    case .tick:
      if isBusy { spinnerFrame += 1 }
      return []
    case .refreshDue:
      // Every subscription is refreshed (unless a read or refresh is under way), or a feed
      // from the network is loaded again; files and the bundled feeds are left alone.
      guard pages.last(FeedListPage.self) != nil else { return broadcast([.reloadDue]) }
      return refreshing.isReading ? [] : refreshFeeds([])
    case .selectionRested(let key):
      // Read ahead, unless the selection has moved since.
      if key == readAheadCandidate { pictures.readAhead = key }
      return []
    case .loadProgress, .loaded, .searchResults, .searchProgress, .pageLoaded, .filtered,
      .foundUnread:
      return broadcast([.work(event)])
    case .marksRead, .state, .bulkMarked, .undone, .stateRefreshed:
      guard var book = marks else { return [] }
      let update = book.apply(event, visible: visibleKeys, source: itemsSource)
      marks = book
      if case .marksRead(let read) = event { keepStarred(read) }
      return applyMarks(update)
    case .stateSettled:
      return []
    case .followChanged(let name, let following):
      let where_ = pages.last(FeedListPage.self) != nil ? " (Following, on the feed list)" : ""
      status = following ? "Following \(name)\(where_)" : "No longer following \(name)"
      return [.countFollowing]
    case .followingCounted(let counts, let artists):
      return broadcast([.followingCounted(counts, artists: artists)])
    case .feedRead(let generation, let feed, let refresh):
      // A feed read or refreshed has its items recorded (counted once the read ends).
      var commands: [Command] = []
      if generation == refreshing.generation, let marks, let list = refresh.list {
        commands += marks.observeCommands(.feed(feed), items: list.chunks, complete: true)
      }
      return commands + broadcast(refreshing.read(generation: generation, feed: feed, refresh))
    case .feedsRead(let generation):
      guard let (news, refreshesNext) = refreshing.ended(generation: generation) else {
        return []
      }
      var commands = broadcast(news)
      if refreshesNext { commands += refreshFeeds([]) }
      // A refresh may have synced an account, whose server changed marks of rows on
      // screen: they are read again (`.stateRefreshed`), and the counts with them.
      if marks != nil { commands.append(.refreshState) }
      // The feeds' lists are whole now: the "Following" line counts them.
      if marks != nil, pages.pages.last is FeedListPage { commands.append(.countFollowing) }
      return commands + (marks?.maintenanceCommands() ?? [])
    case .pictureReady(let key, let result):
      pictures.take(key, result)
      showPendingNote()
      return []
    case .pictureKept(let url):
      pictures.cache.keep([url])
      return []
    case .pictureMeasured(let url, let width, let height):
      pictures.measured(url, width: width, height: height)
      return []
    case .slideDue:
      return route(pages.count - 1) { $0.apply(.work(.slideDue), context: $1) }
    case .pictureAnimated(let key):
      pictures.markAnimated(key)
      return []
    case .motionReady(let key, let animation):
      pictures.takeMotion(key, animation)
      return []
    case .motionDue:
      pictures.motionDue()
      return []
    case .mouse(let mouse):
      return route(pages.count - 1) { $0.handle(mouse, context: $1) }
    case .key(let key):
      // Space pauses the animation on screen (elsewhere it does what the page says).
      if key == .character(" "), pictures.togglePause(on: pages.top) {
        status = pictures.isMotionPaused ? "Paused (Space plays)" : nil
        return []
      }
      return route(pages.count - 1) { $0.handle(key, context: $1) }
    }
  }

  /// `R`, `r` on a feed, the refresh interval: fetch these subscriptions now.
  mutating func refreshFeeds(_ feeds: [Int]) -> [Command] {
    status = nil
    let step = refreshing.refresh(feeds, feedCount: subscriptionCount)
    return step.commands + broadcast(step.news)
  }

  // MARK: - Pictures and marks after each update

  /// The loader's wish list when it changed: what the page on screen wants, most wanted
  /// first. Called after every update (and by `render` after it moves the list), so
  /// scrolling re-prioritises at once.
  public mutating func pictureCommands() -> [Command] {
    let shown = pages.shownIndex
    let isTop = shown == pages.count - 1
    return pictures.wishes(of: pages.pages[shown], isTop: isTop)
      + pictures.motionWishes(of: pages.pages[shown], isTop: isTop)
  }

  /// The frame on screen and its delay, while an animation plays (the run loop's deadline).
  public var motionClock: PictureBoard.MotionClock? { pictures.motionClock }

  /// The picture to read ahead once the selection rests (the run loop's deadline, then
  /// `.selectionRested`); nil when there is none, so the loop sets no deadline.
  public var readAheadCandidate: PictureCache.Key? {
    pictures.readAheadCandidate(on: pages.top)
  }

  /// The items whose marks the page on screen shows.
  var visibleKeys: [ItemKey] { pages.pages[pages.shownIndex].visibleItems }

  /// Pins the pictures of the items shown whose marks, read from the state file, say starred
  /// (starred in an earlier run): a set lookup per item shown, when its marks arrive. The
  /// cache pins their pictures made before and those made later (`PictureCache.keep`).
  mutating func keepStarred(_ read: [ItemKey: ItemMarks]) {
    guard read.values.contains(where: \.starred) else { return }
    for item in pages.pages[pages.shownIndex].visibleFeedItems
    where read[ItemKey(item)]?.starred == true {
      pictures.cache.keep(PictureBoard.addresses(of: item))
    }
  }

  /// The marks to read for rows on screen whose marks are not known: after every update,
  /// like the pictures' wish list.
  public mutating func markCommands() -> [Command] {
    guard marks != nil else { return [] }
    let visible = visibleKeys
    return marks?.markCommands(visible: visible) ?? []
  }

  // MARK: - Drawing

  /// Draws the whole screen into a buffer of the state's size: the page on screen and the
  /// overlays over it, a pure function of the state and `context` (the clock is passed in,
  /// never read).
  public func render(_ context: RenderContext) -> ScreenBuffer {
    var buffer = ScreenBuffer(width: width, height: height)
    if isTooSmall {
      let message =
        "Terminal too small: \(width)x\(height), need \(Self.minimumWidth)x\(Self.minimumHeight)"
      for (y, line) in LineWrapper.wrap(message, width: width).prefix(height).enumerated() {
        buffer.put(line.text, x: 0, y: y, style: .normal)
      }
      return buffer
    }
    for index in pages.shownIndex..<pages.count {
      pages.pages[index].draw(into: &buffer, context: drawContext(for: index, render: context))
    }
    pictures.attachMotion(to: &buffer)
    return buffer
  }

  /// The frame for now in the reader's time zone (the run loop's and `render`'s).
  public func render(now: Date) -> ScreenBuffer {
    render(RenderContext(now: now, timeZone: timeZone))
  }

  /// What page `index` may know while it draws; `titled`: with the title of the page below.
  func drawContext(for index: Int, render: RenderContext, titled: Bool = true) -> DrawContext {
    let page = pages.pages[index]
    let titleBelow: String? =
      titled && index > 0
      ? pages.pages[index - 1].title(
        context: drawContext(for: index - 1, render: render, titled: false)) : nil
    return DrawContext(
      render: render, keys: keys, pictures: pictures, marks: marks, status: status,
      busyWhat: busyWhat, spinner: Self.spinner[spinnerFrame % Self.spinner.count],
      titleBelow: titleBelow, hasPageBelow: index > 0,
      hasFeedList: pages.last(FeedListPage.self).map { $0.index < index } ?? false,
      counts: marks?.counts(of: page.source))
  }

  /// What the spinner says is under way: the nearest page's work from the top.
  var busyWhat: String? {
    for page in pages.pages.reversed() {
      if let what = page.busyWhat { return what }
    }
    return nil
  }

  static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
}
