import ArgumentParser

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

  /// `artfeed: SUBCOMMAND: message (see artfeed SUBCOMMAND --help)`: the first line of
  /// argument-parser's message, which goes on with the whole usage.
  static func line(for error: any Error, arguments: [String]) -> String {
    let message = Artfeed.message(for: error)
    let first = message.split(separator: "\n").first.map(String.init) ?? message
    let names = Artfeed.configuration.subcommands.map { $0._commandName }
    let subcommand = arguments.first == "help" ? nil : arguments.first { names.contains($0) }
    let prefix = subcommand.map { "artfeed: \($0): " } ?? "artfeed: "
    let hint = subcommand.map { "artfeed \($0) --help" } ?? "artfeed --help"
    var text = first
    if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
    return prefix + text + " (see \(hint))"
  }
}
