import Foundation

@testable import FeedCore

/// Parses an inline document (UTF-8).
func parse(_ xml: String) throws(FeedParseError) -> Feed {
  try FeedParser.parse(Data(xml.utf8))
}

/// Parses raw bytes.
func parse(bytes: [UInt8]) throws(FeedParseError) -> Feed {
  try FeedParser.parse(Data(bytes))
}

/// The only item of a one-item RSS 2.0 feed whose `<item>` holds `body`, with the Media RSS
/// namespace bound to `media` (and `dc`, `content`, `atom` bound too).
func rssItem(_ body: String, mediaURI: String = "http://search.yahoo.com/mrss/") throws -> FeedItem
{
  let feed = try parse(
    """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0" xmlns:media="\(mediaURI)" xmlns:dc="http://purl.org/dc/elements/1.1/"
         xmlns:content="http://purl.org/rss/1.0/modules/content/"
         xmlns:atom="http://www.w3.org/2005/Atom">
      <channel><title>T</title><item>\(body)</item></channel>
    </rss>
    """)
  guard feed.items.count == 1, let item = feed.items.first else {
    throw TestFailure("expected one item, got \(feed.items.count)")
  }
  return item
}

/// The only entry of a one-entry Atom feed whose `<entry>` holds `body`.
func atomEntry(_ body: String) throws -> FeedItem {
  let feed = try parse(
    """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
      <title>T</title><entry>\(body)</entry>
    </feed>
    """)
  guard feed.items.count == 1, let item = feed.items.first else {
    throw TestFailure("expected one entry, got \(feed.items.count)")
  }
  return item
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// `YYYY-MM-DDTHH:MM:SSZ` for a date, or "nil".
func stamp(_ date: Date?) -> String {
  date.map(JSONWriter.timestamp) ?? "nil"
}
