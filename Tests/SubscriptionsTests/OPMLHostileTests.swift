import Foundation
import TestSupport
import Testing

@testable import Subscriptions

/// OPML that tries to reach out: external DTDs and entities load nothing.
@Suite("OPML hostile input", .serialized, .timeLimit(.minutes(1)))
struct OPMLHostileTests {
  @Test("an external DTD is not fetched: the server sees no request")
  func externalDTD() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let dtd = server.url("/files/opml.dtd").absoluteString
    let input = """
      <?xml version="1.0"?>
      <!DOCTYPE opml SYSTEM "\(dtd)">
      <opml version="2.0"><body><outline text="A" xmlUrl="https://a.example/"/></body></opml>
      """
    let feeds = try OPMLReader.feeds(in: Data(input.utf8))
    #expect(feeds.map(\.xmlURL) == ["https://a.example/"])
    #expect(try await server.requests().isEmpty)
  }

  @Test("an entity no one declared is an error, not a crash or a lookup")
  func undeclaredEntity() {
    let input = """
      <opml version="2.0"><body><outline text="A&nbsp;B" xmlUrl="https://a.example/"/></body></opml>
      """
    #expect(throws: SubscriptionError.self) { try OPMLReader.feeds(in: Data(input.utf8)) }
  }

  @Test("deep nesting and long attributes are read without trouble")
  func deep() throws {
    let depth = 200
    let long = String(repeating: "x", count: 100_000)
    var input = "<opml><body>"
    input += String(repeating: "<outline text=\"f\">", count: depth)
    input += "<outline text=\"\(long)\" xmlUrl=\"https://a.example/\"/>"
    input += String(repeating: "</outline>", count: depth) + "</body></opml>"
    let feeds = try OPMLReader.feeds(in: Data(input.utf8))
    #expect(feeds.first?.folders.count == depth && feeds.first?.title?.count == long.count)
  }
}
