import Foundation

/// Example files shipped with artfeed, found at run time through the resource bundle.
public enum BundledExamples {
  /// The example feeds file `artfeed init` copies into place (`examples/feeds`), or `nil` if
  /// the bundle is missing.
  public static var feedsFile: URL? {
    ResourceFolder.url("examples")?
      .appendingPathComponent("feeds")
  }
}
