import ArtfeedResources
import FeedModel
import Foundation
import PictureFiles
import Pictures
import Testing

@testable import TUIRuntime

/// The picture loader with the disk cache of converted cells, on real files in a temporary
/// folder: a hit is the converter's cells exactly, and nothing but converted cells is kept.
@Suite("Converted cells from the disk cache")
struct CellDiskCacheLoaderTests {
  /// A temporary folder for the pictures and the cache, removed by `remove()`.
  struct Folder {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-cells-\(UUID().uuidString)")
    init() throws {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func remove() { try? FileManager.default.removeItem(at: url) }
    var cells: URL { url.appendingPathComponent("cache/cells") }
    func loader(_ cache: CellDiskCache?) -> ImageLoader {
      ImageLoader(client: NoNetwork(), cache: nil, cells: cache)
    }
  }

  /// The converter's own cells for the file at `url`.
  static func converted(_ url: URL, _ key: PictureCache.Key) throws -> PictureCells {
    let picture = try PictureDecoder.decode(Data(contentsOf: url))
    return CellConverter(depth: key.depth).cells(
      for: picture, columns: key.columns, rows: key.rows)
  }

  @Test("bundled JPEG, PNG, WebP, GIF at two sizes and two depths: cached cells are converted ones")
  func sameCells() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let all = BundledThumbnails.all()
    let files = try ["jpg", "png", "webp", "gif"].map { format in
      try #require(all.first { $0.pathExtension == format })
    }
    let first = CellDiskCache(directory: folder.cells)
    // A second cache on the same folder, as the next start of artfeed would have.
    let second = CellDiskCache(directory: folder.cells)
    var made = 0
    for file in files {
      for (columns, rows) in [(20, 8), (37, 15)] {
        for depth in [ColorDepth.truecolor, .indexed256] {
          let key = PictureCache.Key(
            url: file.absoluteString, columns: columns, rows: rows, depth: depth)
          let expected = try Self.converted(file, key)
          let cold = try await PictureLoader.make(key, images: folder.loader(first)).get()
          let warm = try await PictureLoader.make(key, images: folder.loader(second)).get()
          made += 1
          #expect(cold == .cells(expected), "\(file.lastPathComponent) \(key)")
          #expect(warm == .cells(expected), "\(file.lastPathComponent) \(key)")
          #expect(second.counts.hits == made, "not from the disk: \(file.lastPathComponent) \(key)")
        }
      }
    }
    #expect(first.counts == CellDiskCache.Counts(hits: 0, misses: made, stores: made))
    #expect(second.counts == CellDiskCache.Counts(hits: made, misses: 0, stores: 0))
  }

  @Test("a different picture at the same address is converted again, and its cells replace the old")
  func changedPicture() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let all = BundledThumbnails.all()
    let jpeg = try #require(all.first { $0.pathExtension == "jpg" })
    let png = try #require(all.first { $0.pathExtension == "png" })
    let file = folder.url.appendingPathComponent("picture")
    try FileManager.default.copyItem(at: jpeg, to: file)
    let cache = CellDiskCache(directory: folder.cells)
    let key = PictureCache.Key(url: file.absoluteString, columns: 20, rows: 8, depth: .truecolor)
    _ = try await PictureLoader.make(key, images: folder.loader(cache)).get()
    try Data(contentsOf: png).write(to: file)
    let changed = try await PictureLoader.make(key, images: folder.loader(cache)).get()
    #expect(changed == .cells(try Self.converted(png, key)))
    #expect(changed != .cells(try Self.converted(jpeg, key)), "the pictures differ")
    #expect(cache.counts == CellDiskCache.Counts(hits: 0, misses: 2, stores: 2))
    let again = try await PictureLoader.make(key, images: folder.loader(cache)).get()
    #expect(again == changed)
    #expect(cache.counts.hits == 1)
  }

  @Test("pictures that fail to decode fail every time and are never cached")
  func failuresNotCached() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let cache = CellDiskCache(directory: folder.cells)
    for (name, reason) in try BadPictureTests.badFiles(in: folder.url) {
      let key = PictureCache.Key(
        url: folder.url.appendingPathComponent(name).absoluteString, columns: 20, rows: 8,
        depth: .indexed256)
      for _ in 0..<2 {
        let result = await PictureLoader.make(key, images: folder.loader(cache))
        #expect(result == .failure(ImageLoadError(reason)), "\(name)")
      }
    }
    #expect(cache.counts.stores == 0)
    #expect(!FileManager.default.fileExists(atPath: folder.cells.path))
  }

  @Test("pictures in pixels are not cells and are not cached")
  func pixelsNotCached() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let cache = CellDiskCache(directory: folder.cells)
    let file = try #require(BundledThumbnails.all().first)
    let key = PictureCache.Key(
      url: file.absoluteString, columns: 20, rows: 8, depth: .truecolor, cell: .fallback)
    for _ in 0..<2 {
      let made = try await PictureLoader.make(key, images: folder.loader(cache)).get()
      #expect(made.isPixels)
    }
    #expect(cache.counts == CellDiskCache.Counts())
    #expect(!FileManager.default.fileExists(atPath: folder.cells.path))
  }
}

extension PictureRendition {
  fileprivate var isPixels: Bool {
    if case .pixels = self { true } else { false }
  }
}
