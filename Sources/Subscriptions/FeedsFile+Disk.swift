import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension FeedsFile {
  /// `$XDG_CONFIG_HOME/artfeed/feeds`, else `$HOME/.config/artfeed/feeds` (a relative
  /// `XDG_CONFIG_HOME` is invalid and ignored, as in `FeedCache`); nil without either.
  public static func defaultLocation(environment: [String: String]) -> URL? {
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true)
        .appendingPathComponent("artfeed/feeds")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".config/artfeed/feeds")
    }
    return nil
  }

  /// The largest feeds file artfeed reads, in bytes (1 MiB).
  public static var maxBytes: Int { FeedsFileStorage.maxBytes }

  /// The resolver for the feeds file at `location`: paths relative to its folder.
  public static func resolver(for location: URL, environment: [String: String])
    -> SourceResolver
  {
    SourceResolver(
      directory: location.deletingLastPathComponent(),
      home: environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil })
  }

  /// Reads the feeds file at `location` (through a link); nil when there is none (no
  /// subscriptions: artfeed stays on the bundled feeds). A folder, a device or a file over
  /// `maxBytes` is an error that says so.
  public static func load(from location: URL, environment: [String: String])
    throws(SubscriptionError) -> FeedsFile?
  {
    guard let data = try FeedsFileStorage.read(location) else { return nil }
    return FeedsFile(parsing: data, resolver: resolver(for: location, environment: environment))
  }

  /// An empty feeds file for `location`, for the first `add` or `import`.
  public static func empty(at location: URL, environment: [String: String]) -> FeedsFile {
    FeedsFile(parsing: Data(), resolver: resolver(for: location, environment: environment))
  }

  /// Reads the feeds file, lets `change` edit it, and writes it back if it changed, all under
  /// the feeds file's lock, so edits from several processes at once all land.
  ///
  /// `change` gets nil when there is no file yet; setting it creates one. The file is
  /// replaced atomically through a link (the link stays), keeping its mode; a read-only
  /// file is refused. Nothing is written when `change` throws or changes nothing.
  public static func edit<Result>(
    at location: URL, environment: [String: String],
    _ change: (inout FeedsFile?) throws(SubscriptionError) -> Result
  ) throws(SubscriptionError) -> Result {
    try FeedsFileLock.holding(location) { () throws(SubscriptionError) -> Result in
      let target = try FeedsFileStorage.target(of: location)
      // Relative sources stay relative to the folder of the name the reader uses.
      let before = try FeedsFileStorage.read(target).map {
        FeedsFile(parsing: $0, resolver: resolver(for: location, environment: environment))
      }
      var file = before
      let result = try change(&file)
      // No file and an empty one are the same: an edit that adds nothing creates nothing.
      if let file, file.data != before?.data ?? Data() {
        try FeedsFileStorage.replace(target, with: file.data)
      }
      return result
    }
  }

  /// Writes `data` as a new feeds file at `location` (or at the target of a link there whose
  /// target does not exist yet), never over a file that exists.
  ///
  /// - Returns: false when a file already exists.
  public static func create(at location: URL, data: Data) throws(SubscriptionError) -> Bool {
    try FeedsFileLock.holding(location) { () throws(SubscriptionError) -> Bool in
      let target = try FeedsFileStorage.target(of: location)
      var info = stat()
      if lstat(target.path, &info) == 0 { return false }
      try FeedsFileStorage.replace(target, with: data)
      return true
    }
  }
}
