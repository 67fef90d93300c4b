import FeedArt
import FeedCore
import FeedModel
import Foundation

/// Keeps an item's full-size picture (`d` in the browser): the bytes through `ImageLoader`
/// (its size cap and deadline), a file named after the artist and title in the pictures
/// folder, and a JSON sidecar saying where it came from. Never overwrites a file: a name
/// that is taken gets `-2`, `-3`...; each file appears whole or not at all.
///
/// When the full picture cannot be fetched (offline, the bundled feeds' made-up hosts), the
/// best copy artfeed has is saved instead, and `Saved.copy` says which: the full picture or
/// a smaller copy from the cache or a local file (the bundled thumbnails). The same picture
/// saved again is not copied a second time: `Saved.wasThere` names the file it is in.
public struct PictureSaver: Sendable {
  /// Where the files go: `$XDG_PICTURES_DIR/artfeed` (see `folder(environment:)`).
  public let folder: URL
  let images: ImageLoader
  /// The loader's disk cache of picture bytes, where a copy shown before may still be.
  let cache: ImageDiskCache?

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
    cache = images.cache
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
    /// Which copy it is.
    public var copy: Copy = .full
    /// The same picture was saved before, in `picture`: nothing was written.
    public var wasThere = false
  }

  /// Which copy of the picture a save kept.
  public enum Copy: Sendable, Equatable {
    /// The full picture.
    case full
    /// A smaller copy, because the full one could not be had (`why`): its size when
    /// known, whether the feed calls it a thumbnail, and where artfeed had it.
    case smaller(width: Int?, height: Int?, thumbnail: Bool, from: Origin, why: String)

    /// "the thumbnail (150x84, from a local file)", "a smaller copy (from the cache)";
    /// "the full picture".
    public var phrase: String {
      guard case .smaller(let width, let height, let thumbnail, let origin, _) = self else {
        return "the full picture"
      }
      let size = width.flatMap { w in height.map { h in "\(w)x\(h), " } } ?? ""
      let place =
        switch origin {
        case .cache: "from the cache"
        case .file: "from a local file"
        case .network: "fetched"
        }
      return (thumbnail ? "the thumbnail" : "a smaller copy") + " (\(size)\(place))"
    }
  }

  /// Where a copy was read from.
  public enum Origin: Sendable, Equatable {
    /// artfeed's picture cache (shown before).
    case cache
    /// A local file: the bundled thumbnails, a local feed's pictures.
    case file
    /// The network.
    case network
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
  /// feed it came from. The full picture comes from the cache when it is there, else it is
  /// fetched; when it cannot be had, the largest smaller copy in the cache or in a local
  /// file is saved instead (`Saved.copy` says so). A picture already in the folder (the
  /// same bytes under the item's name) is not saved again (`Saved.wasThere`).
  public func save(_ item: FeedItem, feed: String, now: Date = Date()) async throws(Failure)
    -> Saved
  {
    let pictures = ItemArt.pictures(of: item)
    guard let picture = pictures.first else { throw Failure("this item has no picture") }
    let (data, copy, address) = try await bestCopy(of: picture)
    guard let type = Self.pictureType(of: data) else {
      throw Failure("what \(address) sent is not a picture")
    }
    let base = Self.baseName(of: item)
    if var saved = savedBefore(data, type: type, base: base) {
      saved.copy = copy
      return saved
    }
    let sidecar = Sidecar(item: item, feed: feed, source: address, saved: now)
    var saved = try write(data, type: type, sidecar: sidecar.encoded(), base: base)
    saved.copy = copy
    return saved
  }

  /// The item's `picture`th picture (the first when there are fewer) as a file for a
  /// picture viewer (`p` in the browser): the best copy `bestCopy` finds, written into the
  /// saver's folder (the viewer's, `viewerFolder`) under the item's name, replacing an
  /// earlier copy; files there older than a day are removed first.
  public func viewerCopy(of item: FeedItem, picture index: Int = 0) async throws(Failure)
    -> (file: URL, copy: Copy)
  {
    let pictures = ItemArt.pictures(of: item)
    guard !pictures.isEmpty else { throw Failure("this item has no picture") }
    let picture = pictures[pictures.indices.contains(index) ? index : 0]
    let (data, copy, address) = try await bestCopy(of: picture)
    guard let type = Self.pictureType(of: data) else {
      throw Failure("what \(address) sent is not a picture")
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure("cannot create \(folder.path): \(SystemMessage.words(error))")
    }
    removeOldFiles(olderThan: 24 * 3600)
    let file = folder.appendingPathComponent(Self.baseName(of: item) + "." + type)
    let written = try temporary(data)
    guard rename(written.path, file.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(written.path)
      throw Failure("cannot write \(file.path): \(reason)")
    }
    return (file, copy)
  }

  /// Removes the folder's files older than `seconds` (the viewer's copies).
  private func removeOldFiles(olderThan seconds: TimeInterval) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let limit = Date().addingTimeInterval(-seconds)
    for name in names {
      let path = folder.appendingPathComponent(name).path
      let modified =
        (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
      if let modified, modified < limit { unlink(path) }
    }
  }

  /// `$XDG_CACHE_HOME/artfeed/viewer` (else `~/.cache/artfeed/viewer`): where the pictures
  /// handed to a viewer are written.
  public static func viewerFolder(environment: [String: String]) -> URL {
    ImageDiskCache.cacheRoot(environment: environment).appendingPathComponent("viewer")
  }

  /// The full copy's bytes (the cache first, then the loader); when they cannot be had, the
  /// largest other copy the cache or a local file has, with why the full one was not saved.
  func bestCopy(of picture: PostPicture) async throws(Failure) -> (Data, Copy, String) {
    let full = picture.full
    let why: String
    do {
      if let cached = cache?.data(for: full.url, maxBytes: Self.maxBytes) {
        return (cached, .full, full.url)
      }
      return (try await images.load(full.url), .full, full.url)
    } catch {
      why = error.reason
    }
    let smaller = picture.copies.filter { $0.url != full.url }
      .sorted { Self.pixels($0) > Self.pixels($1) }
    for copy in smaller {
      if let cached = cache?.data(for: copy.url, maxBytes: Self.maxBytes),
        Self.pictureType(of: cached) != nil
      {
        return (cached, .smaller(copy, from: .cache, why: why), copy.url)
      }
      // Local files only: the network has just failed for the full copy.
      guard copy.url.lowercased().hasPrefix("file:"),
        let data = try? await images.load(copy.url), Self.pictureType(of: data) != nil
      else { continue }
      return (data, .smaller(copy, from: .file, why: why), copy.url)
    }
    throw Failure(
      "the picture could not be fetched (\(why))"
        + (smaller.isEmpty ? "" : ", and artfeed has no smaller copy of it"))
  }

  /// A copy's size in pixels, for trying the larger copies first (0 when unknown).
  static func pixels(_ copy: PictureCopy) -> Int {
    let width = copy.width ?? copy.height ?? 0
    let height = copy.height ?? copy.width ?? 0
    return max(0, width) * max(0, height)
  }

  /// The file under `base`, `base-2`... that holds these very bytes, if one does: the picture
  /// is saved already.
  func savedBefore(_ data: Data, type: String, base: String) -> Saved? {
    for number in 1...10_000 {
      let name = number == 1 ? base : "\(base)-\(number)"
      let target = folder.appendingPathComponent(name + "." + type)
      let side = folder.appendingPathComponent(name + ".json")
      guard FileManager.default.fileExists(atPath: target.path) else {
        // Names are taken in order: past the first free one, none was written by a save.
        if FileManager.default.fileExists(atPath: side.path) { continue }
        return nil
      }
      let size = (try? FileManager.default.attributesOfItem(atPath: target.path)[.size]) as? Int
      guard size == data.count, (try? Data(contentsOf: target)) == data else { continue }
      return Saved(picture: target, sidecar: side, wasThere: true)
    }
    return nil
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

extension PictureSaver.Copy {
  /// `copy`, saved instead of the full picture for `why`.
  static func smaller(_ copy: PictureCopy, from origin: PictureSaver.Origin, why: String) -> Self {
    .smaller(
      width: copy.width, height: copy.height, thumbnail: copy.kind == .thumbnail, from: origin,
      why: why)
  }
}
