import ArtfeedResources
import Foundation
import Testing

@testable import Pictures

@Suite("Bundled thumbnails")
struct BundledThumbnailsTests {
  /// (url as written, width, height) of every relative thumbnail in a bundled feed.
  private static func relativeThumbnails(in feed: URL) throws -> [(String, Int, Int)] {
    let text = try String(contentsOf: feed, encoding: .utf8)
    let pattern = /url="(\.\.\/thumbnails\/[^"]+)" width="(\d+)" height="(\d+)"/
    return text.matches(of: pattern).compactMap { match in
      guard let width = Int(match.output.2), let height = Int(match.output.3) else { return nil }
      return (String(match.output.1), width, height)
    }
  }

  @Test(
    "every relative thumbnail of every bundled feed resolves to a file that decodes at its size")
  func resolveAndDecode() throws {
    var checked = 0
    for feed in BundledFeeds.all() {
      for (url, width, height) in try Self.relativeThumbnails(in: feed) {
        let resolved = try #require(URL(string: url, relativeTo: feed)?.standardizedFileURL)
        let picture = try PictureDecoder.decode(Data(contentsOf: resolved))
        #expect(picture.width == width && picture.height == height, "\(url)")
        checked += 1
      }
    }
    #expect(checked > 150, "popular and artist feeds share pictures; each use is checked")
  }

  @Test("the bundle holds all four formats, a few KB each, well under 1 MB together")
  func formatsAndSizes() throws {
    let files = BundledThumbnails.all()
    var formats = Set<PictureFormat>()
    var total = 0
    for file in files {
      let data = try Data(contentsOf: file)
      formats.insert(try #require(PictureFormat.sniff(data)))
      #expect(data.count <= 12_000, "\(file.lastPathComponent)")
      total += data.count
    }
    #expect(files.count >= 100)
    #expect(formats == Set(PictureFormat.allCases))
    #expect(total < 500_000)
  }

  @Test("every bundled thumbnail becomes a 20x8 box of cells that is not blank, at every depth")
  func convert() throws {
    for file in BundledThumbnails.all() {
      let picture = try PictureDecoder.decode(Data(contentsOf: file))
      for depth in ColorDepth.allCases where depth != .none {
        let cells = CellConverter(depth: depth).cells(for: picture, columns: 20, rows: 8)
        #expect(cells.cells.contains { $0 != .blank }, "\(file.lastPathComponent) \(depth)")
      }
    }
  }
}
