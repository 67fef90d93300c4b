import Foundation

/// The thumbnail pictures shipped with artfeed, found at run time through the resource bundle.
///
/// The bundled feeds name them with urls relative to the feed file
/// (`../thumbnails/NAME.EXT`), so resolving a thumbnail url against its feed's file url
/// (`URL(string: url, relativeTo: feedURL)`) lands in `directory`, as it would for any
/// relative url on a web server; nothing needs to know this folder by name.
public enum BundledThumbnails {
  /// The folder holding the bundled pictures, or `nil` if the bundle is missing.
  public static var directory: URL? {
    ResourceFolder.url("thumbnails")
  }

  /// Every bundled picture (JPEG, PNG, GIF and WebP files), sorted by name.
  public static func all() -> [URL] {
    guard let directory else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let pictures = Set(["jpg", "png", "gif", "webp"])
    return names.filter { pictures.contains(($0 as NSString).pathExtension) }.sorted().map {
      directory.appendingPathComponent($0)
    }
  }
}
