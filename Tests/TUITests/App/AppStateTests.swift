import FeedCore
import Foundation
import Testing
import TextLayout

@testable import TUI

@Suite("App state, headless")
struct AppStateTests {
  @Test("the list shows the title bar, rows, scrollbar and position")
  func listScreen() {
    let state = Fixtures.state()
    let lines = state.render().lines
    #expect(lines.count == 20)
    #expect(lines[0].contains("Test feed · 30 items · offline"))
    #expect(lines.joined().contains("Item number 0 by ann"))
    #expect(lines[19].contains("1/30"))
    #expect(lines[1].hasSuffix("█"), "the scrollbar thumb starts at the top")
  }

  @Test("j and k move the selection; G and g jump to the ends")
  func moves() {
    var state = Fixtures.state()
    state.press(.character("j"), .character("j"))
    #expect(state.list.selection == 2)
    state.press(.character("k"))
    #expect(state.list.selection == 1)
    state.press(.character("G"))
    #expect(state.list.selection == 29)
    #expect(state.screenText.contains("Item number 29"))
    #expect(state.render().lines[19].contains("30/30"))
    state.press(.character("g"))
    #expect(state.list.selection == 0)
  }

  @Test("unknown keys do nothing")
  func unknownKeys() {
    var state = Fixtures.state()
    let before = state.screenText
    state.press(.character("x"), .unknown, .control("x"), .tab)
    #expect(state.screenText == before)
  }

  @Test("q on the list quits")
  func quit() {
    var state = Fixtures.state()
    #expect(state.send([.key(.character("q"))]) == [.quit])
  }

  @Test("typing an artist shows only their items, Enter keeps them, Esc restores the list")
  func search() {
    var state = Fixtures.state()
    state.press(.character("j"), .character("j"), .character("j"))
    let before = state.screenText
    state.press(.character("/"))
    state.type("zoe")
    #expect(state.prompt == "zoe")
    #expect(state.list.items.allSatisfy { $0.author == "Zoë" })
    #expect(state.list.count == 10)
    #expect(state.render().lines[19].contains("Artist: zoe"))
    state.press(.enter)
    #expect(state.prompt == nil)
    #expect(state.render().lines[0].contains("Artist: zoe · 10 items"))
    state.press(.escape)
    #expect(state.searchQuery == nil)
    #expect(state.screenText == before, "Esc restores the previous list and position")
  }

  @Test("Esc in the prompt restores the list as it was")
  func promptEscape() {
    var state = Fixtures.state()
    state.press(.character("j"))
    let before = state.screenText
    state.press(.character("/"))
    state.type("bob")
    #expect(state.list.count == 10)
    state.press(.escape)
    #expect(state.prompt == nil)
    #expect(state.screenText == before)
  }

  @Test("an empty result says so on screen")
  func emptyResult() {
    var state = Fixtures.state()
    state.press(.character("/"))
    state.type("nobody")
    state.press(.enter)
    #expect(state.list.count == 0)
    #expect(state.screenText.contains("No items by an artist matching “nobody”"))
  }

  @Test("Enter opens the detail view; Esc closes it where the list was")
  func detail() {
    var state = Fixtures.state()
    state.press(.character("j"))
    let before = state.screenText
    state.press(.enter)
    let screen = state.screenText
    #expect(screen.contains("Item number 1 by Zoë"))
    #expect(screen.contains("by Zoë"))
    #expect(screen.contains("https://art.example/Zoë/1"))
    state.press(.escape)
    #expect(state.screenText == before)
  }

  @Test("the media view's picture box spans the text column; the article view has none")
  func detailKinds() {
    var state = Fixtures.state(width: 100)
    state.press(.enter)
    #expect(state.screenText.contains("┌" + String(repeating: "─", count: 94) + "┐"))
    state.press(.escape)
    state.resize(width: 60, height: 20)
    state.press(.enter)
    #expect(state.screenText.contains("┌" + String(repeating: "─", count: 54) + "┐"))
    state.press(.escape, .character("j"), .enter)
    #expect(!state.screenText.contains("┌─"))
  }

  @Test("? shows every key, any key closes it")
  func help() {
    // Tall enough for every line of the overlay (it scrolls on smaller screens).
    var state = Fixtures.state(width: 80, height: 40)
    state.press(.character("?"))
    let screen = state.screenText
    for binding in KeyMap.bindings {
      #expect(screen.contains(binding.help), "help lists \(binding.help)")
    }
    state.press(.character("j"))
    #expect(!state.screenText.contains("Keys"))
    #expect(state.list.selection == 0, "the key that closes help does nothing else")
  }

  @Test("o on an item asks to open its link; unsafe links are refused")
  func openLink() {
    var state = Fixtures.state()
    #expect(state.send([.key(.character("o"))]) == [.openLink("https://art.example/ann/0")])
    var bad = Fixtures.state(items: [FeedItem(title: "x", link: "javascript:alert(1)")])
    #expect(bad.send([.key(.character("o"))]).isEmpty)
    #expect(bad.screenText.contains("no web link"))
  }

  @Test("every size from 0x0 to 40x14 draws lines exactly as wide as the screen")
  func tinySizes() {
    for width in 0...40 {
      for height in 0...14 {
        var state = Fixtures.state(width: width, height: height)
        state.press(.character("j"), .enter)
        for screen in [
          state.render(),
          {
            state.press(.escape); return state.render()
          }(),
        ] {
          #expect(screen.lines.count == height)
          for line in screen.lines {
            #expect(DisplayWidth.of(line) == width, "\(width)x\(height): \(line)")
          }
        }
      }
    }
  }

  @Test("a terminal too small for the layout says so")
  func tooSmall() {
    let state = Fixtures.state(width: 9, height: 3)
    #expect(state.screenText.hasPrefix("Terminal"))
  }

  @Test("resizing keeps the selected item on screen", arguments: [120, 50, 20, 80, 12])
  func resizeKeepsSelection(width: Int) {
    var state = Fixtures.state(width: 100, height: 30)
    state.press(.character("j"), .character("j"), .character("j"), .character("j"), .character("j"))
    state.send([.resize(width: width, height: 12)])
    let selected = state.list.selection ?? -1
    #expect(selected == 5)
    #expect(state.list.visibleRows.contains { $0.row == selected })
    #expect(state.screenText.contains("Item"))
  }

  @Test("escape sequences inside feed text never reach the screen")
  func sanitized() {
    let evil = FeedItem(
      title: "Evil \u{1B}]0;pwned\u{07}title \u{1B}[31mred\u{1B}[0m \u{202E}desrever",
      summary: "clear \u{1B}[2J screen \u{9B}31m C1")
    var state = Fixtures.state(items: [evil])
    for screen in [
      state.render(),
      {
        state.press(.enter); return state.render()
      }(),
    ] {
      for cell in screen.cells {
        #expect(
          !cell.text.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
          })
      }
    }
  }
}
