import Foundation

/// The feeds shipped with artfeed, found at run time through the resource bundle.
public enum BundledFeeds {
  /// The folder holding the bundled `.rss` files, or `nil` if the bundle is missing.
  public static var directory: URL? {
    ResourceFolder.url("feeds")
  }

  /// The bundled popular feed (`feeds/popular.rss`).
  public static var popular: URL? {
    directory?.appendingPathComponent("popular.rss")
  }

  /// Every bundled feed file, sorted by name.
  public static func all() -> [URL] {
    guard let directory else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".rss") }.sorted().map {
      directory.appendingPathComponent($0)
    }
  }
}
