import Foundation

/// A small RSS 2.0 feed with dated, credited items, written for a test (subscriptions, the
/// feed list): each item has a title, an artist (`author`) and a day of November 2026.
public struct SmallFeed {
  public struct Item {
    public var title: String
    public var artist: String
    public var day: Int

    public init(_ title: String, by artist: String, day: Int) {
      self.title = title
      self.artist = artist
      self.day = day
    }
  }

  public var title: String
  public var items: [Item]

  public init(title: String, items: [Item]) {
    self.title = title
    self.items = items
  }

  /// The feed as XML; each item's guid is its title, so the same title in two feeds is the
  /// same item.
  public var xml: String {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0"><channel><title>\(title)</title><link>http://example.com/</link>

      """
    for item in items {
      let day = String(format: "%02d", max(1, min(28, item.day)))
      text += """
        <item><title>\(item.title)</title><guid isPermaLink="false">\(item.title)</guid>\
        <author>\(item.artist)</author>\
        <pubDate>\(day) Nov 2026 12:00:00 GMT</pubDate>\
        <description>\(item.title) by \(item.artist).</description></item>

        """
    }
    return text + "</channel></rss>\n"
  }

  /// Writes the feed to `url`.
  public func write(to url: URL) throws {
    try Data(xml.utf8).write(to: url)
  }

  /// The two galleries the subscription tests share, written to `directory` as `north.xml`
  /// and `south.xml`: they share an artist (Mira Sol) and an item (Shared). `northExtra`
  /// goes at North's top (new items of a refresh).
  public static func writeGalleries(in directory: URL, northExtra: [Item] = []) throws {
    try SmallFeed(
      title: "North Gallery",
      items: northExtra + [
        .init("Aurora", by: "Mira Sol", day: 20), .init("Fjord", by: "Odd Berg", day: 18),
        .init("Shared", by: "Odd Berg", day: 10),
      ]
    ).write(to: directory.appendingPathComponent("north.xml"))
    try SmallFeed(
      title: "South Gallery",
      items: [
        .init("Dune", by: "Mira Sol", day: 21), .init("Shared", by: "Odd Berg", day: 10),
        .init("Reef", by: "Ana Mar", day: 2),
      ]
    ).write(to: directory.appendingPathComponent("south.xml"))
  }
}
