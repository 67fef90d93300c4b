import Foundation
import Testing

extension EndToEnd {
  /// The browser on bad input, in a real terminal.
  @Suite("Browsing what is not a feed")
  struct BrowseNotAFeedTests {
    @Test("browsing an HTML page fails as parse does: one line, exit 65, terminal restored")
    func htmlPage() throws {
      let scratch = try Scratch()
      let page = scratch.path("page.html")
      try Data(CommandLineTests.htmlPage.utf8).write(to: URL(fileURLWithPath: page))
      let tmux = try Tmux.shell(width: 100, height: 20)
      try tmux.enter("\"$ARTFEED\" \(page); echo EXIT=$?")
      let screen = try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
      #expect(screen.contains("EXIT=65"))
      let text = screen.joined().filter { $0 != " " }
      #expect(text.contains("artfeed:\(page):theinputisanHTMLpage"), "\(screen)")
      #expect(try !tmux.isAlternateScreenOn())
    }

    @Test("TERM=dumb says why it cannot run instead of a blank screen")
    func dumbTerminal() throws {
      let tmux = try Tmux.shell(width: 100, height: 20)
      try tmux.enter("TERM=dumb \"$ARTFEED\"; echo EXIT=$?")
      let screen = try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
      #expect(screen.contains("EXIT=74"))
      #expect(screen.joined().contains("TERM=dumb cannot move the cursor"))
    }
  }
}
