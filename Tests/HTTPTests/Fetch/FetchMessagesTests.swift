import Foundation
import Testing

@testable import FeedModel
@testable import HTTP

/// The wording and parsing helpers of the fetch policy.
@Suite("FetchMessages")
struct FetchMessagesTests {
  @Test("Retry-After reads delta-seconds and HTTP-dates; garbage and absence are nil")
  func retryAfter() {
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 GMT
    #expect(FetchMessages.retryAfter("120", now: now) == 120)
    #expect(FetchMessages.retryAfter(" 7 ", now: now) == 7)
    #expect(FetchMessages.retryAfter("Wed, 18 Nov 2026 11:16:40 GMT", now: now) == 600)
    #expect(FetchMessages.retryAfter("Wed, 18 Nov 2026 10:00:00 GMT", now: now) == 0)
    #expect(FetchMessages.retryAfter("soon", now: now) == nil)
    #expect(FetchMessages.retryAfter(nil, now: now) == nil)
  }

  @Test("sizes, seconds and statuses read naturally")
  func wording() {
    #expect(FetchMessages.bytes(50_000_000) == "50 MB")
    #expect(FetchMessages.bytes(1_500_000) == "1.5 MB")
    #expect(FetchMessages.bytes(2_000) == "2 kB")
    #expect(FetchMessages.bytes(12) == "12 bytes")
    #expect(FetchMessages.number(30) == "30")
    #expect(FetchMessages.number(1.5) == "1.5")
    #expect(FetchMessages.status(404) == "HTTP 404 Not Found")
    #expect(FetchMessages.status(599) == "HTTP 599")
  }

  @Test("a plain LoadError is an unavailable one and prints its line")
  func plainLoadError() {
    let error = LoadError("x: refused")
    #expect(error.kind == .unavailable)
    #expect(error.description == "x: refused")
  }
}
