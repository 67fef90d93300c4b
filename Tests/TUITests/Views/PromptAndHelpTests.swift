import FeedCore
import Testing

@testable import TUI

@Suite("The search prompt and the help overlay")
struct PromptAndHelpTests {
  @Test("arrows move the prompt's cursor; typing and Backspace work where it is")
  func promptCursor() {
    var state = Fixtures.state()
    state.press(.character("/"))
    state.type("bb")
    state.press(.left)
    state.type("o")
    #expect(state.prompt == "bob")
    state.press(.home)
    state.type("x")
    state.press(.end, .backspace)
    #expect(state.prompt == "xbo")
    state.press(.control("a"), .right, .backspace)
    #expect(state.prompt == "bo")
    #expect(state.render().lines.last?.hasPrefix("Artist: ▏bo") == true)
    state.press(.control("e"))
    #expect(state.render().lines.last?.hasPrefix("Artist: bo▏") == true)
    state.type(" z")
    state.press(.control("w"))
    #expect(state.prompt == "bo ")
  }

  @Test("Up and Down in the prompt move through the results while typing")
  func promptMovesResults() {
    var state = Fixtures.state()
    state.press(.character("/"))
    state.type("ann")
    #expect(state.list.title == "Artist: ann")
    state.press(.down, .down)
    #expect(state.list.selection == 2)
    #expect(state.prompt == "ann", "the keys did not type")
    state.press(.up)
    #expect(state.list.selection == 1)
  }

  @Test("a search's message does not outlive Esc")
  func messageClearedByEsc() {
    var state = Fixtures.state()
    state.press(.character("/"))
    state.type("nobody")
    #expect(state.screenText.contains("No items by an artist matching"))
    state.press(.escape)
    #expect(!state.screenText.contains("No items"))
    state.press(.character("/"))
    state.type("nobody")
    state.press(.enter)
    #expect(state.render().lines.last?.contains("No items by an artist matching") == true)
    state.press(.escape)
    #expect(state.status == nil)
    #expect(!state.screenText.contains("No items"))
  }

  @Test("help fits, or scrolls with j/k at small sizes; every line fits the screen, wrapped")
  func helpScrolls() {
    var big = Fixtures.state(width: 100, height: 40)
    big.press(.character("?"))
    #expect(HelpOverlay.maxTop(width: 100, height: 40) == 0)
    big.press(.character("j"))
    #expect(!big.showsHelp, "when it fits, any key closes it")

    var small = Fixtures.state(width: 40, height: 12)
    small.press(.character("?"))
    let first = small.render().lines
    #expect(first.joined().contains("j/k: more"))
    small.press(.character("j"), .character("j"))
    #expect(small.showsHelp)
    let scrolled = small.render().lines
    #expect(scrolled != first)
    for line in scrolled { #expect(line.count <= 40) }
    // A line too wide for the box: its keys on a line, what they do wrapped under them.
    #expect(scrolled.contains { $0.contains("│   previous item / scroll up") }, "\(scrolled)")
    #expect(!scrolled.joined().contains("…"), "nothing is cut")
    for _ in 0..<20 { small.press(.pageDown) }
    #expect(small.render().lines.joined().contains("Press q or Esc to close."))
    small.press(.character("q"))
    #expect(!small.showsHelp)
  }
}
