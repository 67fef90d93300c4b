import FeedCore
import Foundation
import TestSupport
import Testing

@testable import HTTP
@testable import PictureFiles

@Suite("Saving an item's picture")
struct PictureSaverTests {
  static let thumbnails = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Resources/thumbnails")
  static let jpeg = thumbnails.appendingPathComponent(
    "404_fox_not_found_by_glitchcat404-fryump.jpg")

  func saver(_ directory: TempDirectory) -> PictureSaver {
    PictureSaver(
      folder: directory.url.appendingPathComponent("Pictures/artfeed"),
      images: ImageLoader(client: SharedHTTPClient(), cache: nil))
  }

  func item(content: String? = nil, thumbnail: String? = nil) -> FeedItem {
    FeedItem(
      title: "404: Fox / Not Found", link: "https://art.example/fox", guid: "fox",
      published: Date(timeIntervalSince1970: 1_700_000_000), author: "glitchcat404",
      thumbnails: thumbnail.map { [MediaThumbnail(url: $0, width: 150, height: 150)] } ?? [],
      contents: content.map { [MediaContent(url: $0, medium: "image", width: 1200, height: 900)] }
        ?? [], rating: "nonadult", copyright: "© glitchcat404")
  }

  @Test("the full-size picture is the largest copy of the picture shown (FeedArt's rule)")
  func choice() {
    var item = FeedItem(
      thumbnails: [
        MediaThumbnail(url: "t-small", width: 50, height: 50),
        MediaThumbnail(url: "t-big", width: 300, height: 300),
      ],
      contents: [
        MediaContent(url: "video.mp4", medium: "video", width: 4000, height: 4000),
        MediaContent(url: "c.jpg?w=800", medium: "image", width: 800, height: 600),
        MediaContent(url: "c.jpg?w=1600", medium: "image", width: 1600, height: 1200),
        MediaContent(url: "other.png", medium: "image", width: 640, height: 480),
      ])
    #expect(PictureSaver.fullSizeAddress(of: item) == "c.jpg?w=1600")
    #expect(PictureSaver.fullSizeAddress(of: item, picture: 1) == "other.png")
    #expect(PictureSaver.fullSizeAddress(of: item, picture: 7) == "c.jpg?w=1600")
    item.contents = []
    #expect(PictureSaver.fullSizeAddress(of: item) == "t-big")
    item.thumbnails = []
    item.firstImage = "inline.png"
    #expect(PictureSaver.fullSizeAddress(of: item) == "inline.png")
    item.firstImage = nil
    #expect(PictureSaver.fullSizeAddress(of: item) == nil)
  }

  @Test(
    "names are the artist and title, safe on any disk",
    arguments: [
      ("glitchcat404", "404: Fox / Not Found", "glitchcat404 - 404_ Fox _ Not Found"),
      (nil, "..hidden\u{7}\ttitle", "hidden title"),
      ("a\u{202E}b", "", "ab"),
      (nil, nil, "picture"),
      ("x", String(repeating: "é", count: 200), "x - " + String(repeating: "é", count: 73)),
    ])
  func names(author: String?, title: String?, expected: String) {
    let name = PictureSaver.baseName(of: FeedItem(title: title, author: author))
    #expect(name == expected)
    #expect(name.utf8.count <= 150)
  }

  @Test("the full picture cannot be fetched: the best copy artfeed has is saved, and said")
  func fallback() async throws {
    let directory = try TempDirectory()
    defer { directory.remove() }
    // Offline, as the bundled feeds are: their full pictures are on hosts that do not exist.
    let offline = PictureSaver(
      folder: directory.url.appendingPathComponent("Pictures/artfeed"),
      images: ImageLoader(client: SharedHTTPClient(), cache: nil, offline: true))
    let fox = item(
      content: "https://images.artfeed.example/fox-full.jpg", thumbnail: Self.jpeg.absoluteString)
    let saved = try await offline.save(fox, feed: "Glitchcat")
    #expect(
      saved.copy
        == .smaller(width: 150, height: 150, thumbnail: true, from: .file, why: "offline"))
    #expect(saved.copy.phrase == "the thumbnail (150x150, from a local file)")
    #expect(try Data(contentsOf: saved.picture) == Data(contentsOf: Self.jpeg))
    let sidecar = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: saved.sidecar)) as? [String: String])
    #expect(sidecar["source"] == Self.jpeg.absoluteString, "the sidecar says which copy")
    // No copy at all: one line that says so.
    await #expect(
      throws: PictureSaver.Failure(
        "the picture could not be fetched (offline), and artfeed has no smaller copy of it")
    ) {
      _ = try await offline.save(
        item(
          content: "https://images.artfeed.example/a.jpg",
          thumbnail: "https://images.artfeed.example/a-small.jpg"), feed: "f")
    }
  }

  @Test("a full picture in artfeed's cache is saved as the full picture, even offline")
  func fromTheCache() async throws {
    let directory = try TempDirectory()
    defer { directory.remove() }
    let cache = ImageDiskCache(directory: directory.url.appendingPathComponent("cache"))
    let address = "https://images.artfeed.example/fox-full.jpg"
    cache.store(try Data(contentsOf: Self.jpeg), for: address)
    let saver = PictureSaver(
      folder: directory.url.appendingPathComponent("Pictures/artfeed"),
      images: ImageLoader(client: SharedHTTPClient(), cache: cache, offline: true))
    let saved = try await saver.save(item(content: address), feed: "Glitchcat")
    #expect(saved.copy == .full && !saved.wasThere)
    #expect(try Data(contentsOf: saved.picture) == Data(contentsOf: Self.jpeg))
  }

  @Test("saves the picture and a sidecar; saved again, it says where it is and copies nothing")
  func saveTwice() async throws {
    let directory = try TempDirectory()
    defer { directory.remove() }
    let saver = saver(directory)
    let fox = item(content: Self.jpeg.absoluteString)
    let first = try await saver.save(fox, feed: "Glitchcat", now: Date(timeIntervalSince1970: 0))
    #expect(first.picture.lastPathComponent == "glitchcat404 - 404_ Fox _ Not Found.jpg")
    let original = try Data(contentsOf: Self.jpeg)
    #expect(try Data(contentsOf: first.picture) == original)
    let sidecar = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: first.sidecar)) as? [String: String])
    #expect(sidecar["title"] == "404: Fox / Not Found" && sidecar["artist"] == "glitchcat404")
    #expect(sidecar["link"] == "https://art.example/fox" && sidecar["feed"] == "Glitchcat")
    #expect(sidecar["copyright"] == "© glitchcat404" && sidecar["date"] == "2023-11-14T22:13:20Z")
    #expect(sidecar["source"] == Self.jpeg.absoluteString)
    let second = try await saver.save(fox, feed: "Glitchcat")
    #expect(second.wasThere && second.picture == first.picture, "\(second)")
    var names = try FileManager.default.contentsOfDirectory(atPath: saver.folder.path).sorted()
    #expect(names.count == 2, "nothing more was written: \(names)")
    // Another picture under the same name never overwrites: it gets -2.
    let png = Self.thumbnails.appendingPathComponent(
      try #require(
        FileManager.default.contentsOfDirectory(atPath: Self.thumbnails.path).first {
          $0.hasSuffix(".jpg") && $0 != Self.jpeg.lastPathComponent
        }))
    let other = try await saver.save(item(content: png.absoluteString), feed: "Glitchcat")
    #expect(other.picture.lastPathComponent == "glitchcat404 - 404_ Fox _ Not Found-2.jpg")
    #expect(other.sidecar.lastPathComponent == "glitchcat404 - 404_ Fox _ Not Found-2.json")
    #expect(!other.wasThere)
    names = try FileManager.default.contentsOfDirectory(atPath: saver.folder.path).sorted()
    #expect(names.count == 4, "no temporary file is left: \(names)")
  }

  @Test("the sidecar escapes what a terminal would act on, as parse --json does")
  func sidecarEscapes() async throws {
    let directory = try TempDirectory()
    defer { directory.remove() }
    let saver = saver(directory)
    var hostile = item(content: Self.jpeg.absoluteString)
    hostile.title = "Fox\u{90}P\u{9D}8;;x\u{202E}gnp.exe\u{1B}[31m"
    let saved = try await saver.save(hostile, feed: "Glitch\u{9B}cat", now: Date())
    let bytes = try Data(contentsOf: saved.sidecar)
    let text = String(decoding: bytes, as: UTF8.self)
    for raw in ["\u{90}", "\u{9D}", "\u{202E}", "\u{1B}", "\u{9B}"] {
      #expect(!text.contains(raw), "\(raw.unicodeScalars.first?.value ?? 0) is escaped")
    }
    #expect(text.contains("\\u0090") && text.contains("\\u202e") && text.contains("\\u001b"))
    // Any JSON reader still gets the text back as it was.
    let sidecar = try #require(
      try JSONSerialization.jsonObject(with: bytes) as? [String: String])
    #expect(sidecar["title"] == hostile.title && sidecar["feed"] == "Glitch\u{9B}cat")
  }

  @Test("a folder that cannot be made is said in the system's words, not Foundation's")
  func folderCannotBeMade() async throws {
    let directory = try TempDirectory()
    defer { directory.remove() }
    // A file where the folder's parent should be.
    try Data("x".utf8).write(to: directory.url.appendingPathComponent("Pictures"))
    let saver = saver(directory)
    do {
      _ = try await saver.save(item(content: Self.jpeg.absoluteString), feed: "Glitchcat")
      Issue.record("saved into a folder that cannot exist")
    } catch {
      #expect(error.description.hasSuffix(": Not a directory"), "\(error.description)")
      #expect(!error.description.contains("operation could not be completed"))
    }
  }

  @Test("a name taken by a sidecar alone is skipped too")
  func sidecarTaken() throws {
    let directory = try TempDirectory()
    defer { directory.remove() }
    let saver = saver(directory)
    try FileManager.default.createDirectory(at: saver.folder, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: saver.folder.appendingPathComponent("a.json"))
    let saved = try saver.write(
      Data([0xFF, 0xD8, 0xFF, 0]), type: "jpg", sidecar: Data("{}".utf8), base: "a")
    #expect(saved.picture.lastPathComponent == "a-2.jpg")
    let kept = try Data(contentsOf: saver.folder.appendingPathComponent("a.json"))
    #expect(kept == Data("mine".utf8))
    #expect(
      !FileManager.default.fileExists(atPath: saver.folder.appendingPathComponent("a.jpg").path))
  }

  @Test("what is not a picture, or an item without one, is refused in one line; nothing is written")
  func refusals() async throws {
    let directory = try TempDirectory()
    defer { directory.remove() }
    let saver = saver(directory)
    let page = directory.url.appendingPathComponent("page.jpg")
    try Data("<html>not found</html>".utf8).write(to: page)
    await #expect(throws: PictureSaver.Failure.self) {
      _ = try await saver.save(item(content: page.absoluteString), feed: "f")
    }
    await #expect(throws: PictureSaver.Failure("this item has no picture")) {
      _ = try await saver.save(FeedItem(title: "x"), feed: "f")
    }
    let missing = directory.url.appendingPathComponent("gone.jpg").absoluteString
    await #expect(throws: PictureSaver.Failure("the picture could not be fetched (no file)")) {
      _ = try await saver.save(item(content: missing), feed: "f")
    }
    let left = (try? FileManager.default.contentsOfDirectory(atPath: saver.folder.path)) ?? []
    #expect(left.isEmpty, "\(left)")
  }

  @Test("over HTTP through the loopback server, within the loader's cap")
  func overHTTP() async throws {
    let server = try TestServer(directory: Self.thumbnails)
    defer { server.stop() }
    let directory = try TempDirectory()
    defer { directory.remove() }
    let saver = saver(directory)
    let url = server.url("/files/" + Self.jpeg.lastPathComponent)
    let saved = try await saver.save(item(content: url.absoluteString), feed: "web")
    let original = try Data(contentsOf: Self.jpeg)
    #expect(try Data(contentsOf: saved.picture) == original)
    // 60 MB is over the 50 MB a saved picture may have.
    await #expect(throws: PictureSaver.Failure("the picture could not be fetched (too large)")) {
      _ = try await saver.save(item(content: server.url("/large?mb=60").absoluteString), feed: "w")
    }
    let html = server.url("/html?.jpg").absoluteString
    await #expect(throws: PictureSaver.Failure("what \(html) sent is not a picture")) {
      _ = try await saver.save(item(content: html), feed: "w")
    }
  }

  @Test("the folder: XDG_PICTURES_DIR, else xdg-user-dir's answer, else ~/Pictures")
  func folder() {
    #expect(
      PictureSaver.folder(environment: ["XDG_PICTURES_DIR": "/p", "HOME": "/h"])?.path
        == "/p/artfeed")
    // xdg-user-dir answers HOME when no pictures folder is configured: ~/Pictures is used.
    #expect(
      PictureSaver.folder(environment: ["HOME": "/nonexistent-home", "PATH": "/usr/bin:/bin"])?
        .path == "/nonexistent-home/Pictures/artfeed")
    #expect(
      PictureSaver.folder(environment: ["HOME": "/h", "PATH": "/nonexistent"])?.path
        == "/h/Pictures/artfeed")
    #expect(PictureSaver.folder(environment: ["PATH": "/nonexistent"]) == nil)
  }
}
