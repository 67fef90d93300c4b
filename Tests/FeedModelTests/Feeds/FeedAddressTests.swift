import FeedCore
import Foundation
import Testing

@testable import FeedModel

@Suite("Feed addresses")
struct FeedAddressTests {
  @Test("a SOURCE is stdin, a web address, a file URL or a path")
  func kinds() throws {
    #expect(try FeedAddress(argument: "-") == .standardInput)
    #expect(
      try FeedAddress(argument: "https://example.org/feed.xml")
        == .web(URL(string: "https://example.org/feed.xml")!))
    #expect(
      try FeedAddress(argument: "HTTP://example.org/") == .web(URL(string: "HTTP://example.org/")!))
    #expect(try FeedAddress(argument: "feeds/a.rss") == .file(URL(fileURLWithPath: "feeds/a.rss")))
    #expect(
      try FeedAddress(argument: "file:///tmp/a.rss") == .file(URL(fileURLWithPath: "/tmp/a.rss")))
  }

  @Test("a web address without a host and other schemes are clear errors")
  func badAddresses() {
    #expect(throws: LoadError(.unreadable, "http://: not a valid web address")) {
      try FeedAddress(argument: "http://")
    }
    #expect(
      throws: LoadError(.unreadable, "ftp://x/feed: only http, https and file addresses are read")
    ) {
      try FeedAddress(argument: "ftp://x/feed")
    }
  }
}
