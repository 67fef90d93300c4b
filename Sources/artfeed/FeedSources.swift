import ArtfeedResources
import Foundation
import TUI

/// A failure the command reports in one line, with a sysexits-style code.
struct CommandFailure: Error, CustomStringConvertible {
  var description: String
  var code: Int32

  /// Input that is not a feed (EX_DATAERR).
  static func notAFeed(_ message: String) -> Self { Self(description: message, code: 65) }
  /// Input that cannot be read (EX_NOINPUT).
  static func unreadable(_ message: String) -> Self { Self(description: message, code: 66) }
  /// The terminal cannot be used (EX_UNAVAILABLE... EX_IOERR is closer to "no tty").
  static func terminal(_ message: String) -> Self { Self(description: message, code: 74) }
}

/// Prints `artfeed: message` to standard error and exits with the failure's code.
func fail(_ failure: CommandFailure) -> Never {
  FileHandle.standardError.write(Data("artfeed: \(failure.description)\n".utf8))
  exit(failure.code)
}

/// Turns the command line's SOURCE into an item source.
enum FeedSources {
  /// The bundled feeds (offline), or a feed file whose catalog is itself.
  static func source(for path: String?) throws(CommandFailure) -> FileSource {
    guard let path else {
      guard let popular = BundledFeeds.popular,
        FileManager.default.fileExists(atPath: popular.path)
      else {
        throw .unreadable("the bundled feeds are missing from this build (Resources/feeds)")
      }
      return FileSource(mainFile: popular, catalogFiles: BundledFeeds.all(), isOffline: true)
    }
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .unreadable("\(path): no such file")
    }
    guard !isDirectory.boolValue else {
      throw .unreadable("\(path) is a folder; give a feed file")
    }
    guard FileManager.default.isReadableFile(atPath: url.path) else {
      throw .unreadable("\(path): permission denied")
    }
    return FileSource(mainFile: url, catalogFiles: [url], isOffline: true)
  }
}
