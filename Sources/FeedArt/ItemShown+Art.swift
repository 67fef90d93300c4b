import FeedCore

extension ItemShown {
  /// What a reader sees of `item` from the feed `head`: FeedArt's title, artist and picture
  /// rules, with the row's box of 96 x 96 px.
  public init(_ item: FeedItem, in head: FeedHead) {
    self.init(item, artist: ItemArtist.artist(of: item, in: head))
  }

  /// The same with the artist given: `parse --json` decides it once the feed's head is read
  /// (`FeedJSONStream`).
  public init(_ item: FeedItem, artist: String?) {
    let title = ItemTitle.shown(item)
    let pictures = ItemArt.pictures(of: item)
    self.init(
      title: title.text, titleDerived: title.derived, artist: artist,
      rowPicture: pictures.first?.copy(fitting: 96, 96).url,
      pictures: pictures.map(\.full.url), alts: pictures.map(\.alt))
  }
}
