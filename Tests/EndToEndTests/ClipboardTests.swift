import ArtfeedResources
import FeedCore
import Foundation
import Testing

extension EndToEnd {
  /// `y`: the item's link on the terminal's clipboard through OSC 52, which tmux keeps as a
  /// paste buffer when `set-clipboard` is on.
  @Suite("Copying the link")
  struct ClipboardTests {
    @Test("y copies the selected item's link, and the status line says so")
    func copy() throws {
      let popular = try #require(BundledFeeds.popular)
      let first = try #require(try FeedParser.parse(contentsOf: popular).items.first?.link)
      let tmux = try Tmux.browser(width: 100, height: 30, arguments: ["--bundled", "--no-images"])
      try tmux.run(["set-option", "-g", "set-clipboard", "on"])
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      try tmux.send("y")
      let screen = try tmux.waitFor("the status line") { $0.last?.contains("Copied:") == true }
      #expect(screen.last?.contains(String(first.prefix(40))) == true, "\(screen.last ?? "")")
      let buffer = try tmux.run(["show-buffer"])
      #expect(buffer == first, "the paste buffer holds \(buffer)")
      try tmux.send("q")
    }
  }
}
