import FeedCore
import Testing

@testable import TUI

@Suite("Links")
struct LinkOpenerTests {
  @Test("only http(s) links without controls or spaces are opened")
  func safety() {
    #expect(LinkOpener.safeURL("https://example.com/a?b=c") == "https://example.com/a?b=c")
    #expect(LinkOpener.safeURL("file:///etc/passwd") == nil)
    #expect(LinkOpener.safeURL("--help") == nil)
    #expect(LinkOpener.safeURL("https://x\u{1B}]0;evil\u{7}") == nil)
    #expect(LinkOpener.safeURL("https://a b") == nil)
  }

  @Test("every BROWSER entry is tried in order, then xdg-open; terminal browsers are known")
  func candidates() {
    #expect(
      LinkOpener.candidates(for: "https://u", browser: "nope %s:w3m:/opt/lynx -dump") == [
        ["nope", "https://u"], ["w3m", "https://u"], ["/opt/lynx", "-dump", "https://u"],
        ["xdg-open", "https://u"],
      ])
    #expect(LinkOpener.candidates(for: "https://u", browser: "::") == [["xdg-open", "https://u"]])
    #expect(LinkOpener.isTerminalBrowser(["/opt/lynx", "-dump"]))
    #expect(LinkOpener.isTerminalBrowser(["w3m"]))
    #expect(!LinkOpener.isTerminalBrowser(["firefox"]))
  }

  @Test("BROWSER is an argument vector, %s replaced, xdg-open by default")
  func command() {
    #expect(LinkOpener.command(for: "https://u", browser: nil) == ["xdg-open", "https://u"])
    #expect(
      LinkOpener.command(for: "https://u", browser: "firefox --new-tab:lynx") == [
        "firefox", "--new-tab", "https://u",
      ])
    #expect(LinkOpener.command(for: "https://u", browser: "w3m %s") == ["w3m", "https://u"])
    #expect(
      LinkOpener.command(for: "https://u; rm -rf /", browser: "sh") == [
        "sh", "https://u; rm -rf /",
      ])
  }
}
