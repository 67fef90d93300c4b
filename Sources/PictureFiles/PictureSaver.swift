import FeedArt
import FeedCore
import FeedModel
import Foundation

/// Keeps an item's full-size picture (`d` in the browser): the bytes through `ImageLoader`
/// (its size cap and deadline), a file named after the artist and title in the pictures
/// folder, and a JSON sidecar saying where it came from. Never overwrites a file: a name
/// that is taken gets `-2`, `-3`...; each file appears whole or not at all.
public struct PictureSaver: Sendable {
  /// Where the files go: `$XDG_PICTURES_DIR/artfeed` (see `folder(environment:)`).
  public let folder: URL
  let images: ImageLoader

  /// The largest picture kept: 50 MB (full-size art can be far larger than a thumbnail).
  public static let maxBytes = 50_000_000

  /// - Parameter images: the loader whose client and deadline to use; the saver reads with
  ///   its own cap (`maxBytes`) and without the thumbnail cache (a full-size picture would
  ///   push the thumbnails out).
  public init(folder: URL, images: ImageLoader) {
    self.folder = folder
    self.images = ImageLoader(
      client: images.client, cache: nil, maxBytes: Self.maxBytes, timeout: images.timeout,
      offline: images.offline)
  }

  /// Why a picture was not saved, in one line.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// What was saved.
  public struct Saved: Sendable, Equatable {
    public var picture: URL
    public var sidecar: URL
  }

  // MARK: - Choosing

  /// The item's full-size picture: the largest copy of its `picture`th picture (`ItemArt`),
  /// the first when there are fewer. Nil when it has none.
  public static func fullSizeAddress(of item: FeedItem, picture: Int = 0) -> String? {
    let pictures = ItemArt.pictures(of: item)
    guard !pictures.isEmpty else { return nil }
    return pictures[pictures.indices.contains(picture) ? picture : 0].full.url
  }

  // MARK: - Saving

  /// Fetches the item's picture and writes it with its sidecar; `feed` is the title of the
  /// feed it came from.
  public func save(_ item: FeedItem, feed: String, now: Date = Date()) async throws(Failure)
    -> Saved
  {
    guard let address = Self.fullSizeAddress(of: item) else {
      throw Failure("this item has no picture")
    }
    let data: Data
    do {
      data = try await images.load(address)
    } catch {
      throw Failure("the picture could not be fetched (\(error.reason))")
    }
    guard let type = Self.pictureType(of: data) else {
      throw Failure("what \(address) sent is not a picture")
    }
    let sidecar = Sidecar(item: item, feed: feed, source: address, saved: now)
    return try write(data, type: type, sidecar: sidecar.encoded(), base: Self.baseName(of: item))
  }

  /// Writes both files under the first free `base`, `base-2`, `base-3`...
  func write(_ data: Data, type: String, sidecar: Data, base: String) throws(Failure) -> Saved {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure("cannot create \(folder.path): \(SystemMessage.words(error))")
    }
    let picture = try temporary(data)
    defer { unlink(picture.path) }
    let notes = try temporary(sidecar)
    defer { unlink(notes.path) }
    for number in 1...10_000 {
      let name = number == 1 ? base : "\(base)-\(number)"
      let target = folder.appendingPathComponent(name + "." + type)
      let side = folder.appendingPathComponent(name + ".json")
      // link(2) fails when the name exists: nothing is ever replaced.
      guard link(picture.path, target.path) == 0 else {
        if errno == EEXIST { continue }
        throw Failure("cannot write \(target.path): \(String(cString: strerror(errno)))")
      }
      guard link(notes.path, side.path) == 0 else {
        let reason = errno
        unlink(target.path)
        if reason == EEXIST { continue }
        throw Failure("cannot write \(side.path): \(String(cString: strerror(reason)))")
      }
      return Saved(picture: target, sidecar: side)
    }
    throw Failure("\(folder.path) has 10,000 pictures named \(base)")
  }

  /// A hidden file in the folder holding `data`, flushed to disk (0644).
  private func temporary(_ data: Data) throws(Failure) -> URL {
    let url = folder.appendingPathComponent(".artfeed-\(UUID().uuidString).tmp")
    let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw Failure("cannot write in \(folder.path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    let written = data.withUnsafeBytes { bytes -> Bool in
      guard let start = bytes.baseAddress else { return fsync(fd) == 0 }
      var offset = 0
      while offset < bytes.count {
        let count = Foundation.write(fd, start + offset, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return fsync(fd) == 0
    }
    guard written else {
      let reason = String(cString: strerror(errno))
      unlink(url.path)
      throw Failure("cannot write in \(folder.path): \(reason)")
    }
    return url
  }

  /// The picture's type from its first bytes, as a file extension; nil for anything else
  /// (an HTML page served with 200, say).
  static func pictureType(of data: Data) -> String? {
    let head = [UInt8](data.prefix(12))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
    if head.starts(with: Array("GIF8".utf8)) { return "gif" }
    if head.count == 12, head.starts(with: Array("RIFF".utf8)),
      Array(head[8..<12]) == Array("WEBP".utf8)
    {
      return "webp"
    }
    return nil
  }

  /// "Artist - Title", safe as a file name on any disk the reader may copy it to: no path
  /// separators, no control characters, none of `\ : * ? " < > |`, no leading dot, at most
  /// 150 bytes of UTF-8 (cut between characters); "picture" when nothing is left.
  public static func baseName(of item: FeedItem) -> String {
    let title = [item.title, item.mediaTitle].compactMap { $0 }.first { !$0.isEmpty }
    let parts = [item.author, title].compactMap { $0 }.filter { !$0.isEmpty }
    return safeName(parts.joined(separator: " - "))
  }

  static func safeName(_ text: String) -> String {
    let forbidden = Set("/\\:*?\"<>|")
    var name = ""
    var lastWasSpace = false
    for character in text {
      let categories = character.unicodeScalars.map(\.properties.generalCategory)
      // Direction overrides and other invisible formatting go; control characters part words.
      if categories.contains(.format) { continue }
      let isControl = categories.contains(.control)
      let replaced: Character = forbidden.contains(character) ? "_" : character
      if isControl || character.isWhitespace {
        if !lastWasSpace, !name.isEmpty { name.append(" ") }
        lastWasSpace = true
        continue
      }
      lastWasSpace = false
      guard name.utf8.count + String(replaced).utf8.count <= 150 else { break }
      name.append(replaced)
    }
    while name.hasPrefix(".") || name.hasPrefix(" ") { name.removeFirst() }
    while name.hasSuffix(" ") || name.hasSuffix(".") { name.removeLast() }
    return name.isEmpty ? "picture" : name
  }

  // MARK: - The folder

  /// `$XDG_PICTURES_DIR/artfeed`: the variable if set, else what `xdg-user-dir PICTURES`
  /// says (when installed and configured), else `~/Pictures/artfeed`. Runs a process: call
  /// it off the UI loop.
  public static func folder(environment: [String: String]) -> URL? {
    if let set = environment["XDG_PICTURES_DIR"], set.hasPrefix("/") {
      return URL(fileURLWithPath: set).appendingPathComponent("artfeed")
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    if let asked = xdgUserDir(environment: environment), asked.hasPrefix("/"),
      asked.trimmingTrailingSlashes != home?.trimmingTrailingSlashes
    {
      return URL(fileURLWithPath: asked).appendingPathComponent("artfeed")
    }
    guard let home else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent("Pictures/artfeed")
  }

  /// `xdg-user-dir PICTURES`'s answer (it prints the home folder when none is set), or nil.
  private static func xdgUserDir(environment: [String: String]) -> String? {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    guard
      let program = path.split(separator: ":").map({ String($0) + "/xdg-user-dir" })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = ["PICTURES"]
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = (try? output.fileHandleForReading.read(upToCount: 4096)) ?? nil
    process.waitUntilExit()
    guard process.terminationStatus == 0, let data else { return nil }
    let text = String(decoding: data, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
  }
}

extension String {
  fileprivate var trimmingTrailingSlashes: String {
    var text = self
    while text.count > 1, text.hasSuffix("/") { text.removeLast() }
    return text
  }
}

/// The JSON beside a saved picture: what it is and where it came from, written by artfeed's
/// one JSON rule (`JSONText`), so feed text that a terminal would act on is escaped.
struct Sidecar {
  var title: String?
  var artist: String?
  var link: String?
  var date: String?
  var copyright: String?
  var rating: String?
  var feed: String
  var source: String
  var saved: String

  init(item: FeedItem, feed: String, source: String, saved: Date) {
    let iso = ISO8601DateFormatter()
    title = item.title ?? item.mediaTitle
    artist = item.author
    link = item.link
    date = item.published.map { iso.string(from: $0) }
    copyright = item.copyright
    rating = item.rating
    self.feed = feed
    self.source = source
    self.saved = iso.string(from: saved)
  }

  func encoded() -> Data {
    let fields: [(key: String, value: String?)] = [
      ("artist", artist), ("copyright", copyright), ("date", date), ("feed", feed),
      ("link", link), ("rating", rating), ("saved", saved), ("source", source),
      ("title", title),
    ]
    // Fields the item lacks are left out, not written as null.
    return Data(JSONText.object(fields.filter { $0.value != nil }).utf8)
  }
}
