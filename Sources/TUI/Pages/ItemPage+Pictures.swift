/// The item view's pictures: `[` and `]` page through them, and the view is laid out again
/// at the same reading place, since the box takes the shape of the picture it shows.
extension ItemPage {
  /// Shows picture `index` of the item (clamped to its pictures).
  mutating func showPicture(_ index: Int) {
    let count = view.pictureCount
    guard count > 1 else { return }
    let wanted = min(max(0, index), count - 1)
    guard wanted != view.pictureIndex else { return }
    relayout(width: view.width, picture: wanted)
    scroll(by: view.line(atBlock: place.block, offset: place.offset) - top)
  }

  /// Lays the view out again at `width` and the state's height, keeping the picture shown
  /// unless told another. The caller puts the reading place back on top.
  mutating func relayout(width: Int, picture: Int? = nil) {
    view = DetailView(
      item: view.item, width: width, height: height, picture: picture ?? view.pictureIndex,
      timeZone: view.timeZone)
  }

  /// The status line's hints on the item page: the picture keys when there are several.
  func hints(_ keys: KeyBindings) -> String {
    let count = view.pictureCount
    guard count > 1 else { return Self.hints(keys) }
    let paging = keys.hint(.previousPicture, .nextPicture, says: "pictures")?
      .replacingOccurrences(of: "/", with: " ")
    return KeyBindings.join(
      "picture \(view.pictureIndex + 1)/\(count)", paging, Self.hints(keys))
  }
}
