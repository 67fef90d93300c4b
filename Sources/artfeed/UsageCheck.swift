import ArgumentParser
import Foundation

/// Usage errors as one line, and `artfeed help NAME` for a NAME that is no command.
enum UsageCheck {
  /// Throws a usage error when `artfeed help ...` names a command that does not exist
  /// (argument-parser would print the top-level help and exit 0).
  static func helpTopic(_ arguments: [String]) throws {
    guard arguments.first == "help" else { return }
    var command: any ParsableCommand.Type = Artfeed.self
    for word in arguments.dropFirst() where !word.hasPrefix("-") {
      let names = command.configuration.subcommands.map { ($0._commandName, $0) }
      guard let next = names.first(where: { $0.0 == word })?.1 else {
        let known = names.map(\.0).joined(separator: ", ")
        throw ValidationError(
          known.isEmpty
            ? "help: “\(command._commandName)” has no subcommand “\(word)”"
            : "help: there is no command “\(word)” (commands: \(known))")
      }
      command = next
    }
  }

  /// Throws a usage error with a suggestion when a command's name is mistyped: `artfeed
  /// feed` (the default command would read a file named "feed"), `artfeed acount list`,
  /// `artfeed account lsit`. A first word that may be a SOURCE (it has a `/`, a `.` or a `:`,
  /// is `-`, or names a file) is left to the browser.
  static func mistypedCommand(_ arguments: [String]) throws {
    var command: any ParsableCommand.Type = Artfeed.self
    for word in arguments {
      let subcommands = command.configuration.subcommands
      guard !subcommands.isEmpty, !word.hasPrefix("-") else { return }
      if let next = subcommands.first(where: { $0._commandName == word }) {
        command = next
        continue
      }
      let names = subcommands.map { $0._commandName }
      let isRoot = command == Artfeed.self
      if isRoot, word == "help" { return }
      if isRoot,
        word == "-" || word.contains(where: { "/.:".contains($0) })
          || FileManager.default.fileExists(atPath: word)
      {
        return
      }
      let close = names.filter { isClose(word, $0) }
      // The root's default command reads a SOURCE: only a near miss is a mistyped name.
      guard !isRoot || !close.isEmpty else { return }
      let guess = close.map { "“\($0)”" }.joined(separator: " or ")
      if isRoot {
        throw ValidationError(
          "no command “\(word)” (did you mean \(guess)? A feed file of that name: "
            + "artfeed ./\(word))")
      }
      throw ValidationError(
        "no command “\(word)”" + (close.isEmpty ? "" : " (did you mean \(guess)?)")
          + "; its commands: " + names.joined(separator: ", "))
    }
  }

  /// A name that is probably what was meant: at most two edits away (one for short names),
  /// or the start of it.
  static func isClose(_ typed: String, _ name: String) -> Bool {
    let typed = typed.lowercased()
    if typed.count >= 3, name.hasPrefix(typed) { return true }
    return distance(typed, name) <= (name.count <= 4 ? 1 : 2)
  }

  /// Edits from one name to the other, a swap of two neighbours counting as one (the
  /// optimal string alignment distance; names are short).
  static func distance(_ left: String, _ right: String) -> Int {
    let a = Array(left)
    let b = Array(right)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }

  /// `artfeed: SUBCOMMAND: message (see artfeed SUBCOMMAND --help)`: the first line of
  /// argument-parser's message, which goes on with the whole usage.
  static func line(for error: any Error, arguments: [String]) -> String {
    let message = Artfeed.message(for: error)
    let first = message.split(separator: "\n").first.map(String.init) ?? message
    let names = Artfeed.configuration.subcommands.map { $0._commandName }
    // The command is the first word, when it names one (not any word that does: `artfeed
    // stat export` is no `export`).
    let subcommand = arguments.first.flatMap { names.contains($0) ? $0 : nil }
    let prefix = subcommand.map { "artfeed: \($0): " } ?? "artfeed: "
    let hint = subcommand.map { "artfeed \($0) --help" } ?? "artfeed --help"
    var text = first
    if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
    return prefix + text + " (see \(hint))"
  }
}
