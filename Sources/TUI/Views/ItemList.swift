import FeedCore
import FeedModel
import Foundation
import ListEngine
import TextLayout

/// A list of feed items on screen: the items, and a list-engine viewport over their rows.
///
/// Rows are laid out by `RowLayout` from the item's text at the current width, only when the
/// engine asks (rows on screen); every other row counts as its kind's estimate. The layout
/// is pure, so measuring and drawing use the same function and cannot disagree.
public struct ItemList {
  /// Row kinds for the engine: a thumbnail makes an image row.
  enum Kind: UInt8 {
    case basic = 0
    case image = 1
  }

  public internal(set) var title: String
  /// The items, as the batches or pages they came in (appending copies no item).
  public private(set) var items: ItemChunks
  var viewport: ListViewport<ArrayRowKinds>
  /// How current the list is (the title bar says "offline" or "cached 3 h ago").
  public var freshness: Freshness = .local
  /// The page to append when the reader nears the end; nil when there is none (or it is
  /// being loaded, see `pageInFlight`).
  public internal(set) var nextPage: URL?
  /// The page being fetched now.
  public internal(set) var pageInFlight: URL?
  /// Pages already appended: a server that links back to one ends the paging.
  private var pagesSeen: Set<URL> = []
  /// The identities of the items, built on the first append (pages drop items already shown).
  private var identities: Set<ItemID>?
  /// The selected row and its screen line as the reader last left them; resizes restore it
  /// rather than overwrite it, so a round trip through other sizes comes back to it.
  var place: (row: Int, line: Int)?
  /// `G` was the reader's last move: rows appended while the feed loads keep the selection
  /// on the last row (see `appendBatch`).
  public private(set) var followsEnd = false
  /// The load that filled this list batch by batch (`ItemsPage.loadGeneration`), if any.
  var loadGeneration: Int?
  /// The load was stopped before the end of the feed: the title bar says "partial".
  public private(set) var isPartial = false
  /// The rows' numbers: margins, padding, the thumbnail box (the settings' size).
  public private(set) var metrics: RowMetrics
  /// `A` marked every item of this list read and the marks are on their way: every row is
  /// drawn read until they arrive.
  public internal(set) var isMarkedRead = false
  /// The items as a grid of cards (`v`), nil while they show as rows. The selection is the
  /// grid's then; the rows' viewport takes it back when the grid goes.
  var gallery: GalleryGrid?

  public init(title: String, items: [FeedItem], metrics: RowMetrics = .standard) {
    self.init(title: title, chunks: ItemChunks(items), rowKinds: nil, metrics: metrics)
  }

  /// A list of `chunks` (a search answer's selection view, say); `rowKinds`, when given, are
  /// `rowKind(of:)` of each item, kept by the source, so no item is looked at here.
  init(title: String, chunks: ItemChunks, rowKinds: [UInt8]?, metrics: RowMetrics = .standard) {
    self.title = title
    self.items = chunks
    self.metrics = metrics
    let kindBytes: [UInt8]
    if let rowKinds, rowKinds.count == chunks.count {
      kindBytes = rowKinds
    } else {
      kindBytes = chunks.map { Self.kind(of: $0).rawValue }
    }
    let kinds = ArrayRowKinds(kindBytes, kindCount: 2)
    viewport = ListViewport(
      kinds: kinds, width: 0, height: 0,
      initialEstimate: Self.initialEstimate(metrics), measure: Self.measure(self.items, metrics))
  }

  public var count: Int { items.count }
  public var selection: Int? { gallery?.selectedItem ?? viewport.selection }
  public var selectedItem: FeedItem? { selection.map { items[$0] } }
  /// The rows on screen, with their screen lines relative to the list's top.
  public var visibleRows: [VisibleRow] { viewport.visibleRows }
  /// The items on screen, as rows or as cards.
  public var visibleItems: [Int] { gallery?.visibleItems ?? visibleRows.map(\.row) }

  // MARK: - Moving

  /// A move of the selection or the view.
  public enum Move: Sendable {
    case up, down, halfPageUp, halfPageDown, pageUp, pageDown, top, bottom
    /// The card left or right of the selected one (the gallery only).
    case left, right
  }

  public mutating func move(_ move: Move) {
    followsEnd = move == .bottom
    if gallery != nil {
      gallery?.move(move)
      return
    }
    defer { rememberPlace() }
    switch move {
    case .left, .right: break
    case .up: viewport.moveSelection(by: -1)
    case .down: viewport.moveSelection(by: 1)
    case .halfPageUp: viewport.halfPageUp()
    case .halfPageDown: viewport.halfPageDown()
    case .pageUp: viewport.pageUp()
    case .pageDown: viewport.pageDown()
    case .top: viewport.jumpToStart()
    case .bottom: viewport.jumpToEnd()
    }
  }

  /// Re-lays the list out at a new size, bringing the reader's place back where it fits.
  public mutating func resize(width: Int, height: Int) {
    let (width, height) = (max(0, width), max(0, height))
    if let place, place.row == viewport.selection {
      viewport.resize(width: width, height: height, placing: place.row, atLine: place.line)
    } else {
      viewport.resize(width: width, height: height)
    }
    gallery?.resize(width: width, height: height, items: items)
  }

  public mutating func scroll(byLines lines: Int) {
    followsEnd = false
    if gallery != nil {
      gallery?.scroll(byLines: lines)
      return
    }
    viewport.scroll(byLines: lines)
    rememberPlace()
  }

  public mutating func scroll(toRow row: Int) {
    followsEnd = false
    if gallery != nil {
      gallery?.scroll(toItem: row)
      return
    }
    viewport.scroll(toRow: row)
    rememberPlace()
  }

  public mutating func select(_ row: Int) {
    followsEnd = false
    if gallery != nil {
      gallery?.select(row)
      return
    }
    viewport.select(row: row)
    rememberPlace()
  }

  /// Notes where the selection is on screen now (after the reader moved).
  mutating func rememberPlace() {
    guard let selection = viewport.selection,
      let row = viewport.visibleRows.first(where: { $0.row == selection })
    else { return }
    place = (selection, row.y)
  }

  /// A list made from what a source loaded.
  public init(_ loaded: LoadedList, metrics: RowMetrics = .standard) {
    self.init(
      title: loaded.title, chunks: loaded.chunks, rowKinds: loaded.rowKinds, metrics: metrics)
    freshness = loaded.freshness
    nextPage = loaded.nextPage
  }

  /// Selects the item with the same identity as `item`, if the list has it.
  public mutating func select(matching item: FeedItem) {
    let id = ItemID(item)
    guard let index = items.firstIndex(where: { ItemID($0) == id }) else { return }
    select(index)
  }

  // MARK: - Paging

  /// Lines of content below the screen's bottom, by the estimates. O(log n).
  public var linesBelowScreen: Int {
    if let grid = gallery?.viewport {
      return max(0, grid.estimatedTotalHeight - grid.estimatedTopOffset - grid.height)
    }
    return max(0, viewport.estimatedTotalHeight - viewport.estimatedTopOffset - viewport.height)
  }

  /// The page to fetch now: there is one, none is in flight, and the reader is within a
  /// screen of the end. Marks it in flight.
  mutating func takePageToLoad() -> URL? {
    guard let next = nextPage, pageInFlight == nil, linesBelowScreen <= viewport.height else {
      return nil
    }
    pageInFlight = next
    nextPage = nil
    return next
  }

  /// Appends a fetched page below the rows, keeping the rows on screen where they are.
  /// Items already in the list are dropped; a page that adds nothing, or links to a page
  /// already seen, ends the paging.
  mutating func appendPage(_ page: LoadedList, from url: URL) {
    pageInFlight = nil
    pagesSeen.insert(url)
    var known = identities ?? Set(items.map(ItemID.init))
    let fresh = page.items.filter { known.insert(ItemID($0)).inserted }
    identities = known
    if let next = page.nextPage, !fresh.isEmpty, !pagesSeen.contains(next) {
      nextPage = next
    }
    append(fresh)
  }

  /// Appends the next batch of a feed that is still loading: O(batch). The rows on screen
  /// stay, and so does the selection, unless the reader's last move was `G`: then the last
  /// row is selected and shown, as the end moves.
  mutating func appendBatch(_ batch: [FeedItem]) {
    appendBatch(ItemChunks(batch))
  }

  /// `appendBatch` of items as a source stored them: their blocks are shared, and their row
  /// kinds, when the source kept them (one each), are taken rather than computed.
  mutating func appendBatch(_ batch: ItemChunks, rowKinds: [UInt8]? = nil) {
    if var known = identities {
      for item in batch { known.insert(ItemID(item)) }
      identities = known
    }
    append(batch, rowKinds: rowKinds)
    if followsEnd, !batch.isEmpty {
      if gallery != nil {
        gallery?.jumpToEnd()
      } else {
        viewport.jumpToEnd()
        rememberPlace()
      }
    }
  }

  /// The same feed again (a refresh): its new items, with the reader's place kept by item
  /// identity. The selected item stays selected on the screen line it was on, even when
  /// items were added or removed above it; if it is gone, the first surviving row on screen
  /// takes its place. O(items) to match identities, and the new frame is all that is
  /// measured.
  mutating func replace(with loaded: LoadedList) {
    let wasGallery = gallery != nil
    if wasGallery { showGallery(false) }
    defer { if wasGallery { showGallery(true) } }
    let old = items
    var rowOfItem: [ItemID: Int] = [:]
    rowOfItem.reserveCapacity(loaded.chunks.count)
    for (row, item) in loaded.chunks.enumerated() where rowOfItem[ItemID(item)] == nil {
      rowOfItem[ItemID(item)] = row
    }
    viewport.measure = { _, _ in 1 }
    items = loaded.chunks
    let kinds =
      loaded.rowKinds.flatMap { $0.count == items.count ? $0 : nil }
      ?? items.map { Self.kind(of: $0).rawValue }
    viewport.replaceRows(
      kinds: ArrayRowKinds(kinds, kindCount: 2), measure: Self.measure(items, metrics),
      keeping: { row in row < old.count ? rowOfItem[ItemID(old[row])] : nil })
    title = loaded.title
    freshness = loaded.freshness
    nextPage = loaded.nextPage
    pageInFlight = nil
    pagesSeen = []
    identities = nil
    followsEnd = false
    isPartial = false
    rememberPlace()
  }

  /// The feed finished loading: `G` no longer follows an end that stopped moving.
  mutating func stopFollowing() { followsEnd = false }

  /// The load was cancelled: the list holds only the items read by then.
  mutating func markPartial() {
    isPartial = true
    followsEnd = false
  }

  /// The feed finished loading: its final title, freshness and next page.
  mutating func finishLoading(_ loaded: LoadedList) {
    title = loaded.title
    freshness = loaded.freshness
    nextPage = loaded.nextPage
  }

  /// Appends rows in O(added): the measure closure is swapped out first, so `items` and the
  /// kinds are uniquely referenced and grow in place instead of being copied.
  private mutating func append(_ fresh: [FeedItem]) {
    append(ItemChunks(fresh))
  }

  private mutating func append(_ fresh: ItemChunks, rowKinds: [UInt8]? = nil) {
    guard !fresh.isEmpty else { return }
    viewport.measure = { _, _ in 1 }
    items.append(contentsOf: fresh)
    let kinds =
      rowKinds.flatMap { $0.count == fresh.count ? $0 : nil }
      ?? fresh.map { Self.kind(of: $0).rawValue }
    viewport.appendRows(kinds: kinds, measure: Self.measure(items, metrics))
    gallery?.appended(items)
  }

  /// A page failed: paging stops here (the status line says why; `r` reloads the feed).
  mutating func pageFailed(_ url: URL) {
    if pageInFlight == url { pageInFlight = nil }
  }

  /// The row drawn on a line of the list area, if any.
  public func row(atScreenLine line: Int) -> Int? {
    visibleRows.first { line >= $0.y && line < $0.y + $0.height }?.row
  }

  /// The item drawn at a point of the list area (a row, or a card), if any.
  public func item(atScreenLine line: Int, x: Int) -> Int? {
    if let gallery { return gallery.item(atLine: line, x: x) }
    return row(atScreenLine: line)
  }

  // MARK: - Figures

  /// What `artfeed render --stats` prints: measurement counts and the totals.
  public struct Stats: Sendable, Equatable {
    public var rowsMeasured: Int
    public var measuredRows: Int
    public var estimatedTotal: Int
    public var measuredTotal: Int
  }

  /// The figures of what is on screen: the grid's while the gallery shows.
  public var stats: Stats {
    if let grid = gallery?.viewport { return Self.stats(grid) }
    return Self.stats(viewport)
  }

  private static func stats<Kinds>(_ viewport: ListViewport<Kinds>) -> Stats {
    Stats(
      rowsMeasured: viewport.stats.rowsMeasured,
      measuredRows: viewport.heights.measuredRowCount,
      estimatedTotal: viewport.estimatedTotalHeight,
      measuredTotal: viewport.heights.measuredHeightTotal)
  }

  public mutating func resetStats() {
    viewport.resetStats()
    gallery?.resetStats()
  }

  // MARK: - Layout

  /// The row kind of an item: FeedModel's `ItemPicture.rowKind`, which the search indexes
  /// keep too, so answers carry their rows' kinds.
  static func kind(of item: FeedItem) -> Kind {
    Kind(rawValue: ItemPicture.rowKind(item)) ?? .basic
  }

  /// The engine's kind number for an item's row (0 basic, 1 image).
  public static func rowKind(of item: FeedItem) -> Int { Int(kind(of: item).rawValue) }

  /// An item's row height at a width: what the list measures (benchmarks use it too).
  ///
  /// `RowLayout.height` counts lines without building them; the presentation tests hold it
  /// equal to `RowLayout.make(...).height` at every width, so measuring and drawing agree.
  /// The byline is one line whatever its text, so the time of day cannot change a height.
  public static func rowHeight(
    of item: FeedItem, width: Int, metrics: RowMetrics = .standard
  ) -> Int {
    RowLayout.height(
      title: ItemPresentation.title(of: item),
      byline: ItemPresentation.byline(of: item, now: .distantPast),
      subtitle: ItemPresentation.subtitle(of: item), hasThumbnail: kind(of: item) == .image,
      width: width, metrics: metrics)
  }

  /// The row's cells at a width: the one layout both measuring and drawing use.
  static func layout(
    of item: FeedItem, width: Int, now: Date, timeZone: TimeZone, metrics: RowMetrics
  ) -> RowLayout {
    RowLayout.make(
      title: ItemPresentation.title(of: item),
      byline: ItemPresentation.byline(of: item, now: now, timeZone: timeZone),
      subtitle: ItemPresentation.subtitle(of: item), hasThumbnail: kind(of: item) == .image,
      width: width, metrics: metrics)
  }

  static func measure(_ items: ItemChunks, _ metrics: RowMetrics)
    -> ListViewport<ArrayRowKinds>.Measure
  {
    { row, width in rowHeight(of: items[row], width: width, metrics: metrics) }
  }

  /// A first guess per kind before any row of that kind is measured at a width: padding and
  /// separator, a title line, and the lines a typical subtitle takes; an image row at least
  /// the thumbnail box.
  public static let initialEstimate: ListViewport<ArrayRowKinds>.Estimate = initialEstimate(
    .standard)

  /// The first guesses for rows with `metrics`.
  public static func initialEstimate(_ metrics: RowMetrics) -> ListViewport<ArrayRowKinds>.Estimate
  {
    let boxRows =
      metrics.topPadding + metrics.thumbnailRows + metrics.bottomPadding
      + metrics.separatorHeight
    return { kind, width in
      let textWidth = max(1, width - 4)
      let subtitleLines = min(4, (120 + textWidth - 1) / textWidth)
      let basic = 3 + 1 + subtitleLines
      return kind == Kind.image.rawValue ? max(boxRows, basic) : basic
    }
  }
}
