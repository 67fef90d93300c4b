import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// What a newcomer sees first in an item and in a load they stop (issue 31).
  @Suite("The item view and a cancelled load")
  struct ItemViewTests {
    @Test("the item view: the title bar names the item, its title is on top, then the picture")
    func titleOnTop() throws {
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter("\"$ARTFEED\" --no-images; echo EXIT=$?")
      let list = try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      try tmux.send("Enter")
      let item = try tmux.waitFor("the item") { $0.last?.contains("j/k scroll") == true }
      // The first row's title: the words right of its box, up to the next run of blanks.
      let row = try #require(list.dropFirst().first { $0.contains("┐") })
      let right = row.split(separator: "┐").last.map(String.init) ?? ""
      let title = right.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
      #expect(!title.isEmpty)
      #expect(item[0].hasPrefix(" " + title) && !item[0].contains("Popular"), "\(item[0])")
      #expect(item[1].hasPrefix("  " + title + " "), "\(item[1])")
      #expect(item[2].contains("┌"), "the picture's box under the title: \(item[2])")
      try tmux.send("q", "q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test("Esc while a feed loads: the list says it was not loaded, not that the feed is empty")
    func cancelledLoad() throws {
      let server = try TestServer()
      defer { server.stop() }
      let tmux = try Tmux.shell(width: 100, height: 12)
      try tmux.enter(
        "\"$ARTFEED\" '\(server.url("/trickle?interval=0.5").absoluteString)'; echo EXIT=$?")
      try tmux.waitFor("the load under way") { $0.joined().contains("Loading…") }
      try tmux.send("Escape")
      let cancelled = try tmux.waitFor("the cancel") {
        $0.last?.contains("Cancelled (r loads again)") == true
      }
      #expect(!cancelled.joined().contains("This feed has no items."), "\(cancelled)")
      #expect(
        cancelled.joined().contains("Not loaded: the load was cancelled. Press r to load it."))
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
    }
  }
}
