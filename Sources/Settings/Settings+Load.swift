import Foundation

/// Finding and reading the config file, and the environment's part.
extension Settings {
  /// `$XDG_CONFIG_HOME/artfeed/config`, else `~/.config/artfeed/config`; nil when neither
  /// variable is set (an `XDG_CONFIG_HOME` that is not absolute is ignored, as the XDG Base
  /// Directory specification says).
  public static func defaultLocation(environment: [String: String]) -> URL? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return URL(fileURLWithPath: config).appendingPathComponent("artfeed/config")
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".config/artfeed/config")
  }

  /// The largest config file read (a config file is a few hundred bytes).
  public static let maximumFileSize = 256 * 1024

  /// The settings for this process: the defaults, the environment and the config file (if
  /// there is one). Throws on a line that cannot be used or a file that cannot be read; what
  /// was ignored comes back as warnings.
  ///
  /// - Parameter knownActions: the names `[keys]` may bind; asked for only when the file
  ///   has a `[keys]` entry (naming every action reflects over each, a cost a first screen
  ///   without `[keys]` need not pay).
  public static func load(
    environment: [String: String], knownActions: @autoclosure () -> Set<String>
  ) throws(SettingsError) -> (settings: Settings, warnings: [SettingsWarning]) {
    let location = defaultLocation(environment: environment)
    let text = try location.flatMap { url throws(SettingsError) in try read(url) }
    return try make(
      text: text, path: text == nil ? nil : location?.path, environment: environment,
      knownActions: knownActions())
  }

  /// The settings from a config file's text (nil: no file) and the environment.
  public static func make(
    text: String?, path: String?, environment: [String: String],
    knownActions: @autoclosure () -> Set<String>
  ) throws(SettingsError) -> (settings: Settings, warnings: [SettingsWarning]) {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    var settings = Settings(home: home)
    settings.applyEnvironmentBelowFile(environment)
    var warnings: [SettingsWarning] = []
    if let text {
      settings.file = path
      let syntax = ConfigSyntax(reading: text)
      let bindsKeys = syntax.entries.contains { $0.section == "keys" }
      warnings = try settings.apply(
        syntax, knownActions: bindsKeys ? knownActions() : [], home: home)
    }
    settings.applyEnvironmentAboveFile(environment)
    return (settings, warnings)
  }

  /// The file's text; nil when there is no file. Only a regular file is read: a folder, a
  /// FIFO (whose open would wait for a writer) or a device is refused, opened without waiting.
  /// Messages leave the path to the caller, which names the file once.
  static func read(_ url: URL) throws(SettingsError) -> String? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { return nil }
      throw .unreadable("cannot be read (\(String(cString: strerror(code))))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unreadable("cannot be read (\(String(cString: strerror(errno))))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .unreadable("is a folder, not a file")
    default: throw .unreadable("is not a regular file")
    }
    var data = Data(count: maximumFileSize + 1)
    var count = 0
    while count < data.count {
      let read = data.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        return Foundation.read(descriptor, base + count, buffer.count - count)
      }
      if read < 0, errno == EINTR || errno == EAGAIN { continue }
      guard read >= 0 else {
        throw .unreadable("cannot be read (\(String(cString: strerror(errno))))")
      }
      if read == 0 { break }
      count += read
    }
    guard count <= maximumFileSize else {
      throw .unreadable("is over \(maximumFileSize / 1024) KiB: not a config file")
    }
    data.count = count
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadable("is not UTF-8 text")
    }
    return text
  }

  /// Variables the file overrides: `$BROWSER` (a reader's general choice; the file's
  /// `browser` is artfeed's own), `XDG_PICTURES_DIR` (its `artfeed` folder).
  mutating func applyEnvironmentBelowFile(_ environment: [String: String]) {
    if let value = environment["BROWSER"], !value.isEmpty {
      browser = value
      origins["general.browser"] = .environment("BROWSER")
    }
    if let value = environment["XDG_PICTURES_DIR"], value.hasPrefix("/") {
      downloadDirectory = value + "/artfeed"
      origins["general.download-directory"] = .environment("XDG_PICTURES_DIR")
    }
  }

  /// Variables that win over the file: `NO_COLOR` (any value but empty turns colours off,
  /// as no-color.org says), and `COLORFGBG` when the theme is `auto`.
  mutating func applyEnvironmentAboveFile(_ environment: [String: String]) {
    if let value = environment["NO_COLOR"], !value.isEmpty {
      useColor = false
      origins["colors.enabled"] = .environment("NO_COLOR")
    }
    if themeIsAuto {
      if let detected = Theme.fromColorFGBG(environment["COLORFGBG"]) {
        theme = detected
        origins["colors.theme"] = .environment("COLORFGBG")
      } else {
        theme = .dark
      }
    }
  }
}
