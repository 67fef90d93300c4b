import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Finds a folder of the resource bundle: beside the executable first, where both SwiftPM's
/// build folders and the install layout (docs/adr/0142) put it, with one `readlink` and one
/// `stat`; then through `Bundle.module`, which also knows the build folder of a binary copied
/// elsewhere. `Bundle.module` costs 1.6M instructions and three listings of the executable's
/// folder at start-up, a twentieth of the bundled first screen, so it is only the fallback.
enum ResourceFolder {
  /// The bundle's name, as SwiftPM makes it: `<package>_<target>.resources`.
  static let bundleName = "artfeed_ArtfeedResources.resources"

  /// The bundle beside the running executable, if it is there.
  static let besideExecutable: String? = {
    let capacity = Int(PATH_MAX) + 1
    let executable = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) {
      buffer -> String? in
      guard let base = buffer.baseAddress else { return nil }
      let length = readlink("/proc/self/exe", base, capacity - 1)
      guard length > 0 else { return nil }
      base[length] = 0
      return String(cString: base)
    }
    guard let executable, let slash = executable.utf8.lastIndex(of: UInt8(ascii: "/")) else {
      return nil
    }
    let bundle = String(executable[..<slash]) + "/" + bundleName
    return isDirectory(bundle) ? bundle : nil
  }()

  /// The folder `name` of the bundle, or `nil` if the bundle has none.
  static func url(_ name: String) -> URL? {
    if let bundle = besideExecutable {
      let path = bundle + "/" + name
      return isDirectory(path) ? URL(fileURLWithPath: path, isDirectory: true) : nil
    }
    return Bundle.module.url(forResource: name, withExtension: nil)
  }

  private static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
