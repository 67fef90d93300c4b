import ArgumentParser
import FeedModel

/// `artfeed`: a terminal browser for art and media feeds.
struct Artfeed: ParsableCommand {
  /// What `--version` prints (every command has it, the default `browse` included).
  static let version = "artfeed \(ArtfeedVersion.number)"

  static let configuration = CommandConfiguration(
    commandName: "artfeed",
    abstract: "Browse art and media feeds (Media RSS, Atom) in the terminal.",
    discussion: """
      With no arguments, opens the feed list of your subscriptions (artfeed \
      feeds), or the bundled offline feeds when you have none. Give a feed file, - \
      (standard input) or an http(s) URL to open it instead, or --endpoint URL for a \
      DeviantArt-style endpoint. Press ? in the browser for keys. Settings are read \
      from $XDG_CONFIG_HOME/artfeed/config (else ~/.config/artfeed/config); artfeed \
      config prints them. Subscriptions: $XDG_CONFIG_HOME/artfeed/feeds.
      """,
    version: Artfeed.version,
    subcommands: [
      Browse.self, Parse.self, Render.self, Feeds.self, Add.self, Remove.self, Import.self,
      Export.self, Init.self, Refresh.self,
      // Reader state (issue 18).
      MarkRead.self, StateCommand.self,
      // Sync accounts (issue 20).
      AccountCommand.self, Sync.self,
      // Settings (issue 21).
      ConfigCommand.self,
      // Artists (issue 29).
      ArtistCommand.self, Follow.self, Unfollow.self, Following.self,
    ],
    defaultSubcommand: Browse.self
  )
}

/// Where a command's items come from, shared by `browse` and `render`.
struct SourceOptions: ParsableArguments {
  @Argument(
    help: """
      A feed file, - for standard input, or an http(s) URL (RSS, Media RSS or Atom). \
      Default: the feed list of your subscriptions (artfeed feeds), else the bundled \
      popular feed.
      """, completion: .file())
  var source: String?

  @Flag(help: "Open the bundled feeds even when you have subscriptions.")
  var bundled = false

  @Option(help: "Start with this artist's work (case and accents ignored).")
  var artist: String?

  @Option(
    help: """
      A DeviantArt-style Media RSS endpoint (e.g. https://backend.deviantart.com/rss.xml): \
      opens ?q=boost:popular, searches ?q=by:NAME.
      """)
  var endpoint: String?

  @OptionGroup var network: NetworkOptions

  /// True when the items come from files (the bundled feeds, a path, standard input): the
  /// title bar says "offline" until a load says otherwise.
  var isLocal: Bool { endpoint == nil && !(source ?? "").contains("://") }

  func validate() throws {
    if endpoint != nil, source != nil {
      throw ValidationError("give either a SOURCE or --endpoint, not both")
    }
    if bundled, source != nil || endpoint != nil {
      throw ValidationError("--bundled opens the bundled feeds: give no SOURCE or --endpoint")
    }
  }
}

/// How commands may use the network, shared by every command that reads a SOURCE.
struct NetworkOptions: ParsableArguments {
  @Flag(help: "Never touch the network: show cached copies only.")
  var offline = false

  @Option(parsing: .unconditional, help: "Seconds a whole request may take.")
  var timeout: Double = NetworkOptions.defaultTimeout

  @Option(parsing: .unconditional, help: "Seconds connecting may take.")
  var connectTimeout: Double = NetworkOptions.defaultConnectTimeout

  static let defaultTimeout: Double = 30
  static let defaultConnectTimeout: Double = 10

  /// The longest deadline accepted, in seconds (a day).
  static let maxSeconds: Double = 86_400

  func validate() throws {
    try Self.check(timeout, "--timeout")
    try Self.check(connectTimeout, "--connect-timeout")
  }

  /// A number of seconds in (0, a day]; NaN and infinities are refused by the same test.
  static func check(_ seconds: Double, _ name: String) throws {
    guard seconds > 0, seconds <= maxSeconds else {
      throw ValidationError("\(name) must be more than 0 and at most \(Int(maxSeconds)) seconds")
    }
  }
}

extension CompletionKind {
  /// The names of the sync accounts (accounts.json), for `sync NAME` and `--account`: read
  /// when the shell asks, by the completion script running artfeed.
  static var accountNames: CompletionKind {
    .custom { _, _, prefix in
      // Quietly: a completion prints names, never a warning.
      let accounts = (try? AccountAccess()).flatMap { try? $0.accounts() } ?? []
      return accounts.map(\.name).filter { $0.hasPrefix(prefix) }
    }
  }
}
