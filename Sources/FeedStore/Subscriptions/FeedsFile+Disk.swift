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

  /// The resolver for the feeds file at `location`: paths relative to its folder.
  public static func resolver(for location: URL, environment: [String: String])
    -> SourceResolver
  {
    SourceResolver(
      directory: location.deletingLastPathComponent(),
      home: environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil })
  }

  /// Reads the feeds file at `location`; nil when there is none (no subscriptions: artfeed
  /// stays on the bundled feeds).
  public static func load(from location: URL, environment: [String: String])
    throws(SubscriptionError) -> FeedsFile?
  {
    let resolver = resolver(for: location, environment: environment)
    guard FileManager.default.fileExists(atPath: location.path) else { return nil }
    do {
      return FeedsFile(parsing: try Data(contentsOf: location), resolver: resolver)
    } catch {
      throw .io(path: location.path, reason: Self.reason(error))
    }
  }

  /// An empty feeds file for `location`, for the first `add` or `import`.
  public static func empty(at location: URL, environment: [String: String]) -> FeedsFile {
    FeedsFile(parsing: Data(), resolver: resolver(for: location, environment: environment))
  }

  /// Replaces the file at `location` atomically (temporary file in the same folder, fsync,
  /// rename, fsync of the folder), creating the folder when needed.
  public func save(to location: URL) throws(SubscriptionError) {
    let folder = location.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .io(path: folder.path, reason: Self.reason(error))
    }
    do {
      try AtomicFile.write(data, to: location)
    } catch {
      throw .io(path: location.path, reason: error.description)
    }
  }

  static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(code)))
    }
    return error.localizedDescription
  }
}

extension FeedsFile {
  /// Writes `data` as a new file at `location`, never replacing one that exists: the bytes go
  /// to a temporary file in the same folder, which is fsynced and then hard-linked to the
  /// name (`link` fails if the name exists, so a file created meanwhile is not overwritten).
  ///
  /// - Returns: false when a file already exists at `location`.
  public static func create(at location: URL, data: Data) throws(SubscriptionError) -> Bool {
    let folder = location.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .io(path: folder.path, reason: reason(error))
    }
    if FileManager.default.fileExists(atPath: location.path) { return false }
    let temporary = folder.appendingPathComponent(".\(location.lastPathComponent).new")
    unlink(temporary.path)
    do {
      try AtomicFile.write(data, to: temporary)
    } catch {
      throw .io(path: temporary.path, reason: error.description)
    }
    defer { unlink(temporary.path) }
    if link(temporary.path, location.path) == 0 { return true }
    if errno == EEXIST { return false }
    throw .io(path: location.path, reason: String(cString: strerror(errno)))
  }
}
