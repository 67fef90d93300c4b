import Pictures

/// What the picture viewer asks of the pictures: the size of a picture decoded at full size,
/// whether a view is made, and the latest copy made of a picture (its preview).
extension PictureBoard {
  /// How many measured sizes are kept (a viewer walking a long list measures one per item).
  static let sizesKept = 4096
  /// How many addresses `made` remembers before it forgets the ones no longer cached.
  static let madeKept = 4096

  /// The size of the picture at `url` decoded at full size, once the viewer's loader has
  /// decoded it.
  public func size(of url: String) -> ViewerView.Size? { sizes[url] }

  /// True when the picture for `key` is made (cells or pixels in the cache).
  public func isReady(_ key: PictureCache.Key) -> Bool {
    switch slot(for: key) {
    case .ready, .pixels: true
    default: false
    }
  }

  /// The key last made for `url`, if any (it may have been evicted since).
  func latestKey(for url: String) -> PictureCache.Key? { made[url] }

  /// A picture's size arrived (`.pictureMeasured`).
  mutating func measured(_ url: String, width: Int, height: Int) {
    if sizes.count >= Self.sizesKept { sizes.removeAll(keepingCapacity: true) }
    sizes[url] = ViewerView.Size(width: max(1, width), height: max(1, height))
  }

  /// Notes the key last made for its address.
  mutating func noteMade(_ key: PictureCache.Key) {
    if made.count >= Self.madeKept {
      made = made.filter { cache.value(for: $0.value) != nil }
      if made.count >= Self.madeKept { made.removeAll(keepingCapacity: true) }
    }
    made[key.url] = key
  }
}
