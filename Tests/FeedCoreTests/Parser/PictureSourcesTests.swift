import Foundation
import Testing

@testable import FeedCore

/// What the parser reads for the picture rule (FeedArt decides): every image of the summary
/// with what it says of itself, links to pictures, enclosures, pictures' own alt texts and
/// titles, the feed's own author; and JSON Feed beside RSS and Atom.
@Suite("Where a post's pictures are")
struct PictureSourcesTests {
  func found(_ html: String) -> HTMLImage.Found {
    var html = html
    return html.withUTF8 { HTMLImage.all(in: $0) }
  }

  @Test("every <img>: sizes, srcset, alt, the link around it, decorations by markup")
  func images() {
    let found = found(
      """
      <p><a href="https://h/full.jpg"><img src="https://h/a.jpg?w=640" width="640" height="480"
      srcset="https://h/a.jpg?w=150 150w, https://w.wixmp.com/f/x/w_300,h_200/a.jpg 300w, https://h/a@2x.jpg 2x"
      alt="A heron"></a>
      <img class="wp-smiley emoji" src="https://h/e.png"> <img src="https://h/i.png" style="width: 1rem">
      <img src="data:image/gif;base64,R0lGOD" data-src="https://h/lazy.jpg" alt="thumbnail">
      <img src="https://h/px.gif" width="1" height="1"><img alt="no address">
      <a href="https://i.redd.it/x.jpeg">[link]</a> <a href="https://h/page">page</a></p>
      """)
    #expect(
      found.images.map(\.url) == [
        "https://h/a.jpg?w=640", "https://h/e.png", "https://h/i.png", "https://h/lazy.jpg",
        "https://h/px.gif",
      ])
    let first = found.images[0]
    #expect(first.width == 640 && first.height == 480 && first.alt == "A heron")
    #expect(first.link == "https://h/full.jpg")
    #expect(
      first.sources.map(\.url) == [
        "https://h/a.jpg?w=150", "https://w.wixmp.com/f/x/w_300,h_200/a.jpg", "https://h/a@2x.jpg",
      ])
    #expect(first.sources.map(\.width) == [150, 300, 1280])
    #expect(found.images.map(\.isDecoration) == [false, true, true, false, true])
    #expect(found.images[3].alt == nil, "an alt that only says thumbnail is none")
    #expect(found.pictureLinks == ["https://i.redd.it/x.jpeg"])
  }

  @Test("enclosures, pictures' alt and titles, their own thumbnails, the feed's author")
  func mediaParts() throws {
    let xml = """
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" \
      xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title>
      <dc:creator>Ann Heron</dc:creator>
      <item><enclosure url="https://h/e.jpg" type="image/jpeg" length="12"/>
      <media:content url="https://h/a.png" medium="image"><media:title>a-title</media:title>
      <media:description>A heron</media:description>
      <media:thumbnail url="https://h/a-small.png"/></media:content>
      <media:content url="https://h/b.png" medium="image"/>
      <media:thumbnail url="https://h/item.png"/></item></channel></rss>
      """
    let feed = try FeedParser.parse(Data(xml.utf8))
    #expect(feed.author == "Ann Heron")
    let item = try #require(feed.items.first)
    #expect(item.enclosures == [Enclosure(url: "https://h/e.jpg", type: "image/jpeg", length: 12)])
    #expect(item.contents.map(\.alt) == ["A heron", nil])
    #expect(item.contents.map(\.title) == ["a-title", nil])
    #expect(item.thumbnails.map(\.content) == [0, nil])
    let atom = """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><author><name>Bo</name></author>
      <entry><title>e</title><link rel="enclosure" type="image/jpeg" href="https://h/big.jpg"/>
      <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><a href="https://h/p">\
      <img src="https://h/small.jpg" width="240"/></a></div></content></entry></feed>
      """
    let parsed = try FeedParser.parse(Data(atom.utf8))
    #expect(parsed.author == "Bo")
    let entry = try #require(parsed.items.first)
    #expect(entry.enclosures.map(\.url) == ["https://h/big.jpg"])
    #expect(entry.inlineImages.map(\.url) == ["https://h/small.jpg"])
    #expect(
      entry.inlineImages.first?.width == 240 && entry.inlineImages.first?.link == "https://h/p")
  }

  @Test("a later summary source is read for pictures while the item has none")
  func laterSource() throws {
    let xml = """
      <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
      <item><description>An excerpt &lt;img src="https://pixel.wp.com/b.gif" width="1" height="1"&gt;</description>
      <content:encoded><![CDATA[<p>All of it</p><img src="https://h/art.jpg">]]></content:encoded></item>
      </channel></rss>
      """
    let item = try #require(try FeedParser.parse(Data(xml.utf8)).items.first)
    #expect(item.summary == "An excerpt")
    #expect(item.inlineImages.map(\.url) == ["https://pixel.wp.com/b.gif", "https://h/art.jpg"])
  }

  @Test("JSON Feed 1.1: items, images, attachments, authors, banner only when nothing else")
  func jsonFeed() throws {
    let json = #"""
      {"version": "https://jsonfeed.org/version/1.1", "title": "Ann's sketchbook",
       "home_page_url": "https://ann.example/", "next_url": "https://ann.example/feed2.json",
       "authors": [{"name": "Ann Heron", "url": "https://ann.example/"}],
       "items": [
        {"id": "1", "url": "https://ann.example/1", "title": "Heron",
         "content_html": "<p>Ink <b>heron</b></p><img src=\"https://ann.example/h.jpg\" alt=\"A heron\">",
         "date_published": "2026-11-20T10:00:00+01:00", "tags": ["ink", "heron", "ink"],
         "image": "https://ann.example/h-640.jpg",
         "attachments": [{"url": "https://ann.example/h.png", "mime_type": "image/png", "title": "Scan"},
                         {"url": "https://ann.example/talk.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 9}]},
        {"id": 2, "content_text": "Only a banner", "banner_image": "https://ann.example/b.jpg",
         "author": {"name": "Bo"}},
        {"id": "3", "content_text": "Text", "banner_image": "https://ann.example/b.jpg",
         "image": "https://ann.example/i.jpg"},
        "not an item"]}
      """#
    let feed = try FeedParser.parse(Data(json.utf8))
    #expect(feed.format == .json && feed.title == "Ann's sketchbook")
    #expect(feed.link == "https://ann.example/" && feed.author == "Ann Heron")
    #expect(feed.nextLink == "https://ann.example/feed2.json")
    #expect(feed.items.count == 3)
    let first = feed.items[0]
    #expect(first.guid == "1" && first.link == "https://ann.example/1" && first.title == "Heron")
    #expect(first.summary == "Ink heron" && first.categories == ["ink", "heron"])
    #expect(first.published == Date(timeIntervalSince1970: 1_795_165_200))
    #expect(first.inlineImages.map(\.url) == ["https://ann.example/h.jpg"])
    #expect(
      first.contents.map(\.url) == ["https://ann.example/h-640.jpg", "https://ann.example/h.png"])
    #expect(first.contents.map(\.alt) == [nil, "Scan"])
    #expect(first.enclosures.map(\.url) == ["https://ann.example/talk.mp3"])
    #expect(feed.items[1].guid == "2" && feed.items[1].author == "Bo")
    #expect(feed.items[1].contents.map(\.url) == ["https://ann.example/b.jpg"])
    #expect(feed.items[2].contents.map(\.url) == ["https://ann.example/i.jpg"])
    // Batches hand the whole JSON Feed over at its end, like any feed.
    var batched: [FeedItem] = []
    _ = try FeedParser.parse(Data(json.utf8)) { batched += $0.items }
    #expect(batched == feed.items)
  }
}
