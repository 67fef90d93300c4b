import ArgumentParser
import Foundation
import Settings
import TUI
import Testing

@testable import artfeed

/// The manual (`docs/artfeed.1`, written by hand) says what the code does: every command and
/// option, every key, every config key, the exit statuses (issue 31: a manual that was only
/// an options list, each network option repeated under every command).
@Suite("The manual agrees with the code")
struct ManualTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The page's mdoc source.
  static let source: String =
    (try? String(contentsOf: root.appendingPathComponent("docs/artfeed.1"), encoding: .utf8)) ?? ""

  /// The macros the page uses, left out of `text`.
  static let macros: Set<Substring> = [
    "It", "Ic", "Cm", "Fl", "Ar", "No", "Ns", "Pf", "Ql", "Op", "Oo", "Oc", "Nm", "Xr", "Ev",
    "Pa", "Sx", "Dl", "Bl", "El", "Pp", "Sh", "Nd", "Dd", "Dt", "Os",
  ]

  /// The page's words without its macros, one line per source line, its sections by name.
  static let sections: [String: String] = {
    var sections: [String: String] = [:]
    var name = ""
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(".\\\"") { continue }
      if line.hasPrefix(".Sh ") {
        name = String(line.dropFirst(4))
        continue
      }
      let words = line.split(separator: " ").filter { word in
        !macros.contains(word.hasPrefix(".") ? word.dropFirst() : word)
      }
      let plain = words.joined(separator: " ").replacingOccurrences(of: "\\&", with: "")
      sections[name, default: ""] += plain + "\n"
    }
    return sections
  }()

  /// Every command below `command`, with its path (`state export`) and ToolInfo entry.
  static func commands() throws -> [(path: String, info: [String: Any])] {
    let data = Data(Artfeed._dumpHelp().utf8)
    let dump = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var found: [(String, [String: Any])] = []
    func walk(_ command: [String: Any], _ path: [String]) {
      for sub in command["subcommands"] as? [[String: Any]] ?? [] {
        let name = sub["commandName"] as? String ?? ""
        guard name != "help" else { continue }
        found.append(((path + [name]).joined(separator: " "), sub))
        walk(sub, path + [name])
      }
    }
    walk(try #require(dump["command"] as? [String: Any]), [])
    return found
  }

  @Test("the page has the sections a manual has, under a proper header")
  func sections() {
    #expect(Self.source.contains(".Dt ARTFEED 1"))
    for name in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "COMMON OPTIONS", "KEYS", "CONFIGURATION",
      "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO",
    ] {
      #expect(Self.sections[name] != nil, "no \(name) section")
    }
  }

  @Test("every command is there, and every option of each, said once")
  func commandsAndOptions() throws {
    var said = Set<String>()
    for (path, info) in try Self.commands() {
      // Groups (state, account) are said through their commands.
      if (info["subcommands"] as? [Any])?.isEmpty ?? true {
        #expect(Self.source.contains(".It Nm Cm \(path)"), "the manual lacks artfeed \(path)")
      }
      for argument in info["arguments"] as? [[String: Any]] ?? [] {
        guard argument["kind"] as? String != "positional",
          argument["shouldDisplay"] as? Bool ?? true
        else { continue }
        for name in argument["names"] as? [[String: Any]] ?? []
        where name["kind"] as? String == "long" {
          if let long = name["name"] as? String { said.insert(long) }
        }
      }
    }
    for option in said.sorted() {
      #expect(Self.source.contains("Fl -\(option)"), "the manual lacks --\(option)")
    }
    // The options several commands share are said once, under COMMON OPTIONS.
    for shared in ["offline", "timeout", "connect-timeout", "bundled", "artist", "endpoint"] {
      #expect(
        Self.source.components(separatedBy: ".It Fl -\(shared)").count == 2,
        "--\(shared) is described more than once")
    }
  }

  @Test("KEYS has an entry for every key of the help overlay")
  func keys() throws {
    // The keys each `.It` line of KEYS names, as words.
    let section = try #require(
      Self.source.components(separatedBy: ".Sh KEYS\n").last?.components(separatedBy: ".Sh ")
        .first)
    let named = Set(
      section.split(separator: "\n").filter { $0.hasPrefix(".It ") }.flatMap { line in
        line.replacingOccurrences(of: "\\&", with: "").split { $0 == " " || $0 == "," }
          .map(String.init)
      })
    for binding in KeyMap.bindings {
      let first = binding.keys.split(separator: " ").first.map(String.init) ?? binding.keys
      #expect(named.contains(first), "KEYS lacks \(first) (\(binding.help))")
    }
  }

  @Test("CONFIGURATION names every key of every section, and every coloured element")
  func configuration() throws {
    let text = try #require(Self.sections["CONFIGURATION"])
    for (section, keys) in Settings.sections {
      #expect(text.contains("[\(section)]"), "CONFIGURATION lacks [\(section)]")
      for key in keys {
        #expect(text.contains(key), "CONFIGURATION lacks \(section).\(key)")
      }
    }
  }

  @Test("EXIT STATUS says refresh's rule as the help and README do")
  func exitStatus() throws {
    let text = try #require(Self.sections["EXIT STATUS"]).split(whereSeparator: \.isNewline)
      .joined(separator: " ")
    #expect(
      text.contains(
        "0 every feed fetched (a local file counts), 75 some could not be fetched, 69 none could "
          + "(cached copies or not), 73 a fetched copy could not be saved"), "\(text)")
    for code in ["64", "65", "66", "69", "73", "77", "78"] {
      #expect(text.contains(code), "EXIT STATUS lacks \(code)")
    }
  }

  @Test("COMMANDS says a sync's steps in help sync's words")
  func syncSteps() throws {
    let commands = try #require(Self.sections["COMMANDS"])
    #expect(
      DocumentationTests.flattened(commands).contains(DocumentationTests.flattened(Sync.steps)))
  }
}
