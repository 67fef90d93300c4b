import FeedCore
import FeedModel
import ListEngine

/// A list's items as a grid of cards (`v`): a list-engine viewport whose rows are grid rows
/// of `columns.count` items each, so the grid scrolls, pages and measures exactly as the
/// list does: only the grid rows on screen are measured (a grid row is as tall as its
/// tallest card), every other row counts as an estimate, and a move costs O(cards on screen
/// + log n).
///
/// The selection is an item; the viewport's selection is its grid row. The reader's place
/// (the selected item and the screen line of its grid row) is kept across resizes: when the
/// column count changes the grid is rebuilt with the selected card's row on the line it was
/// on, so the card stays under the eye.
struct GalleryGrid {
  private(set) var viewport: ListViewport<PeriodicRowKinds>
  /// How the cards go across at the viewport's width.
  private(set) var columns: GalleryColumns
  /// The selected item; nil exactly when there are no items.
  private(set) var selectedItem: Int?
  private(set) var itemCount: Int
  private let metrics: RowMetrics
  /// The selected item and its grid row's screen line as the reader last left them.
  private var place: (item: Int, line: Int)?

  /// A grid of `items` with `selected` selected, its grid row's top on screen line `line`
  /// where the rules allow.
  init(
    items: ItemChunks, metrics: RowMetrics, width: Int, height: Int, selected: Int?,
    atLine line: Int
  ) {
    self.metrics = metrics
    itemCount = items.count
    columns = GalleryColumns(width: width, metrics: metrics)
    selectedItem = items.isEmpty ? nil : min(max(selected ?? 0, 0), items.count - 1)
    viewport = Self.viewport(items, metrics, columns: columns)
    if let selectedItem { place = (selectedItem, line) }
    lay(width: width, height: height)
  }

  /// An empty viewport of the grid rows for `columns`, not yet sized.
  private static func viewport(_ items: ItemChunks, _ metrics: RowMetrics, columns: GalleryColumns)
    -> ListViewport<PeriodicRowKinds>
  {
    ListViewport(
      kinds: kinds(items.count, columns), width: 0, height: 0,
      initialEstimate: { _, _ in CardLayout.estimatedHeight(metrics: metrics) },
      measure: measure(items, metrics))
  }

  private static func kinds(_ count: Int, _ columns: GalleryColumns) -> PeriodicRowKinds {
    PeriodicRowKinds(pattern: [0], rowCount: (count + columns.count - 1) / columns.count)
  }

  /// A grid row's height at a width: its tallest card's.
  static func measure(_ items: ItemChunks, _ metrics: RowMetrics)
    -> ListViewport<PeriodicRowKinds>.Measure
  {
    { row, width in
      let columns = GalleryColumns(width: width, metrics: metrics)
      let first = row * columns.count
      var tallest = 1
      for index in first..<min(items.count, first + columns.count) {
        tallest = max(tallest, cardHeight(of: items[index], width: columns.cardWidth, metrics))
      }
      return tallest
    }
  }

  /// An item's card height at a card width.
  static func cardHeight(of item: FeedItem, width: Int, _ metrics: RowMetrics) -> Int {
    CardLayout.height(
      title: ItemPresentation.title(of: item), artist: item.author, width: width,
      metrics: metrics)
  }

  // MARK: - Reading

  /// The grid row of an item.
  func gridRow(of item: Int) -> Int { item / columns.count }

  /// The items of a grid row.
  func items(ofRow row: Int) -> Range<Int> {
    let first = row * columns.count
    return first..<min(itemCount, first + columns.count)
  }

  /// The items on screen, grid row by grid row.
  var visibleItems: [Int] { viewport.visibleRows.flatMap { items(ofRow: $0.row) } }

  /// The items whose pictures the grid wants, most wanted first: the cards on screen, then
  /// as many grid rows below the screen, then as many above it (as the list's rows do).
  var pictureItems: [Int] {
    let visible = viewport.visibleRows.map(\.row)
    guard let first = visible.first, let last = visible.last else { return [] }
    let reach = max(1, visible.count)
    let below = (last + 1)..<min(viewport.rowCount, last + 1 + reach)
    let above = max(0, first - reach)..<first
    return (visible + Array(below) + Array(above.reversed())).flatMap { items(ofRow: $0) }
  }

  /// The size of the cards' picture boxes.
  var box: BoxRect { CardLayout.box(width: columns.cardWidth, metrics: metrics) }

  /// The item drawn at a point of the list area, if any.
  func item(atLine line: Int, x: Int) -> Int? {
    guard
      let visible = viewport.visibleRows.first(where: { line >= $0.y && line < $0.y + $0.height })
    else { return nil }
    let column = (x - 1) / (columns.cardWidth + 1)
    guard x >= 1, column < columns.count, x < columns.x(ofColumn: column) + columns.cardWidth
    else { return nil }
    let item = visible.row * columns.count + column
    return item < itemCount ? item : nil
  }

  // MARK: - Moving

  /// A move of the selection by card (`left`, `right`, `up`, `down`), by page, or to an end.
  mutating func move(_ move: ItemList.Move) {
    guard let selected = selectedItem else { return }
    switch move {
    case .left: select(selected - 1)
    case .right: select(selected + 1)
    case .up: if selected >= columns.count { select(selected - columns.count) }
    case .down:
      if gridRow(of: selected) < viewport.rowCount - 1 {
        select(min(itemCount - 1, selected + columns.count))
      }
    case .halfPageUp: viewport.halfPageUp()
    case .halfPageDown: viewport.halfPageDown()
    case .pageUp: viewport.pageUp()
    case .pageDown: viewport.pageDown()
    case .top: select(0)
    case .bottom:
      viewport.jumpToEnd()
      selectedItem = itemCount - 1
    }
    adoptViewportRow()
    rememberPlace()
  }

  /// Selects `item` (clamped) and scrolls as little as needed to show its card.
  mutating func select(_ item: Int) {
    guard itemCount > 0 else { return }
    let item = min(max(item, 0), itemCount - 1)
    selectedItem = item
    viewport.select(row: gridRow(of: item))
    rememberPlace()
  }

  /// Scrolls the view; the selection follows (keeping its column) only if it leaves the screen.
  mutating func scroll(byLines lines: Int) {
    viewport.scroll(byLines: lines)
    adoptViewportRow()
    rememberPlace()
  }

  /// Scrolls so `item`'s grid row is at the top, as far as the end allows.
  mutating func scroll(toItem item: Int) {
    viewport.scroll(toRow: gridRow(of: item))
    adoptViewportRow()
    rememberPlace()
  }

  /// The viewport moved its selection to another grid row (a page move, a scroll): the
  /// selected item goes to that row, in the same column where the row has one.
  private mutating func adoptViewportRow() {
    guard let selected = selectedItem, let row = viewport.selection else { return }
    guard row != gridRow(of: selected) else { return }
    let column = selected % columns.count
    selectedItem = min(itemCount - 1, row * columns.count + column)
  }

  private mutating func rememberPlace() {
    guard let selected = selectedItem,
      let visible = viewport.visibleRows.first(where: { $0.row == gridRow(of: selected) })
    else { return }
    place = (selected, visible.y)
  }

  /// The screen line of the selected card's top, when it is on screen.
  var selectedLine: Int? {
    guard let selected = selectedItem else { return nil }
    return viewport.visibleRows.first { $0.row == gridRow(of: selected) }?.y
  }

  // MARK: - Size and content

  /// Re-lays the grid out at a new size: the column count may change, and the selected card
  /// stays on the screen line where the reader left it, where the rules allow.
  mutating func resize(width: Int, height: Int, items: ItemChunks) {
    let fresh = GalleryColumns(width: width, metrics: metrics)
    if fresh != columns, fresh.count != columns.count {
      columns = fresh
      viewport = Self.viewport(items, metrics, columns: fresh)
    } else {
      columns = fresh
    }
    lay(width: width, height: height)
  }

  /// Sizes the viewport, putting the reader's place back where it fits.
  private mutating func lay(width: Int, height: Int) {
    if let selected = selectedItem, viewport.selection != gridRow(of: selected) {
      viewport.select(row: gridRow(of: selected))
    }
    if let place, place.item == selectedItem {
      viewport.resize(
        width: width, height: height, placing: gridRow(of: place.item), atLine: place.line)
    } else {
      viewport.resize(width: width, height: height)
    }
  }

  /// Items were appended to the list (`items` is the whole list now): the last grid row, if
  /// it was short, is measured again; the cards on screen stay where they are.
  mutating func appended(_ items: ItemChunks) {
    let old = itemCount
    guard items.count > old else { return }
    itemCount = items.count
    viewport.measure = Self.measure(items, metrics)
    viewport.appendRows(kinds: Self.kinds(items.count, columns), measure: viewport.measure)
    if old % columns.count != 0 { viewport.invalidate(row: old / columns.count) }
    if selectedItem == nil { select(0) }
    adoptViewportRow()
  }

  /// Starts a new count of measurements.
  mutating func resetStats() { viewport.resetStats() }

  /// Shows the last card and selects it (`G`, and rows appended while `G` follows the end).
  mutating func jumpToEnd() { move(.bottom) }

  // MARK: - Invariants

  /// The viewport's rules, and the selection's agreement with it.
  func checkInvariants() {
    viewport.checkInvariants()
    precondition(viewport.rowCount == (itemCount + columns.count - 1) / columns.count, "grid rows")
    guard let selected = selectedItem else {
      precondition(itemCount == 0, "a grid with cards has a selection")
      return
    }
    precondition(selected >= 0 && selected < itemCount, "selection out of range")
    precondition(viewport.selection == gridRow(of: selected), "selection off its grid row")
  }
}
