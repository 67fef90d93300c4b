import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// `artfeed feeds` after fetches: titles once known, tags and `--tag`, the last error, and
  /// "retry in N min" while a server asked to wait.
  @Suite("Feeds listing")
  struct FeedsListingTests {
    @Test("a server that answers 429: feeds says when artfeed will ask again; --tag filters")
    func retryAndTags() throws {
      let home = try SubscriptionCommandTests.Home()
      let server = try TestServer()
      defer { server.stop() }
      #expect(
        try home.run(["add", server.url("/feed.xml").absoluteString, "--tag", "art"]).status == 0)
      #expect(try home.run(["add", server.url("/status/429").absoluteString]).status == 0)
      let refreshed = try home.run(["refresh", "--jobs", "1"])
      #expect(refreshed.status == 75, "\(refreshed.errors)")
      let listed = try home.run(["feeds"]).output.split(separator: "\n").map(String.init)
      #expect(listed.count == 2, "\(listed)")
      // One host: both feeds wait, the fresh one too.
      #expect(listed.allSatisfy { $0.contains("· retry in ") }, "\(listed)")
      #expect(listed[0].contains("Test Feed [art]") && listed[0].hasPrefix("fetched just now"))
      #expect(listed[1].hasPrefix("failed just now") && listed[1].contains("error: HTTP 429"))
      let tagged = try home.run(["feeds", "--tag", "art"]).output
      #expect(tagged.split(separator: "\n").count == 1 && tagged.contains("Test Feed"))
      let none = try home.run(["feeds", "--tag", "nope"]).output
      #expect(none.hasPrefix("no subscriptions tagged “nope”"), "\(none)")
    }
  }
}
