import FeedCore
import Foundation
import Settings
import Testing

@testable import TUI

/// The config file's `[keys]`: every action can be bound; the help overlay and the status
/// line's hints say the keys that work.
@Suite("Key bindings from the config file")
struct KeyBindingsTests {
  static func settings(_ text: String) throws -> Settings {
    try Settings.make(
      text: text, path: "/c", environment: [:], knownActions: Action.configNames
    ).settings
  }

  static func state(_ text: String, width: Int = 80, height: Int = 40) throws -> AppState {
    AppState(
      list: ItemList(title: "Test feed", items: Fixtures.items), isOffline: true, width: width,
      height: height, settings: try settings(text))
  }

  @Test("every action can be given a key, and the key does it")
  func everyAction() throws {
    for action in Action.allCases {
      let keys = KeyBindings(try Self.settings("[keys]\n\(action.configName) = Ctrl-x\n"))
      let inGallery = action.isCardMove
      #expect(
        keys.action(for: .control("x"), inGallery: inGallery) == action, "\(action.configName)")
      #expect(keys.label(action) == "Ctrl-x")
    }
  }

  @Test("a new key replaces the action's own; the help and the hints say it")
  func rebind() throws {
    var state = try Self.state("[keys]\nsearch = s\nquit = x\n")
    #expect(state.keys.action(for: .character("/")) == nil, "/ no longer searches")
    let hints = state.render(.fixed).trimmedLines.last ?? ""
    #expect(hints.contains("s artist") && hints.contains("x quit"), "\(hints)")
    #expect(!hints.contains("/ artist") && !hints.contains("q quit"))
    state.press(.character("?"))
    let help = state.render(.fixed).trimmedLines.joined(separator: "\n")
    #expect(help.contains("│ s               search by artist"), "\(help)")
    #expect(help.contains("│ x               back; quit from the list"))
    state.press(.escape, .character("s"))
    #expect(state.prompt == "", "s opens the artist prompt")
    state.press(.escape)
    #expect(state.update(.key(.character("q"))) == [], "q does nothing now")
    #expect(state.update(.key(.character("x"))) == [.quit])
  }

  @Test("a key given to another action leaves its old one; none unbinds; hints leave it out")
  func moveAndUnbind() throws {
    let state = try Self.state("[keys]\ndown = k\nhelp = none\n")
    #expect(state.keys.action(for: .character("k")) == .down)
    #expect(state.keys.action(for: .character("j")) == nil)
    #expect(state.keys.action(for: .up) == .up)
    #expect(state.keys.action(for: .character("?")) == nil)
    let hints = state.render(.fixed).trimmedLines.last ?? ""
    #expect(hints.contains("k/Up move"), "\(hints)")
    #expect(!hints.contains("help"), "no key for help: no hint for it")
  }

  @Test("one key given twice: the later line has it, and a warning says so")
  func twice() throws {
    let keys = KeyBindings(try Self.settings("[keys]\nsearch = z\nhelp = z\n"))
    #expect(keys.action(for: .character("z")) == .help)
    #expect(keys.warnings.count == 1)
    #expect(keys.warnings.first?.contains("file line 3 counts") == true, "\(keys.warnings)")
  }

  @Test("messages that name a key name the one in effect")
  func messages() throws {
    var state = try Self.state("[keys]\ntoggle-pictures = p\n")
    state.press(.character("p"))
    #expect(state.status == "Pictures on")
    state.press(.character("p"))
    #expect(state.status == "Pictures off (p shows them)")
  }

  @Test("the defaults draw the same help and hints as before any file")
  func defaults() throws {
    let plain = Fixtures.state(width: 80, height: 24)
    let filed = try Self.state("", width: 80, height: 24)
    #expect(plain.render(.fixed).trimmedLines == filed.render(.fixed).trimmedLines)
    #expect(HelpOverlay.rows(.standard).first?.hasPrefix("j  Down") == true)
  }
}
