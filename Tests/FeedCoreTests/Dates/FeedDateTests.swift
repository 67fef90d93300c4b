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

  /// Expected values printed by feedparser 6.0.14 (`feedparser.datetimes._parse_date`; for the
  /// Hungarian and Korean forms its own `_parse_date_hungarian`/`_onblog`/`_nate`, which its
  /// W3DTF handler shadows there: it reads `2004-július-13T9:15-05:00` as 2004-11-01).
  static let feedparserCases: [(text: String, utc: String)] = [
    ("Wed, 02 Oct 2002 13:00:00 AT", "2002-10-02T17:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 ET", "2002-10-02T18:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 CT", "2002-10-02T19:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 MT", "2002-10-02T20:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 PT", "2002-10-02T21:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 AST", "2002-10-02T17:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 ADT", "2002-10-02T16:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 A", "2002-10-02T14:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 N", "2002-10-02T12:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 M", "2002-10-03T01:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 Y", "2002-10-02T01:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 B", "2002-10-02T13:00:00Z"),
    ("Wed, 02 Oct 2002 13:00:00 J", "2002-10-02T13:00:00Z"),
    ("Κυρ, 11 Ιούλ 2004 12:00:00 EST", "2004-07-11T17:00:00Z"),
    ("Τετ, 02 Οκτ 2002 13:00:00 GMT", "2002-10-02T13:00:00Z"),
    ("Δευ, 31 Μαϊ 2004 01:02:03 +0200", "2004-05-30T23:02:03Z"),
    ("Παρ, 10 Δεκ 2004 01:02:03 GMT", "2004-12-10T01:02:03Z"),
    ("2004-július-13T9:15-05:00", "2004-07-13T14:15:00Z"),
    ("2004-október-05T23:59+01:00", "2004-10-05T22:59:00Z"),
    ("2004-máujus-05T10:00+01:00", "2004-05-05T09:00:00Z"),
    ("2004-februári-29T10:00+01:00", "2004-02-29T09:00:00Z"),
    ("2004년 05월 28일 01:31:15", "2004-05-27T16:31:15Z"),
    ("2004-05-25 오후 11:23:17", "2004-05-25T14:23:17Z"),
    ("2004-05-25 오전 11:23:17", "2004-05-25T02:23:17Z"),
  ]

  @Test("reads what feedparser reads, as feedparser does", arguments: feedparserCases)
  func feedparser(text: String, utc: String) {
    #expect(stamp(FeedDate.parse(text)) == utc)
  }

  /// feedparser reads `PM` as an unknown zone (UTC) and keeps the hour: `01:00:00 PM GMT` is
  /// 01:00 there. We read the 12-hour clock; 12 AM is midnight, 12 PM noon.
  static let twelveHourCases: [(text: String, utc: String)] = [
    ("Wed, 02 Oct 2002 01:00:00 PM GMT", "2002-10-02T13:00:00Z"),
    ("Wed, 02 Oct 2002 1:05 pm EST", "2002-10-02T18:05:00Z"),
    ("Wed, 02 Oct 2002 12:30 AM", "2002-10-02T00:30:00Z"),
    ("Wed, 02 Oct 2002 12:30 PM", "2002-10-02T12:30:00Z"),
    ("Wed, 02 Oct 2002 11:59:59 PM", "2002-10-02T23:59:59Z"),
    ("Oct 2, 2002 1:00PM PT", "2002-10-02T21:00:00Z"),
    ("2002-10-02 01:00:00 PM", "2002-10-02T13:00:00Z"),
    ("2002-10-02 01:00 PM -05:00", "2002-10-02T18:00:00Z"),
    ("2002-10-02 01:00:00 AM Z", "2002-10-02T01:00:00Z"),
    ("2004-05-25 오후 12:23:17", "2004-05-25T03:23:17Z"),
    ("Wednesday, October 2, 2002 at 1:00 PM", "2002-10-02T13:00:00Z"),
  ]

  @Test("a 12-hour clock with AM/PM", arguments: twelveHourCases)
  func twelveHour(text: String, utc: String) {
    #expect(stamp(FeedDate.parse(text)) == utc)
  }

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
