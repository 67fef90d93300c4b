/// Everything the reader can set, read once at start (`Settings.load`) and passed down: to
/// the browser's state, the backend, the loaders. A value: nothing reads the file again.
///
/// Each value comes from, lowest first: the default, the environment where a variable has
/// always meant it (`$BROWSER` below the file; `NO_COLOR` and `COLORFGBG` above it), the
/// config file, and a command-line option. `origins` says which, per `section.key`, for
/// `artfeed config`.
public struct Settings: Sendable, Equatable {
  // MARK: [general]

  /// The command for `o`, in `$BROWSER`'s form (`:`-separated commands, `%s` for the URL);
  /// nil: `$BROWSER`, then `xdg-open`.
  public var browser: String?
  /// Where `d` saves pictures. The default is the pictures folder's `artfeed`
  /// (`$XDG_PICTURES_DIR/artfeed`, else `~/Pictures/artfeed`; when neither the file nor the
  /// variable sets it, `d` also asks `xdg-user-dir`, as `PictureSaver` does).
  public var downloadDirectory: String
  /// The feed list refreshes every feed when the browser opens (else it shows cached copies).
  public var refreshOnStart = false
  /// Seconds between automatic refreshes while the browser is open; nil: never.
  public var refreshInterval: Int?
  /// The newest items kept per subscribed feed; nil: all.
  public var maxItemsPerFeed: Int?
  /// Days the reading state keeps an item after it left every feed (then it is pruned,
  /// unless starred or by a followed artist; docs/adr/0172).
  public var keepDays = Settings.defaultKeepDays
  public static let defaultKeepDays = 90
  /// The days `keep-days` may be: a day's slack is the least pruning allows anyway, and ten
  /// years keeps everything a reader will see again.
  public static let keepDaysRange = 1...3650
  /// The picture viewer for `p`, in `browser`'s form (`:`-separated commands, `%s` for the
  /// picture's file); nil: the desktop's opener, `xdg-open`.
  public var viewer: String?

  // MARK: [pictures]

  public var pictureMode = PictureMode.auto
  public var thumbnail = ThumbnailSize.medium
  /// Seconds each picture of a slideshow (`S`) shows.
  public var slideshowDelay = 5
  /// A slideshow marks each item read as its picture is shown.
  public var slideshowMarksRead = false
  /// The fetched pictures kept on disk, in bytes (`disk-cache`); starred and saved items'
  /// are kept beyond it.
  public var pictureDiskCache = 100_000_000
  /// The decoded pictures kept in memory, in bytes (`memory-cache`); nil: 8 MiB for symbols,
  /// 64 MiB for pixels. Starred and saved items' take at most half of it.
  public var pictureMemoryCache: Int?

  // MARK: [colors]

  /// Colours at all (`NO_COLOR`, `--no-color` turn them off; attributes remain).
  public var useColor = true
  public var theme = Theme.dark
  /// The theme follows the terminal's background as `COLORFGBG` tells it (the default, and
  /// `theme = auto`); dark when the variable says nothing.
  public var themeIsAuto = true
  /// The elements the file colours; the others take the theme's (`colors(of:)`).
  public var colors: [ColorElement: ColorSpec] = [:]

  // MARK: [keys]

  /// Actions the file binds, by the action's name, with their keys (empty: unbound); the
  /// others keep their default keys.
  public var keys: [String: [Key]] = [:]
  /// The order the file binds actions in (a key bound twice goes to the later one).
  public var keyOrder: [String] = []

  // MARK: Where they came from

  /// Where each value came from, by `section.key`; a key missing here is a default.
  public var origins: [String: Origin] = [:]
  /// The config file that was read, if there was one.
  public var file: String?

  /// The defaults, with the download folder under `home` (nil: relative to nowhere, `~`).
  public init(home: String? = nil) {
    downloadDirectory = (home ?? "~") + "/Pictures/artfeed"
  }

  /// Where a value came from.
  public enum Origin: Sendable, Equatable, CustomStringConvertible {
    case file(line: Int)
    case environment(String)
    case option(String)

    public var description: String {
      switch self {
      case .file(let line): "file line \(line)"
      case .environment(let name): "environment \(name)"
      case .option(let name): "option \(name)"
      }
    }
  }

  /// Where `section.key`'s value came from: "default", "file line 3", "environment NO_COLOR".
  public func origin(_ key: String) -> String {
    origins[key]?.description ?? "default"
  }

  /// The colours of an element: the file's, else the theme's.
  public func colors(of element: ColorElement) -> ColorSpec {
    colors[element] ?? theme.colors(of: element)
  }

  /// Sets a value from a command-line option and notes it (`--no-color`, `--no-images`).
  public mutating func set<Value>(
    _ path: WritableKeyPath<Settings, Value>, _ value: Value, key: String, option: String
  ) {
    self[keyPath: path] = value
    origins[key] = .option(option)
  }
}

extension Theme {
  /// The colours of an element in this theme. The attributes (bold titles, reversed bars)
  /// are the front end's; a theme gives the ink, and an override may add attributes.
  public func colors(of element: ColorElement) -> ColorSpec {
    switch (self, element) {
    case (_, .normal), (_, .title), (_, .subtitle): ColorSpec(.terminalDefault)
    case (_, .error): ColorSpec(.palette(1))
    case (_, .box): ColorSpec(.palette(5))
    case (.dark, .accent), (.dark, .bar), (.dark, .scrollbar): ColorSpec(.palette(6))
    case (.dark, .selection): ColorSpec(.palette(4))
    case (.dark, .prompt): ColorSpec(.palette(3))
    // On a light background cyan and yellow ink are faint, and reversed bars put the light
    // background's colour on them as text: blue and green read on both.
    case (.light, .accent), (.light, .bar), (.light, .scrollbar): ColorSpec(.palette(4))
    case (.light, .selection): ColorSpec(.palette(6))
    case (.light, .prompt): ColorSpec(.palette(2))
    }
  }
}
