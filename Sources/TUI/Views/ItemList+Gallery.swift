import ListEngine

extension ItemList {
  /// The items show as a grid of cards.
  public var isGallery: Bool { gallery != nil }

  /// Shows the items as a grid of cards, or as rows again, with the same item selected and
  /// its card (or row) on the screen line the other one was on, where the rules allow.
  ///
  /// Only the new frame is measured: the grid's rows on screen, or the list's.
  mutating func showGallery(_ on: Bool) {
    guard on != isGallery else { return }
    if on {
      let selected = viewport.selection
      let line = viewport.visibleRows.first { $0.row == selected }?.y ?? 0
      gallery = GalleryGrid(
        items: items, metrics: metrics, width: viewport.width, height: viewport.height,
        selected: selected, atLine: line)
    } else if let grid = gallery {
      gallery = nil
      guard let item = grid.selectedItem else { return }
      viewport.select(row: item)
      viewport.resize(
        width: viewport.width, height: viewport.height, placing: item,
        atLine: grid.selectedLine ?? 0)
      rememberPlace()
    }
  }

  /// The rules of the list's viewport, and of the grid while it shows.
  public func checkInvariants() {
    viewport.checkInvariants()
    if let gallery {
      gallery.checkInvariants()
      precondition(gallery.itemCount == count, "the grid has the list's items")
    }
  }
}
