import Foundation
import Testing

@testable import FeedCore

@Suite("Dates")
struct FeedDateTests {
  static let cases: [(text: String, utc: String)] = [
    ("Wed, 02 Oct 2002 13:00:00 GMT", "2002-10-02T13:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 +0000", "2002-10-02T13:00:00Z"),
    ("Tue, 28 Mar 2017 03:37:53 PDT", "2017-03-28T10:37:53Z"),
    ("Sun, 19 Nov 2017 12:00:00 PST", "2017-11-19T20:00:00Z"),
    ("Sat, 23 Jan 2016 15:40:37 EST", "2016-01-23T20:40:37Z"),
    ("Sat, 23 Jan 2016 15:40:37 CDT", "2016-01-23T20:40:37Z"),
    ("Mon, 01 Jan 2018 09:00:00 +0900", "2018-01-01T00:00:00Z"),
    ("Mon, 01 Jan 2018 09:00:00 -05:30", "2018-01-01T14:30:00Z"),
    ("02 Oct 2002 13:00:00 GMT", "2002-10-02T13:00:00Z"),
    ("Wed, 02 Oct 02 13:00:00 GMT", "2002-10-02T13:00:00Z"),
    ("Wed, 02 Oct 99 13:00:00 GMT", "1999-10-02T13:00:00Z"),
    ("Wed, 02 Oct 2002 13:00 GMT", "2002-10-02T13:00:00Z"),
    ("Wed, 2 Oct 2002 13:00:00 UT", "2002-10-02T13:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 Z", "2002-10-02T13:00:00Z"),
    ("Wednesday, 02 October 2002 13:00:00 GMT", "2002-10-02T13:00:00Z"),
    ("Wed, 02 Sept 2002 13:00:00 GMT", "2002-09-02T13:00:00Z"),
    ("Jan 23, 2016 15:40:37 GMT", "2016-01-23T15:40:37Z"),
    ("wed, 02 oct 2002 13:00:00 gmt", "2002-10-02T13:00:00Z"),
    ("Wed, 02 Oct 2002", "2002-10-02T00:00:00Z"),
    ("  Wed, 02 Oct 2002 13:00:00 GMT  ", "2002-10-02T13:00:00Z"),
    ("2002-10-02T13:00:00Z", "2002-10-02T13:00:00Z"),
    ("2002-10-02T13:00:00.123Z", "2002-10-02T13:00:00Z"),
    ("2002-10-02T13:00:00.999999+02:00", "2002-10-02T11:00:00Z"),
    ("2023-07-23T17:57:55+00:00", "2023-07-23T17:57:55Z"),
    ("2002-10-02T15:00:00-0100", "2002-10-02T16:00:00Z"),
    ("2002-10-02t13:00:00z", "2002-10-02T13:00:00Z"),
    ("2002-10-02 13:00:00", "2002-10-02T13:00:00Z"),
    ("2002-10-02T13:00Z", "2002-10-02T13:00:00Z"),
    ("2002-10-02", "2002-10-02T00:00:00Z"),
    ("2020/1/10 14:33:00", "2020-01-10T14:33:00Z"),
    ("2016-02-29T00:00:00Z", "2016-02-29T00:00:00Z"),
    ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
  ]

  @Test("reads dates as UTC", arguments: cases)
  func reads(text: String, utc: String) {
    #expect(stamp(FeedDate.parse(text)) == utc)
  }

  @Test(
    "unparseable dates are nil",
    arguments: [
      "", "yesterday", "2002-13-01T00:00:00Z", "2017-02-29T00:00:00Z", "Wed, 32 Oct 2002",
      "Wed, 02 Foo 2002 13:00:00 GMT", "2002-10-02T25:00:00Z", "13:00:00", "2002-10-02Tjunk",
    ])
  func unparseable(text: String) {
    #expect(FeedDate.parse(text) == nil)
  }

  @Test("an unparseable pubDate leaves published nil and is no error")
  func unparseableInFeed() throws {
    let item = try rssItem("<title>x</title><pubDate>sometime soon</pubDate>")
    #expect(item.published == nil)
  }

  @Test("pubDate wins over dc:date, and dc:date over Atom updated")
  func datePriority() throws {
    let item = try rssItem(
      "<dc:date>2001-01-01T00:00:00Z</dc:date><pubDate>Wed, 02 Oct 2002 13:00:00 GMT</pubDate>")
    #expect(stamp(item.published) == "2002-10-02T13:00:00Z")
    let entry = try atomEntry(
      "<updated>2005-01-01T00:00:00Z</updated><published>2004-01-01T00:00:00Z</published>")
    #expect(stamp(entry.published) == "2004-01-01T00:00:00Z")
    let updatedOnly = try atomEntry("<updated>2005-01-01T00:00:00Z</updated>")
    #expect(stamp(updatedOnly.published) == "2005-01-01T00:00:00Z")
  }
}
