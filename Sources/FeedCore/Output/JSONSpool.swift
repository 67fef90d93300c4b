#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Item JSON held back until the feed's head is known (`FeedJSONStream`): the JSON as it will
/// be printed, each item's artist written as guessed, and beside it the holes: where each
/// guess is, how long, and the two strings the artist is decided from.
///
/// When the guesses hold (the feed's head said the same when the items were written as at
/// the end), the JSON is printed as it is, in large pieces or straight from the file to the
/// output (`send(to:)`); otherwise each guess is replaced on the way out. Both parts stay in
/// memory up to `memoryLimit` bytes each, then go to unlinked temporary files in `TMPDIR`
/// (else `/tmp`), so a feed of any size is held back in bounded memory.
final class JSONSpool {
  private let json: SpoolStore
  private let holes: SpoolStore

  init(memoryLimit: Int, directory: String? = nil) {
    json = SpoolStore(memoryLimit: memoryLimit, directory: directory)
    holes = SpoolStore(memoryLimit: memoryLimit, directory: directory)
  }

  /// Why the spool could not be written or read back, if it could not.
  var failure: String? { json.failure ?? holes.failure }

  /// True once the JSON or the holes have gone to a file.
  var spilled: Bool { json.spilled || holes.spilled }

  /// True once the JSON has gone to a file (which `send(to:)` copies from).
  var jsonSpilled: Bool { json.spilled }

  /// The number of JSON bytes held so far.
  var count: Int { json.count }

  func literal(_ bytes: UnsafeBufferPointer<UInt8>) {
    json.append(bytes)
  }

  /// A guess of `length` bytes at `offset` of the JSON, decided from `first` and `second`.
  func hole(at offset: Int, length: Int, _ first: String?, _ second: String?) {
    holes.appendLength(UInt64(offset))
    holes.appendLength(UInt64(length))
    for var part in [first, second] {
      guard part != nil else {
        holes.appendLength(UInt64.max)
        continue
      }
      part?.withUTF8 { bytes in
        holes.appendLength(UInt64(bytes.count))
        holes.append(bytes)
      }
    }
  }

  /// Reads the JSON back in order, handing it to `literal` in pieces; with `guessesHold`
  /// false, each guess is left out and `hole` is called in its place with its two strings.
  /// Returns false (and `failure` says why) when a file cannot be read back.
  func replay(
    guessesHold: Bool, literal: (UnsafeBufferPointer<UInt8>) -> Void,
    hole: (String?, String?) -> Void
  ) -> Bool {
    guard failure == nil, var text = json.reader() else { return false }
    if guessesHold {
      let whole = text.pieces(json.count, literal)
      if let readFailure = text.failure { json.fail(readFailure) }
      return whole && failure == nil
    }
    guard var places = holes.reader() else { return false }
    var position = 0
    while position < json.count || places.hasMore {
      guard places.hasMore else {
        guard text.pieces(json.count - position, literal) else { break }
        position = json.count
        continue
      }
      var first: String?
      var second: String?
      guard let offset = places.length(), let length = places.length(),
        places.string(&first), places.string(&second), offset >= position,
        text.pieces(offset - position, literal), text.skip(length)
      else { break }
      hole(first, second)
      position = offset + length
    }
    if let readFailure = text.failure ?? places.failure { json.fail(readFailure) }
    if position != json.count || places.hasMore, failure == nil {
      json.fail("the temporary file was cut short")
    }
    return failure == nil
  }

  /// Copies the whole JSON to `descriptor` without passing it through memory (when the
  /// guesses hold): false when the system cannot, and nothing was written.
  func send(to descriptor: Int32) -> Bool {
    json.send(to: descriptor)
  }
}

/// Bytes appended in memory up to `memoryLimit`, then to an unlinked temporary file, and read
/// back once, in order.
final class SpoolStore {
  private(set) var failure: String?
  private var buffer: ByteBuffer
  private var file: Int32 = -1
  private let memoryLimit: Int
  private let directory: String?
  /// Bytes appended in all.
  private(set) var count = 0
  /// Once spilling, the buffer is written out whenever it holds this much.
  private static let writeSize = 1 << 20

  init(memoryLimit: Int, directory: String?) {
    self.memoryLimit = memoryLimit
    self.directory = directory
    // Room for all it keeps in memory from the start: grown by doubling, the buffer would
    // copy itself and fault in fresh pages at each step. Untouched room is address space only.
    buffer = ByteBuffer(capacity: min(memoryLimit, 1 << 26) + Self.writeSize)
  }

  deinit {
    if file >= 0 { close(file) }
  }

  var spilled: Bool { file >= 0 }

  func fail(_ reason: String) {
    if failure == nil { failure = reason }
  }

  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty else { return }
    buffer.append(bytes)
    count += bytes.count
    if file < 0 {
      guard buffer.count > memoryLimit, failure == nil else { return }
      openFile()
    }
    if file >= 0, buffer.count >= Self.writeSize { writeOut() }
  }

  /// An 8-byte little-endian length; `UInt64.max` for a nil string.
  func appendLength(_ length: UInt64) {
    withUnsafeBytes(of: length.littleEndian) { raw in
      append(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[...]))
    }
  }

  /// A reader from the first byte: what is buffered is written out first when spilled. Nil
  /// (and `failure` set) when the file cannot be rewound.
  func reader() -> SpoolReader? {
    guard failure == nil else { return nil }
    if file >= 0 {
      writeOut()
      guard failure == nil else { return nil }
      guard lseek(file, 0, SEEK_SET) == 0 else {
        fail("cannot read back the temporary file: \(String(cString: strerror(errno)))")
        return nil
      }
    }
    return SpoolReader(file: file, memory: buffer.bytes, count: count)
  }

  /// Everything appended, to `descriptor`: from memory with `write`, from the file with
  /// `sendfile` (no copy through this process). False, with nothing written, when
  /// `sendfile` refuses that descriptor; the caller then reads the store back instead.
  func send(to descriptor: Int32) -> Bool {
    guard failure == nil else { return false }
    guard file >= 0 else {
      // As the sink's own writes do, a failing output ends the output silently.
      _ = Self.writeAll(buffer.bytes, to: descriptor)
      return true
    }
    writeOut()
    guard failure == nil else { return false }
    var offset = off_t(0)
    while offset < off_t(count) {
      let sent = sendfile(descriptor, file, &offset, count - Int(offset))
      if sent < 0 {
        if errno == EINTR { continue }
        // Nothing sent yet: the caller can still read the file back. Later, the output
        // failed as a `write` to it would (a reader that went away): it ends here, as the
        // sink's own writes do.
        return offset > 0
      }
      if sent == 0 { break }
    }
    return true
  }

  /// Writes all of `bytes`, retrying short and interrupted writes; the `errno` of a failed
  /// write, nil when all were written.
  private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32)
    -> Int32?
  {
    guard var cursor = bytes.baseAddress else { return nil }
    var left = bytes.count
    while left > 0 {
      let written = write(descriptor, cursor, left)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      cursor += written
      left -= written
    }
    return nil
  }

  /// An unlinked file: nothing is left behind, whatever ends the process.
  private func openFile() {
    let directory =
      self.directory
      ?? getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    var template = Array("\(directory ?? "/tmp")/artfeed-json-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { path in
      path.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else {
      fail(
        "cannot make a temporary file in \(directory ?? "/tmp"): "
          + String(cString: strerror(errno)))
      return
    }
    template.withUnsafeBufferPointer { path in _ = path.baseAddress.map { unlink($0) } }
    file = descriptor
  }

  private func writeOut() {
    guard file >= 0, failure == nil else { return }
    if let error = Self.writeAll(buffer.bytes, to: file) {
      fail("cannot write the temporary file: \(String(cString: strerror(error)))")
      return
    }
    buffer.removeAll()
  }
}

/// Reads a store's bytes back from its file (through a 1 MiB window) or from memory.
struct SpoolReader: ~Copyable {
  private let file: Int32
  private let base: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private let owned: Bool
  private var start = 0
  private var end = 0
  /// Bytes not yet handed over.
  private var left: Int
  private(set) var failure: String?

  init(file: Int32, memory: UnsafeBufferPointer<UInt8>, count: Int) {
    self.file = file
    left = count
    if file < 0, let address = memory.baseAddress {
      base = UnsafeMutablePointer(mutating: address)
      capacity = memory.count
      end = memory.count
      owned = false
    } else {
      capacity = file >= 0 ? 1 << 20 : 16
      base = .allocate(capacity: capacity)
      owned = true
    }
  }

  deinit {
    if owned { base.deallocate() }
  }

  var hasMore: Bool { left > 0 }

  /// A length: `Int.max` stands for nil (`UInt64.max`); nil when the bytes end early.
  mutating func length() -> Int? {
    guard fill(8) else { return nil }
    var value: UInt64 = 0
    for offset in (0..<8).reversed() { value = value << 8 | UInt64(base[start + offset]) }
    consume(8)
    return value == UInt64.max ? Int.max : Int(clamping: value)
  }

  /// Reads a string part into `value`; false when the bytes end early.
  mutating func string(_ value: inout String?) -> Bool {
    guard let length = length() else { return false }
    guard length != Int.max else {
      value = nil
      return true
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(length)
    guard pieces(length, { bytes.append(contentsOf: $0) }) else { return false }
    value = String(decoding: bytes, as: UTF8.self)
    return true
  }

  /// Hands the next `count` bytes over in as many pieces as the window needs.
  mutating func pieces(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    var rest = count
    while rest > 0 {
      guard fill(1) else { return false }
      let step = min(rest, end - start)
      body(UnsafeBufferPointer(start: base + start, count: step))
      consume(step)
      rest -= step
    }
    return true
  }

  /// Passes over the next `count` bytes.
  mutating func skip(_ count: Int) -> Bool {
    pieces(count) { _ in }
  }

  private mutating func consume(_ count: Int) {
    start += count
    left -= count
  }

  /// Makes at least `count` bytes (at most the window's size) readable; false at the end.
  private mutating func fill(_ count: Int) -> Bool {
    if end - start >= count { return true }
    guard file >= 0 else { return false }
    let kept = end - start
    if kept > 0, start > 0 { base.update(from: base + start, count: kept) }
    start = 0
    end = kept
    while end < count {
      let got = read(file, base + end, capacity - end)
      if got < 0 {
        if errno == EINTR { continue }
        failure = "cannot read back the temporary file: \(String(cString: strerror(errno)))"
        return false
      }
      if got == 0 { return false }
      end += got
    }
    return true
  }
}
