import Foundation

/// Writes a DeviantArt-shaped RSS feed of any size, deterministically.
///
/// Items follow the backend.deviantart.com `rss.xml` layout: about 70% deviations (title,
/// link, guid, PDT date, media:title, empty media:keywords, rating, category with label, two
/// author credits, copyright, media:description type=html, three thumbnails, media:content,
/// an HTML `<description>`), about 30% journals (no thumbnails or content, longer text).
/// Descriptions run from a few words to about 2,000 characters with markup and entities.
/// Words are English with, one time in `1 / internationalShare`, a word in another script or
/// an emoji: real DeviantArt feeds are nearly all ASCII (0.01% of the bytes of the shared
/// `deviantart-favorites.rss`), so the default share is small; a high share stresses the
/// UTF-8 paths. Items are by 500 artists, or by about one artist each (`Artists`).
///
/// Shared by `ParseBenchmark` (the document in memory) and `ScaleBenchmark` (written to a file
/// as it goes: the 1M-item feed is 3.6 GB); both produce the same bytes for the same seed.
public struct FeedGenerator {
  private var state: UInt64
  private let internationalShare: Double
  private let artists: Artists

  /// `artists` says who the items are by (`Artists`); `.few` makes the same bytes as before
  /// it existed.
  public init(seed: UInt64, internationalShare: Double = 0.02, artists: Artists = .few) {
    state = seed
    self.internationalShare = internationalShare
    self.artists = artists
  }

  /// The whole document for `count` items, UTF-8.
  public mutating func document(items count: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(count * 3_800 + 1_000)
    out += Array(Self.header.utf8)
    for index in 0..<count { out += Array(item(index).utf8) }
    out += Array(Self.footer.utf8)
    return out
  }

  /// Writes the document for `count` items to `path` (UTF-8), in pieces of about 1 MB.
  public mutating func write(items count: Int, to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let file = FileHandle(forWritingAtPath: path)
    else { throw CocoaError(.fileWriteUnknown) }
    defer { try? file.close() }
    var out = Array(Self.header.utf8)
    for index in 0..<count {
      out += Array(item(index).utf8)
      if out.count > 1 << 20 {
        try file.write(contentsOf: out)
        out.removeAll(keepingCapacity: true)
      }
    }
    out += Array(Self.footer.utf8)
    try file.write(contentsOf: out)
  }

  private static let header = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" \
    xmlns:atom="http://www.w3.org/2005/Atom">
        <channel>
            <title>DeviantArt: Popular All Time</title>
            <link>https://www.deviantart.com/popular-all-time/</link>
            <description>DeviantArt RSS for Popular All Time</description>

    """

  private static let footer = "    </channel>\n</rss>\n"

  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }

  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int(next() % UInt64(choices.count))]
  }

  private static let words = [
    "light", "night", "portrait", "study", "colour", "forest", "city", "morning", "dragon",
    "sketch", "photograph", "the", "a", "of", "and", "with", "under", "commission", "finished",
    "painting", "digital", "my", "new", "character", "original", "fan", "art", "for", "is",
    "this", "in", "to", "thanks", "watching", "prints", "available", "shop", "stream", "wip",
  ]

  private static let internationalWords = [
    "über", "café", "naïve", "夜明け", "森", "猫", "写真", "城市", "天空", "مدينة", "ضوء", "🎨",
    "🇯🇵", "👩‍🎨", "👍🏽",
  ]

  private mutating func word() -> String {
    let roll = Double(next() % 10_000) / 10_000
    return roll < internationalShare
      ? pick(FeedGenerator.internationalWords) : pick(FeedGenerator.words)
  }

  private mutating func sentence(words count: Int) -> String {
    (0..<count).map { _ in word() }.joined(separator: " ")
  }

  /// Escaped HTML (as it sits inside `<description>`), `length` characters of text or so.
  private mutating func htmlText(length: Int) -> String {
    var html = ""
    var written = 0
    while written < length {
      let text = sentence(words: 8 + Int(next() % 12))
      written += text.count
      switch next() % 5 {
      case 0: html += text + "&lt;br /&gt;"
      case 1: html += "&lt;b&gt;" + text + "&lt;/b&gt; &amp;amp; "
      case 2:
        html +=
          "&lt;a href=&quot;https://www.deviantart.com/x?a=1&amp;amp;b=2&quot;&gt;"
          + text + "&lt;/a&gt; "
      default: html += text + ". "
      }
    }
    return html
  }

  private mutating func item(_ index: Int) -> String {
    let artist = artists == .few ? "artist\(next() % 500)" : distinctName()
    let slug = artists == .few ? artist : Self.slug(artist)
    let id = 600_000_000 + index
    let title = sentence(words: 1 + Int(next() % 6))
    let link = "https://www.deviantart.com/\(slug)/art/work-\(id)"
    let day = 1 + next() % 28
    let journal = next() % 10 < 3
    let textLength = journal ? 300 + Int(next() % 1_700) : 10 + Int(next() % 600)
    let description = htmlText(length: textLength)
    let hash = String(next(), radix: 16) + String(next(), radix: 16)
    let image = "https://images-wixmp.deviantart.net/f/\(hash)/d\(id)-\(slug).jpg"
    var media = ""
    if !journal {
      media = """
                    <media:thumbnail url="\(image)?fit-in/150x150" height="150" width="100"/>
                    <media:thumbnail url="\(image)?fit-in/300x900" height="450" width="300"/>
                    <media:thumbnail url="\(image)?300x200" height="200" width="133"/>
                    <media:content url="\(image)" height="1095" width="730" medium="image"/>

        """
    }
    return """
              <item>
                  <title>\(title)</title>
                  <link>\(link)</link>
                  <guid isPermaLink="true">\(link)</guid>
                  <pubDate>Tue, \(day) Mar 2017 03:37:53 PDT</pubDate>
                  <media:title type="plain">\(title)</media:title>
                  <media:keywords></media:keywords>
                  <media:rating>\(next() % 7 == 0 ? "adult" : "nonadult")</media:rating>
                  <media:category label="Artistic Nude">photography/people/portrait</media:category>
                  <media:credit role="author" scheme="urn:ebu">\(artist)</media:credit>
                  <media:credit role="author" scheme="urn:ebu">https://a.deviantart.net/avatars/\(slug).jpg?2</media:credit>
                  <media:copyright url="https://www.deviantart.com/\(slug)">Copyright 2017 \(artist)</media:copyright>
                  <media:description type="html">\(description)</media:description>
      \(media)            <description>\(description)&lt;br /&gt;&lt;div&gt;&lt;img src=&quot;\(image)&quot; alt=&quot;thumbnail&quot; /&gt;&lt;/div&gt;</description>
              </item>

      """
  }
}
