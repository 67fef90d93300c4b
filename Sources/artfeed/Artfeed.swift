import ArgumentParser

/// `artfeed`: a terminal browser for art and media feeds.
struct Artfeed: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "artfeed",
    abstract: "Browse art and media feeds (Media RSS, Atom) in the terminal.",
    discussion: """
      With no arguments, opens the bundled offline feeds. Give a feed file to open it instead.
      Press ? in the browser for keys.
      """,
    subcommands: [Browse.self, Parse.self, Render.self],
    defaultSubcommand: Browse.self
  )
}

/// Where a command's items come from, shared by `browse` and `render`.
struct SourceOptions: ParsableArguments {
  @Argument(help: "A feed file (RSS, Media RSS or Atom). Default: the bundled popular feed.")
  var source: String?

  @Option(help: "Start with this artist's work (case and accents ignored).")
  var artist: String?
}
