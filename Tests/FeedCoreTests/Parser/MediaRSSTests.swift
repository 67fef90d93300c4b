import Testing

@testable import FeedCore

@Suite("Media RSS elements")
struct MediaRSSTests {
  @Test("media:content keeps url, medium, type, width and height, in document order")
  func content() throws {
    let item = try rssItem(
      """
      <media:content url="https://x/a.jpg" medium="image" type="image/jpeg" width="730" height="1095"/>
      <media:content url="https://x/b.mp4" medium="video" width="wide" height=" 480 "/>
      <media:content medium="image"/>
      """)
    #expect(
      item.contents == [
        MediaContent(
          url: "https://x/a.jpg", medium: "image", type: "image/jpeg", width: 730, height: 1095),
        MediaContent(url: "https://x/b.mp4", medium: "video", width: nil, height: 480),
      ])
  }

  @Test("media:thumbnail keeps every thumbnail with its size, in document order")
  func thumbnails() throws {
    let item = try rssItem(
      """
      <media:thumbnail url="https://x/150.jpg" width="100" height="150"/>
      <media:thumbnail url="https://x/300.jpg?a=1&amp;b=2" width="300" height="450"/>
      <media:thumbnail>https://x/text-url.jpg</media:thumbnail>
      <media:thumbnail width="1"/>
      """)
    #expect(
      item.thumbnails == [
        MediaThumbnail(url: "https://x/150.jpg", width: 100, height: 150),
        MediaThumbnail(url: "https://x/300.jpg?a=1&b=2", width: 300, height: 450),
        MediaThumbnail(url: "https://x/text-url.jpg"),
      ])
  }

  @Test("media:credit keeps role, scheme and name; empty credits are skipped")
  func credits() throws {
    let item = try rssItem(
      """
      <media:credit role="author" scheme="urn:ebu">art0fCK</media:credit>
      <media:credit role="author" scheme="urn:ebu">https://a.deviantart.net/avatars/a.jpg?2</media:credit>
      <media:credit>  </media:credit>
      <media:credit scheme="urn:ebu">Photograph: Someone</media:credit>
      """)
    #expect(
      item.credits == [
        MediaCredit(role: "author", scheme: "urn:ebu", name: "art0fCK"),
        MediaCredit(
          role: "author", scheme: "urn:ebu", name: "https://a.deviantart.net/avatars/a.jpg?2"),
        MediaCredit(role: nil, scheme: "urn:ebu", name: "Photograph: Someone"),
      ])
    #expect(item.author == "art0fCK")
  }

  @Test(
    "the author comes from a credit with an author-like role, any case",
    arguments: ["author", "Artist", "OWNER", "photographer", "creator"])
  func authorRoles(role: String) throws {
    let item = try rssItem(
      """
      <dc:creator>Dublin</dc:creator>
      <media:credit role="editor">Ed</media:credit>
      <media:credit role="\(role)">Credited</media:credit>
      """)
    #expect(item.author == "Credited")
  }

  @Test("without an author-like credit the author is dc:creator, then <author>")
  func authorFallbacks() throws {
    let credited = try rssItem(
      "<media:credit role=\"editor\">Ed</media:credit><dc:creator>Dublin Core</dc:creator>")
    #expect(credited.author == "Dublin Core")
    let email = try rssItem("<author>nobody@flickr.com (kebernet)</author>")
    #expect(email.author == "kebernet")
    let angle = try rssItem("<author>Jane Doe &lt;jane@example.com&gt;</author>")
    #expect(angle.author == "Jane Doe")
    let bare = try rssItem("<author>jane@example.com</author>")
    #expect(bare.author == "jane@example.com")
  }

  @Test("media:title, media:description and media:text, plain and html")
  func texts() throws {
    let item = try rssItem(
      """
      <media:title type="plain">A &amp;lt;b&amp;gt; title</media:title>
      <media:description type="html">Line one&lt;br/&gt;&lt;b&gt;two&lt;/b&gt; &amp;amp; more</media:description>
      <media:text type="plain">First line
      second   line</media:text>
      """)
    #expect(item.mediaTitle == "A &lt;b&gt; title")
    #expect(item.mediaDescription == "Line one\ntwo & more")
    #expect(item.mediaText == "First line\nsecond line")
  }

  @Test("media:keywords is a comma list; empty keywords are an empty list")
  func keywords() throws {
    let item = try rssItem("<media:keywords> kitty, cat ,, big dog ,</media:keywords>")
    #expect(item.mediaKeywords == ["kitty", "cat", "big dog"])
    let empty = try rssItem("<media:keywords></media:keywords>")
    #expect(empty.mediaKeywords == [])
  }

  @Test("media:rating, media:copyright and media:category")
  func ratingCopyrightCategory() throws {
    let item = try rssItem(
      """
      <category>Art &amp;amp; Design</category>
      <media:rating scheme="urn:simple">adult</media:rating>
      <media:copyright url="https://x">Copyright 2017 someone</media:copyright>
      <media:category label="Nude">photography/people/nude</media:category>
      <category>Art &amp; Design</category>
      """)
    #expect(item.rating == "adult")
    #expect(item.copyright == "Copyright 2017 someone")
    #expect(item.categories == ["Art & Design", "photography/people/nude"])
  }

  @Test(
    "Media RSS is recognised by namespace URI under any prefix",
    arguments: [
      "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss",
      "https://search.yahoo.com/mrss/", "http://www.rssboard.org/media-rss",
    ])
  func namespaces(uri: String) throws {
    let feed = try parse(
      """
      <rss version="2.0" xmlns:m="\(uri)"><channel><item>
        <m:title>Titled</m:title><m:thumbnail url="https://x/t.jpg"/>
        <m:content url="https://x/c.mp3" medium="audio"/>
      </item></channel></rss>
      """)
    let item = try #require(feed.items.first)
    #expect(item.mediaTitle == "Titled")
    #expect(item.thumbnails.map(\.url) == ["https://x/t.jpg"])
    #expect(item.contents.map(\.medium) == ["audio"])
  }

  @Test("a default-namespace Media RSS element and an unrelated `media:` prefix")
  func prefixIsNotTheNamespace() throws {
    let feed = try parse(
      """
      <rss version="2.0" xmlns:media="http://example.com/not-media"><channel><item>
        <media:title>Not Media RSS</media:title>
        <thumbnail xmlns="http://search.yahoo.com/mrss/" url="https://x/t.jpg"/>
      </item></channel></rss>
      """)
    let item = try #require(feed.items.first)
    #expect(item.mediaTitle == nil)
    #expect(item.thumbnails.map(\.url) == ["https://x/t.jpg"])
  }

  @Test("inside media:group and media:content: lists collect all, scalars take the shallowest")
  func groupAndNesting() throws {
    let item = try rssItem(
      """
      <media:group>
        <media:title>group title</media:title>
        <media:content url="https://x/1.mp4" medium="video">
          <media:title>content title</media:title>
          <media:description>content description</media:description>
          <media:thumbnail url="https://x/inner.jpg"/>
          <media:credit role="author">Inner</media:credit>
          <media:rating>nonadult</media:rating>
        </media:content>
        <media:thumbnail url="https://x/group.jpg"/>
        <media:description>group description</media:description>
      </media:group>
      <media:title>item title</media:title>
      """)
    #expect(item.mediaTitle == "item title")
    #expect(item.mediaDescription == "group description")
    #expect(item.rating == "nonadult")
    #expect(item.thumbnails.map(\.url) == ["https://x/inner.jpg", "https://x/group.jpg"])
    #expect(item.contents.map(\.url) == ["https://x/1.mp4"])
    #expect(item.author == "Inner")
  }

  @Test("media:content without url is skipped but its children still count")
  func contentWithoutURL() throws {
    let item = try rssItem(
      """
      <media:content>
        <media:player url="https://player"/>
        <media:thumbnail url="https://x/t.jpg"/>
        <media:credit role="author">Vimeo User</media:credit>
      </media:content>
      """)
    #expect(item.contents.isEmpty)
    #expect(item.thumbnails.map(\.url) == ["https://x/t.jpg"])
    #expect(item.author == "Vimeo User")
  }

  @Test("channel-level media elements are not copied into items")
  func noChannelDefaults() throws {
    let feed = try parse(
      """
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
        <media:rating>adult</media:rating><media:copyright>C</media:copyright>
        <item><title>x</title></item>
      </channel></rss>
      """)
    let item = try #require(feed.items.first)
    #expect(item.rating == nil)
    #expect(item.copyright == nil)
  }
}
