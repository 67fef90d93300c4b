import Foundation
import Testing

@testable import FeedModel

@Suite("Refresh summary")
struct RefreshSummaryTests {
  static let then = Date(timeIntervalSince1970: 1_700_000_000)
  static let source = "http://feeds.example/a.rss"
  static let cached = FeedState.cached(
    fetchedAt: then, reason: source + ": connection refused by feeds.example")

  @Test("every feed fetched: one line, singular for one feed, exit 0")
  func allFetched() {
    #expect(RefreshSummary([.fresh, .local, .fresh]).line == "Refreshed 3 feeds")
    #expect(RefreshSummary([.fresh]).line == "Refreshed 1 feed")
    #expect(RefreshSummary([.fresh]).line(naming: "North") == "Refreshed “North”")
    #expect(RefreshSummary([.fresh, .local]).exitCode == 0)
    #expect(!RefreshSummary([.fresh]).isFailure)
  }

  @Test("none fetched, cached copies shown: the address said once, not per feed; exit 69")
  func noneFetched() {
    let summary = RefreshSummary(
      [Self.cached, Self.cached, Self.cached], sources: [Self.source, Self.source, Self.source])
    #expect(
      summary.line
        == "Refresh failed: 3 feeds could not be fetched (connection refused by feeds.example); "
        + "showing cached copies")
    #expect(summary.exitCode == 69)
    let one = RefreshSummary([Self.cached], sources: [Self.source])
    #expect(
      one.line
        == "Refresh failed: 1 feed could not be fetched (connection refused by feeds.example); "
        + "showing its cached copy")
    #expect(RefreshSummary([.failed("HTTP 500"), .failed("HTTP 500")]).exitCode == 69)
  }

  @Test("some fetched: how many of how many, what is shown instead, exit 75")
  func someFetched() {
    let summary = RefreshSummary([.fresh, .failed("HTTP 500"), Self.cached])
    #expect(
      summary.line
        == "Refresh incomplete: 2 of 3 feeds could not be fetched (HTTP 500, and others); "
        + "1 shown from the cache, 1 with nothing cached")
    #expect(summary.exitCode == 75)
    #expect(
      RefreshSummary([.fresh, .failed("HTTP 500")]).line
        == "Refresh incomplete: 1 of 2 feeds could not be fetched (HTTP 500); "
        + "nothing cached to show")
  }

  @Test("a copy fetched but not saved: exit 73, unless nothing was fetched at all")
  func unsaved() {
    let summary = RefreshSummary([.fresh, .unsaved("No space left on device")])
    #expect(
      summary.line
        == "Refresh incomplete: 1 of 2 feeds fetched but not saved in the cache "
        + "(No space left on device)")
    #expect(summary.exitCode == 73)
    #expect(RefreshSummary([.unsaved("full"), .failed("HTTP 500")]).exitCode == 73)
    #expect(RefreshSummary([.failed("HTTP 500")]).exitCode == 69)
  }

  @Test("a feed's line says its address once")
  func stateSummaryWithoutSource() {
    #expect(
      Self.cached.summary(now: Self.then, source: Self.source)
        == "cached just now: connection refused by feeds.example")
    #expect(FeedState.failed("HTTP 500").summary(source: Self.source) == "error: HTTP 500")
  }
}
