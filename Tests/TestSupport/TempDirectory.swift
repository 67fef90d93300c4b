import Foundation

/// A fresh directory under the temporary one, removed by `remove()`.
public struct TempDirectory: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-test-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
