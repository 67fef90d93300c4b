import FeedCore
import Foundation
import Testing

@testable import FeedArt

/// The picture rule, family by family: each test is a shape feeds use, written small.
@Suite("An item's pictures")
struct ItemArtTests {
  func item(_ xml: String) throws -> FeedItem {
    let document = """
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" \
      xmlns:content="http://purl.org/rss/1.0/modules/content/" \
      xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title>
      <item>\(xml)</item></channel></rss>
      """
    let feed = try FeedParser.parse(Data(document.utf8))
    return try #require(feed.items.first)
  }

  func urls(_ item: FeedItem) -> [String] { ItemArt.pictures(of: item).map(\.full.url) }
  func row(_ item: FeedItem) -> String? { ItemArt.rowCopy(of: item)?.url }

  @Test("avatars, emoji, smileys, tracking pixels and icons are never the art")
  func notArt() throws {
    let wordpress = try item(
      """
      <media:content url="https://0.gravatar.com/avatar/abc?s=96&amp;d=identicon" medium="image">
      <media:title type="html">ann</media:title></media:content>
      <media:content url="https://ann.files.wordpress.com/2026/01/heron.jpg" medium="image"/>
      """)
    #expect(urls(wordpress) == ["https://ann.files.wordpress.com/2026/01/heron.jpg"])
    let decorated = try item(
      """
      <description><![CDATA[<img src="https://h/icons/topic.png" style="width:1rem;height:1rem">
      <img class="emoji" src="https://h/e/1f600.png"> <img src="https://s.w.org/images/core/emoji/15/72x72/1f642.png">
      <img class="wp-smiley" src="https://h/s/smile.gif">
      <img src="https://feeds.feedburner.com/~r/x/~4/abc" height="1" width="1">
      <img src="https://h/art/moth.png" width="800" height="600">]]></description>
      """)
    #expect(urls(decorated) == ["https://h/art/moth.png"])
    let credit = try item(
      """
      <media:credit role="author">ann</media:credit>
      <media:credit role="author">https://a.deviantart.net/avatars/a/n/ann.png</media:credit>
      <media:thumbnail url="https://a.deviantart.net/avatars/a/n/ann.png" width="50" height="50"/>
      <media:thumbnail url="https://h/t/moth-150.jpg" width="150" height="100"/>
      """)
    #expect(urls(credit) == ["https://h/t/moth-150.jpg"])
  }

  @Test("srcset, the link around a thumbnail and an enclosure are larger copies of one picture")
  func largerCopies() throws {
    let wordpress = try item(
      """
      <content:encoded><![CDATA[<a href="https://ann.files.wordpress.com/2026/01/heron.jpg">
      <img src="https://ann.files.wordpress.com/2026/01/heron.jpg?w=640" width="640" height="480"
      srcset="https://ann.files.wordpress.com/2026/01/heron.jpg?w=150 150w, https://ann.files.wordpress.com/2026/01/heron.jpg?w=2048 2048w"></a>]]></content:encoded>
      """)
    #expect(urls(wordpress) == ["https://ann.files.wordpress.com/2026/01/heron.jpg"])
    #expect(row(wordpress) == "https://ann.files.wordpress.com/2026/01/heron.jpg?w=150")
    let flickr = try item(
      """
      <description><![CDATA[<p><a href="https://www.flickr.com/photos/ann/1/"><img src="https://live.staticflickr.com/65535/1_ab_m.jpg" width="240" height="160"></a></p>]]></description>
      <enclosure url="https://live.staticflickr.com/65535/1_ab_b.jpg" type="image/jpeg" length="0"/>
      """)
    #expect(urls(flickr) == ["https://live.staticflickr.com/65535/1_ab_b.jpg"])
    #expect(row(flickr) == "https://live.staticflickr.com/65535/1_ab_m.jpg")
    let srcsetOnly = try item(
      """
      <description><![CDATA[<img src="https://h/a-640.jpg" srcset="https://h/a-640.jpg 640w, https://h/a-2048.jpg 2048w, https://h/a-100.jpg 100w">]]></description>
      """)
    #expect(urls(srcsetOnly) == ["https://h/a-2048.jpg"])
    #expect(row(srcsetOnly) == "https://h/a-100.jpg")
  }

  @Test(
    "a link to a picture is the original of a thumbnail-only picture; an item link that is a picture is one"
  )
  func pictureLinks() throws {
    let reddit = try item(
      """
      <description><![CDATA[<a href="https://www.reddit.com/r/Art/comments/1/x/"><img src="https://b.thumbs.redditmedia.com/abc.jpg" alt="x"></a>
      submitted by <a href="https://www.reddit.com/user/ann">/u/ann</a> <a href="https://i.redd.it/xyz.jpeg">[link]</a>]]></description>
      <media:thumbnail url="https://b.thumbs.redditmedia.com/abc.jpg" width="140" height="140"/>
      """)
    #expect(urls(reddit) == ["https://i.redd.it/xyz.jpeg"])
    #expect(row(reddit) == "https://b.thumbs.redditmedia.com/abc.jpg")
    let lemmy = try item(
      """
      <title>Heron at dusk</title><link>https://lemmy.world/pictrs/image/abc.png</link>
      <description>posted by ann</description>
      """)
    #expect(urls(lemmy) == ["https://lemmy.world/pictrs/image/abc.png"])
    let page = try item("<title>t</title><link>https://h/posts/1</link>")
    #expect(urls(page).isEmpty && !ItemArt.hasPicture(page))
  }

  @Test("a size the feed declares is the copy's size: the address's is not read as well")
  func declaredSizeWins() throws {
    // The address says 16 x 16; the feed says the copy is 600 x 400. `hasPicture` (the
    // cheap answer) and `pictures(of:)` (the whole rule) agree on it.
    let declared = try item(
      """
      <media:thumbnail url="https://h/i/heron-16x16.jpg" width="600" height="400"/>
      """)
    #expect(urls(declared) == ["https://h/i/heron-16x16.jpg"])
    #expect(ItemArt.hasPicture(declared))
    let undeclared = try item("<media:thumbnail url=\"https://h/i/heron-16x16.jpg\"/>")
    #expect(urls(undeclared).isEmpty)
    #expect(!ItemArt.hasPicture(undeclared))
    let partly = try item("<media:thumbnail url=\"https://h/i/heron-16x16.jpg\" width=\"600\"/>")
    #expect(urls(partly) == ["https://h/i/heron-16x16.jpg"])
    #expect(ItemArt.hasPicture(partly))
  }

  @Test("every picture of a post, once, in order; Mastodon's alt text stays the picture's")
  func manyPictures() throws {
    let mastodon = try item(
      """
      <description>&lt;p&gt;Two herons :heron: &lt;img class="custom-emoji" src="https://h/custom_emojis/images/1/heron.png"&gt; #art&lt;/p&gt;</description>
      <media:content url="https://h/media_attachments/files/1/original/a.png" type="image/png" medium="image">
      <media:description type="plain">A heron in reeds</media:description></media:content>
      <media:content url="https://h/media_attachments/files/2/original/b.png" type="image/png" medium="image">
      <media:description type="plain">A heron flying</media:description></media:content>
      """)
    let pictures = ItemArt.pictures(of: mastodon)
    #expect(
      pictures.map(\.full.url) == [
        "https://h/media_attachments/files/1/original/a.png",
        "https://h/media_attachments/files/2/original/b.png",
      ])
    #expect(pictures.map(\.alt) == ["A heron in reeds", "A heron flying"])
    #expect(ItemTitle.shown(mastodon) == ("Two herons :heron:", true))
    #expect(ItemTitle.ownText(mastodon) == "Two herons :heron: #art")
    let tumblr = try item(
      """
      <description><![CDATA[<img src="https://64.media.tumblr.com/a/s500x750/x.jpg"><img src="https://64.media.tumblr.com/b/s500x750/y.jpg"><img src="https://64.media.tumblr.com/a/s1280x1920/x.jpg">]]></description>
      """)
    #expect(ItemArt.pictures(of: tumblr).count == 2)
  }

  @Test("sizes hosts write into addresses")
  func encodedSizes() {
    let cases: [(String, Int?, Int?)] = [
      ("https://a.files.wordpress.com/x-300x200.jpg", 300, 200),
      ("https://a.files.wordpress.com/x.jpg?w=640", 640, nil),
      ("https://live.staticflickr.com/1/2_ab_z.jpg", 640, nil),
      ("https://64.media.tumblr.com/a/s640x960/x.jpg", 640, 960),
      ("https://64.media.tumblr.com/tumblr_ab_500.jpg", 500, nil),
      ("https://w.wixmp.com/f/u/n.jpg/v1/fill/w_150,h_113,q_70/n-150.jpg", 150, 113),
      ("https://secure.gravatar.com/avatar/x?s=96", 96, 96),
      ("https://h/img_2024.jpg", nil, nil),
    ]
    for (address, width, height) in cases {
      let size = PictureAddressRules.size(of: address)
      #expect(size.width == width && size.height == height, "\(address)")
    }
    #expect(
      PictureAddressRules.key(of: "https://h/img_2024.jpg")
        != PictureAddressRules.key(of: "https://h/img_2025.jpg"))
  }
}

@Suite("An item's artist and title")
struct ItemArtistTests {
  @Test("names as people write them")
  func cleaned() {
    #expect(ItemArtist.cleaned("nobody@flickr.com (Ann Heron)") == "Ann Heron")
    #expect(ItemArtist.cleaned("Ann Heron (ann@example.com)") == "Ann Heron")
    #expect(ItemArtist.cleaned("Ann Heron <ann@example.com>") == "Ann Heron")
    #expect(ItemArtist.cleaned("https://lemmy.world/u/annheron") == "annheron")
    #expect(ItemArtist.cleaned("https://mastodon.art/@ann") == "ann")
    #expect(ItemArtist.cleaned("ann@example.com") == nil)
    #expect(ItemArtist.cleaned("  ") == nil)
    #expect(ItemArtist.cleaned("RenéeDraws") == "RenéeDraws")
  }

  @Test("a feed of one person names the artist of items that name none; an aggregate does not")
  func feedPerson() {
    let item = FeedItem(summary: "new piece")
    let cases: [(FeedHead, String?)] = [
      (FeedHead(title: "Ann Heron", link: "https://mastodon.art/@ann"), "Ann Heron"),
      (
        FeedHead(
          title: "@ann.bsky.social - Ann Heron", link: "https://bsky.app/profile/ann.bsky.social"),
        "Ann Heron"
      ),
      (
        FeedHead(title: "Uploads from Ann Heron", link: "https://www.flickr.com/photos/ann/"),
        "Ann Heron"
      ),
      (FeedHead(title: "Ann's sketches", link: "https://annheron.tumblr.com/"), "Ann's sketches"),
      (FeedHead(title: nil, link: nil, address: "https://pixelfed.social/users/ann.atom"), "ann"),
      (FeedHead(title: "Ann", author: "Ann Heron"), "Ann Heron"),
      (FeedHead(title: "r/Art", link: "https://www.reddit.com/r/Art/"), nil),
      (FeedHead(title: "Art - lemmy.world", link: "https://lemmy.world/c/art"), nil),
    ]
    for (head, expected) in cases {
      #expect(ItemArtist.artist(of: item, in: head) == expected, "\(head)")
    }
    var named = item
    named.author = "Bo"
    #expect(ItemArtist.artist(of: named, in: cases[0].0) == "Bo")
  }

  @Test("a title-less post is titled from its own words, never empty, one wording for nothing")
  func derivedTitles() {
    func title(_ summary: String?, alt: String? = nil) -> String {
      var item = FeedItem(summary: summary)
      if let alt {
        item.contents = [MediaContent(url: "https://h/a.png", medium: "image", alt: alt)]
      }
      return ItemTitle.shown(item).text
    }
    #expect(title("@bo @cy Finished the heron. It took a week #art #heron") == "Finished the heron")
    #expect(title("New #watercolor study of moths!\nMore soon") == "New watercolor study of moths!")
    #expect(title("#art #heron") == "art heron")
    #expect(title(nil, alt: "A heron in reeds") == "A heron in reeds")
    #expect(title("   ") == ItemTitle.untitled)
    #expect(title(nil) == ItemTitle.untitled)
    let long = String(repeating: "word ", count: 40)
    let made = title(long)
    #expect(made.count <= ItemTitle.maxDerived && made.hasSuffix("…"))
    #expect(ItemTitle.shown(FeedItem(title: "Heron", summary: "x")) == ("Heron", false))
  }
}
