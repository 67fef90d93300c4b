import FeedCore

extension ItemShown {
  /// What a reader sees of `item` from the feed `head`: FeedArt's title, artist and picture
  /// rules, with the row's box of 96 x 96 px.
  public init(_ item: FeedItem, in head: FeedHead) {
    let title = ItemTitle.shown(item)
    let pictures = ItemArt.pictures(of: item)
    self.init(
      title: title.text, titleDerived: title.derived,
      artist: ItemArtist.artist(of: item, in: head),
      rowPicture: pictures.first?.copy(fitting: 96, 96).url,
      pictures: pictures.map(\.full.url), alts: pictures.map(\.alt))
  }
}
