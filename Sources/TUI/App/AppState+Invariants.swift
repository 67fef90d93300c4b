extension AppState {
  /// The rules the router keeps between events; traps on the first broken one (tests call it
  /// after each): a stack that is never empty, the feed list only at its bottom, the key list
  /// only on top, an item only over a list, and every page's and the marks book's own rules.
  func checkInvariants() {
    let stack = pages.pages
    precondition(!stack.isEmpty, "a page is always shown")
    for (index, page) in stack.enumerated() {
      switch page.kind {
      case .feeds: precondition(index == 0, "the feed list is the first page")
      case .help: precondition(index == stack.count - 1, "the key list is over every page")
      case .item: precondition(index > 0, "an item is opened from a list")
      case .items, .other: break
      }
      (page as? FeedListPage)?.checkInvariants()
      (page as? ItemsPage)?.checkInvariants()
    }
    precondition(!stack[pages.shownIndex].isOverlay, "the page drawn under overlays is a page")
    marks?.checkInvariants()
  }
}
