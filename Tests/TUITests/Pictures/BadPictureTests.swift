import ArtfeedResources
import FeedCore
import Foundation
import PictureFiles
import Pictures
import Testing

@testable import TUI
@testable import TUIRuntime

@Suite("Bad pictures in the list, headless")
struct BadPictureTests {
  /// Files that are not pictures a box can show, each with the reason its box must give.
  static func badFiles(in folder: URL) throws -> [(name: String, reason: String)] {
    let jpeg = try #require(BundledThumbnails.all().first { $0.pathExtension == "jpg" })
    var huge = [UInt8](try Data(contentsOf: jpeg))
    let marker = try #require(
      (0..<huge.count - 1).first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
    huge.replaceSubrange(marker + 5..<marker + 9, with: [0x75, 0x30, 0x75, 0x30])  // 30000x30000
    let png = try #require(BundledThumbnails.all().first { $0.pathExtension == "png" })
    let whole = try Data(contentsOf: png)
    let files: [(String, Data, String)] = [
      ("huge.jpg", Data(huge), "too large"),
      ("truncated.png", whole.prefix(whole.count / 2), "damaged"),
      ("empty.png", Data(), "no image"),
      (
        "garbage.png",
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<300).map { UInt8($0 % 251) }),
        "damaged"
      ),
      ("page.webp", Data("<!DOCTYPE html><html><body>hi</body></html>".utf8), "not an image"),
    ]
    for (name, data, _) in files { try data.write(to: folder.appendingPathComponent(name)) }
    return files.map { ($0.0, $0.2) }
  }

  @Test("undecodable, truncated, empty, 30000x30000 and wrong-format files: the reason in the box")
  func reasons() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-bad-pictures-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, reason) in try Self.badFiles(in: folder) {
      let item = FeedItem(
        title: name, guid: name,
        thumbnails: [MediaThumbnail(url: folder.appendingPathComponent(name).absoluteString)])
      var state = Fixtures.state(items: [item])
      state.configurePictures(enabled: true, depth: .indexed256)
      let runner = CommandRunner(
        source: MemorySource(items: []), images: ImageLoader(client: NoNetwork(), cache: nil))
      let settled: Bool
      (state, settled) = await settleOnThread(
        state, runner: runner, initial: state.pictureCommands())
      #expect(settled)
      // The box's words, read across its lines (a long reason wraps).
      let lines = state.render().lines.prefix(8)
      let box = lines.map { $0.prefix(14).filter { $0 != "│" } }.joined(separator: " ")
        .split(separator: " ").joined(separator: " ")
      #expect(box.contains(reason), "\(name): \(box)")
      #expect(!box.contains("loading"), "\(name) is still loading")
    }
  }
}
