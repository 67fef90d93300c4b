#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Item JSON held back until the feed's head is known (`FeedJSONStream`): pieces of finished
/// JSON, and holes where a value is decided only at the end, with what it is decided from.
///
/// The pieces stay in memory up to `memoryLimit` bytes, then go to an unlinked temporary file
/// in `TMPDIR` (else `/tmp`), so a feed of any size is held back in bounded memory. Each
/// record is a tag byte, then each part as an 8-byte little-endian length and its bytes.
final class JSONSpool {
  /// Why the spool could not be written or read back, if it could not.
  private(set) var failure: String?
  private var buffer = ByteBuffer(capacity: 1 << 16)
  private var file: Int32 = -1
  private let memoryLimit: Int
  /// Where the temporary file goes; nil for `TMPDIR`, else `/tmp`.
  private let directory: String?
  /// Once spilling, the buffer is written out whenever it holds this much.
  private static let writeSize = 1 << 20

  private enum Tag: UInt8 {
    case literal = 0
    /// A hole: two optional strings (a length of `UInt64.max` is nil).
    case hole = 1
  }

  init(memoryLimit: Int, directory: String? = nil) {
    self.memoryLimit = memoryLimit
    self.directory = directory
  }

  deinit {
    if file >= 0 { close(file) }
  }

  /// True once the records have gone to a file.
  var spilled: Bool { file >= 0 }

  func literal(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty else { return }
    buffer.append(Tag.literal.rawValue)
    appendLength(UInt64(bytes.count))
    buffer.append(bytes)
    spillIfFull()
  }

  func hole(_ first: String?, _ second: String?) {
    buffer.append(Tag.hole.rawValue)
    for var part in [first, second] {
      guard part != nil else {
        appendLength(UInt64.max)
        continue
      }
      part?.withUTF8 { bytes in
        appendLength(UInt64(bytes.count))
        buffer.append(bytes)
      }
    }
    spillIfFull()
  }

  /// Reads the records back in order: each literal's bytes (maybe in several pieces) to
  /// `literal`, each hole's two strings to `hole`. Returns false (and sets `failure`) when the
  /// file cannot be read back.
  func replay(
    literal: (UnsafeBufferPointer<UInt8>) -> Void, hole: (String?, String?) -> Void
  ) -> Bool {
    guard failure == nil else { return false }
    if file >= 0 {
      writeOut()
      guard failure == nil else { return false }
      guard lseek(file, 0, SEEK_SET) == 0 else {
        failure = "cannot read back the temporary file: \(String(cString: strerror(errno)))"
        return false
      }
    }
    var reader = SpoolReader(file: file, memory: buffer.bytes)
    while let tag = reader.byte() {
      switch Tag(rawValue: tag) {
      case .literal:
        guard let length = reader.length(), reader.pieces(length, literal) else { break }
        continue
      case .hole:
        var first: String?
        var second: String?
        guard reader.string(&first), reader.string(&second) else { break }
        hole(first, second)
        continue
      case nil:
        break
      }
      failure = reader.failure ?? "the temporary file was cut short"
      return false
    }
    if let readFailure = reader.failure { failure = readFailure }
    return failure == nil
  }

  private func appendLength(_ length: UInt64) {
    withUnsafeBytes(of: length.littleEndian) { raw in
      buffer.append(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[...]))
    }
  }

  private func spillIfFull() {
    if file < 0 {
      guard buffer.count > memoryLimit, failure == nil else { return }
      openFile()
    }
    if file >= 0, buffer.count >= Self.writeSize { writeOut() }
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
      failure =
        "cannot make a temporary file in \(directory ?? "/tmp"): "
        + String(cString: strerror(errno))
      return
    }
    template.withUnsafeBufferPointer { path in _ = path.baseAddress.map { unlink($0) } }
    file = descriptor
  }

  private func writeOut() {
    guard file >= 0, failure == nil else { return }
    let bytes = buffer.bytes
    guard var cursor = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = write(file, cursor, left)
      if written < 0 {
        if errno == EINTR { continue }
        failure = "cannot write the temporary file: \(String(cString: strerror(errno)))"
        return
      }
      cursor += written
      left -= written
    }
    buffer.removeAll()
  }
}

/// Reads a spool's records from its file (through a 1 MiB window) or from memory.
private struct SpoolReader: ~Copyable {
  private let file: Int32
  private let base: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private let owned: Bool
  private var start = 0
  private var end = 0
  private(set) var failure: String?

  init(file: Int32, memory: UnsafeBufferPointer<UInt8>) {
    self.file = file
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

  mutating func byte() -> UInt8? {
    guard fill(1) else { return nil }
    start += 1
    return base[start - 1]
  }

  /// A part's length: -1 for a nil string, nil when the records end early.
  mutating func length() -> Int? {
    guard fill(8) else { return nil }
    var value: UInt64 = 0
    for offset in (0..<8).reversed() { value = value << 8 | UInt64(base[start + offset]) }
    start += 8
    return value == UInt64.max ? -1 : Int(clamping: value)
  }

  /// Reads a string part into `value`; false when the records end early.
  mutating func string(_ value: inout String?) -> Bool {
    guard let length = length() else { return false }
    guard length >= 0 else {
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
    var left = count
    while left > 0 {
      guard fill(1) else { return false }
      let step = min(left, end - start)
      body(UnsafeBufferPointer(start: base + start, count: step))
      start += step
      left -= step
    }
    return true
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
