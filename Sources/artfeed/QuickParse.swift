import ArgumentParser
import CursesBackend
import Settings

/// The everyday command lines, read without argument-parser's reflection.
///
/// argument-parser learns a command's options by reflecting over its properties, and every
/// property wrapper type it meets costs the Swift runtime a scan of the binary's whole
/// protocol conformance table, a large part of a first screen's start-up (figures in
/// docs/adr/0148). The lines people and scripts run most (`artfeed`, `artfeed FILE`,
/// `artfeed render --width W --height H`, `artfeed parse SOURCE --json`, with the common
/// flags and the browser's `--pictures MODE`) are recognised here instead, token by token, and built into the same
/// command values; anything else — another spelling (`--width=100`), another option, a
/// subcommand, help, a value that does not validate — returns nil and goes to
/// argument-parser, which then also says what is wrong. `QuickParseTests` compare each
/// accepted line with argument-parser's result, property by property.
enum QuickParse {
  /// The command for `arguments`, or nil when argument-parser must read them.
  static func command(_ arguments: [String]) -> (any ParsableCommand)? {
    if arguments == ["--version"] { return Version() }
    if arguments.first == "render" {
      return render(Array(arguments.dropFirst()))
    }
    if arguments.first == "parse" {
      return parse(Array(arguments.dropFirst()))
    }
    return browse(arguments)
  }

  /// `artfeed --version`: prints what argument-parser prints for it (`Artfeed.version`).
  struct Version: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version")
    func run() {
      TerminalText.write(Artfeed.version + "\n")
    }
  }

  /// Flags shared by `browse` and `render` (in `SourceOptions` and `NetworkOptions`).
  private static let sourceFlags: Set<String> = ["--bundled", "--offline"]

  private static func browse(_ arguments: [String]) -> Browse? {
    var words = Words(arguments)
    guard
      words.read(
        flags: sourceFlags.union(["--no-color", "--no-images", "--no-state"]),
        values: ["--pictures"]),
      let source = words.source()
    else { return nil }
    var pictures: PictureMode?
    if let value = words.values["--pictures"] {
      guard let choice = PictureMode(argument: value) else { return nil }
      pictures = choice
    }
    var command = Browse()
    command.options = sourceOptions(source, words)
    command.noColor = words.has("--no-color")
    command.noImages = words.has("--no-images")
    command.pictures = pictures
    command.noState = words.has("--no-state")
    return validated(command, command.options)
  }

  private static func render(_ arguments: [String]) -> Render? {
    var words = Words(arguments)
    guard
      words.read(
        flags: sourceFlags.union([
          "--no-images", "--no-state", "--color", "--first-screen", "--read-feeds",
        ]),
        numbers: ["--width", "--height"]),
      let source = words.source(),
      let width = words.numbers["--width"]
    else { return nil }
    var command = Render()
    command.options = sourceOptions(source, words)
    command.width = width
    command.height = words.numbers["--height"] ?? Render.defaultHeight
    command.top = nil
    command.end = false
    command.select = nil
    command.stats = false
    command.color = words.has("--color")
    command.colors = nil
    command.noImages = words.has("--no-images")
    command.pictures = nil
    command.cellSize = nil
    command.noState = words.has("--no-state")
    command.firstScreen = words.has("--first-screen")
    command.readFeeds = words.has("--read-feeds")
    return validated(command, command.options)
  }

  /// `parse SOURCE` with `--json`, `--offline` and `--base URL`: a script's line, where the
  /// start-up is a share of every run.
  private static func parse(_ arguments: [String]) -> Parse? {
    var words = Words(arguments)
    guard words.read(flags: ["--json", "--offline"], values: ["--base"]),
      words.positionals.count == 1, let source = words.positionals.first
    else { return nil }
    var command = Parse()
    command.source = source
    command.network = networkOptions(words)
    command.json = words.has("--json")
    command.base = words.values["--base"]
    do {
      try command.network.validate()
      try command.validate()
    } catch {
      return nil
    }
    return command
  }

  /// `NetworkOptions` as argument-parser makes them when only `--offline` may be given.
  private static func networkOptions(_ words: Words) -> NetworkOptions {
    var network = NetworkOptions()
    network.offline = words.has("--offline")
    network.timeout = NetworkOptions.defaultTimeout
    network.connectTimeout = NetworkOptions.defaultConnectTimeout
    return network
  }

  private static func sourceOptions(_ source: String?, _ words: Words) -> SourceOptions {
    let network = networkOptions(words)
    var options = SourceOptions()
    options.source = source
    options.bundled = words.has("--bundled")
    options.artist = nil
    options.endpoint = nil
    options.network = network
    return options
  }

  /// The command if it and its option groups validate as argument-parser would check them;
  /// else nil, so that argument-parser gives the message.
  private static func validated<C: ParsableCommand>(_ command: C, _ options: SourceOptions) -> C? {
    var command = command
    let options = options
    do {
      try options.network.validate()
      try options.validate()
      try command.validate()
      return command
    } catch {
      return nil
    }
  }

  /// The words of a command line, accepted only in their plainest spelling.
  private struct Words {
    var rest: [String]
    var flags: Set<String> = []
    var numbers: [String: Int] = [:]
    var values: [String: String] = [:]
    var positionals: [String] = []

    init(_ arguments: [String]) { rest = arguments }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Reads every word: each flag and option at most once, numbers as plain decimal
    /// digits, other values as words that do not start with `-`; false on any other word
    /// that starts with `-`.
    mutating func read(
      flags known: Set<String>, numbers numeric: Set<String> = [], values named: Set<String> = []
    ) -> Bool {
      var index = 0
      while index < rest.count {
        let word = rest[index]
        index += 1
        if known.contains(word) {
          guard flags.insert(word).inserted else { return false }
        } else if numeric.contains(word) {
          guard numbers[word] == nil, index < rest.count, let value = Self.number(rest[index])
          else { return false }
          numbers[word] = value
          index += 1
        } else if named.contains(word) {
          guard values[word] == nil, index < rest.count, !rest[index].hasPrefix("-") else {
            return false
          }
          values[word] = rest[index]
          index += 1
        } else if word.hasPrefix("-") {
          return false
        } else {
          positionals.append(word)
        }
      }
      return true
    }

    /// The SOURCE: none, or one word that is no subcommand's name (`artfeed feeds`) and not
    /// `help`. Nil (outer) when argument-parser must decide.
    func source() -> String?? {
      guard let word = positionals.first else { return .some(nil) }
      guard positionals.count == 1, !QuickParse.commandNames.contains(word) else { return nil }
      return .some(word)
    }

    /// 1 to 6 ASCII digits.
    static func number(_ text: String) -> Int? {
      let digits = text.utf8
      guard (1...6).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) })
      else { return nil }
      return Int(text)
    }
  }

  /// Words argument-parser reads as a command, not a SOURCE: every subcommand's name and
  /// alias, and `help` (each subcommand names itself, so this reflects over nothing).
  static var commandNames: Set<String> {
    let commands = Artfeed.configuration.subcommands
    return Set(
      commands.map { $0._commandName } + commands.flatMap { $0.configuration.aliases }
        + ["help"])
  }
}
