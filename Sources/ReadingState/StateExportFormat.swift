import FeedModel
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What an export may hold, checked field by field on import (and kept by export), so that a
/// backup file can never put into the state what artfeed itself would not.
public enum StateExportLimits {
  /// A feed key is an address or a file's path: 8 KiB is twice `PATH_MAX` and longer than
  /// any address a server accepts.
  public static let feedKeyBytes = 8192
  /// Far more feeds than anyone follows (every feed ever loaded keeps its row).
  public static let feeds = 1_000_000
  /// Far more marks than any state holds (a mark is 8 bytes of key; 100 M is a 10 GB export).
  public static let items = 100_000_000
  /// Far more artists than anyone follows.
  public static let follows = 1_000_000
  /// How far past the importing machine's clock a time may be: clocks of two machines
  /// disagree, but a time further ahead would win every later merge ("the later change
  /// wins") against the reader's own marks.
  public static let clockSkew: Int64 = 86_400

  /// The latest time an import accepts, as of `now`.
  public static func latestTime(now: Date) -> Int64 {
    Int64(now.timeIntervalSince1970.rounded(.down)) + clockSkew
  }

  /// Why `key` cannot be a feed's key, or nil when it can: empty, too long, or holding a
  /// control character (C0, DEL or C1), which no address or path artfeed makes holds.
  public static func problem(feedKey key: String) -> String? {
    if key.isEmpty { return "is empty" }
    if key.utf8.count > feedKeyBytes { return "is longer than \(feedKeyBytes) bytes" }
    if key.unicodeScalars.contains(where: isControl) { return "holds a control character" }
    return nil
  }

  /// Why `name` cannot be a followed artist's name (`ArtistFollow.problem`), or nil.
  public static func problem(followName name: String) -> String? {
    ArtistFollow.problem(name: name)
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Why `time` cannot be a time of the state, or nil when it can.
  static func problem(time: Int64, latest: Int64) -> String? {
    if time < 0 { return "\(time) is before 1970" }
    if time > latest { return "\(time) is more than a day ahead of this machine's clock" }
    return nil
  }
}

/// Writes an export as `StateSnapshot.encoded()` has it, one feed, item or follow per line,
/// in chunks handed to `sink`: the whole export is never in memory.
public final class StateExportWriter {
  /// Takes each chunk of the export, in order; a failure ends the export.
  public typealias Sink = (UnsafeRawBufferPointer) throws(StateError) -> Void

  private let sink: Sink
  private var buffer: [UInt8] = []
  private var inArray = false
  private var arrayEmpty = true
  private static let chunk = 1 << 16

  public init(sink: @escaping Sink) {
    self.sink = sink
    buffer.reserveCapacity(Self.chunk + 16_384)
  }

  /// Starts an export of `format` (`StateSnapshot.format(withFollows:withArtists:)`).
  func begin(format: Int) throws(StateError) {
    append("{\"format\":\(format),\n\"feeds\":")
    openArray()
  }

  func feed(_ feed: StateSnapshot.Feed) throws(StateError) {
    element()
    append("{\"key\":")
    appendString(feed.key)
    if let visit = feed.lastVisit { append(",\"lastVisit\":\(visit)") }
    append("}")
    try flushIfFull()
  }

  /// Ends the feeds and starts the items.
  func beginItems() throws(StateError) {
    closeArray()
    append(",\n\"items\":")
    openArray()
  }

  func item(_ item: StateSnapshot.Item) throws(StateError) {
    element()
    append("{")
    if let artist = item.artist {
      append("\"artist\":\"")
      append(artist)
      append("\",")
    }
    append("\"changed\":\(item.changed),\"firstSeen\":\(item.firstSeen),\"id\":\"")
    append(item.id)
    append("\",\"read\":\(item.read),\"starred\":\(item.starred)}")
    try flushIfFull()
  }

  /// Ends the items and starts the followed artists (format 2 only).
  func beginFollows() throws(StateError) {
    closeArray()
    append(",\n\"follows\":")
    openArray()
  }

  func follow(_ follow: StateSnapshot.Follow) throws(StateError) {
    element()
    append("{\"name\":")
    appendString(follow.name)
    append(",\"since\":\(follow.since)}")
    try flushIfFull()
  }

  func end() throws(StateError) {
    closeArray()
    append("}\n")
    try flush()
  }

  private func openArray() {
    append("[")
    arrayEmpty = true
  }

  private func element() {
    append(arrayEmpty ? "\n" : ",\n")
    arrayEmpty = false
  }

  private func closeArray() {
    append(arrayEmpty ? "]" : "\n]")
  }

  private func append(_ text: String) {
    buffer.append(contentsOf: text.utf8)
  }

  /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
  private func appendString(_ text: String) {
    buffer.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case UInt8(ascii: "\n"): append("\\n")
      case UInt8(ascii: "\t"): append("\\t")
      case UInt8(ascii: "\r"): append("\\r")
      case 0..<0x20, 0x7F:
        let hex = String(byte, radix: 16)
        append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: buffer.append(byte)
      }
    }
    buffer.append(UInt8(ascii: "\""))
  }

  private func flushIfFull() throws(StateError) {
    if buffer.count >= Self.chunk { try flush() }
  }

  private func flush() throws(StateError) {
    guard !buffer.isEmpty else { return }
    let result: Result<Void, StateError> = buffer.withUnsafeBytes { bytes in
      do throws(StateError) {
        try sink(bytes)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Where an import's bytes come from: a file read in chunks (at most 64 KiB in memory), or
/// bytes already in memory.
public final class StateExportInput {
  private let descriptor: Int32?
  private var fileOffset: Int64 = 0
  fileprivate var bytes: [UInt8]
  fileprivate var position = 0
  /// Bytes read before `bytes[0]`, for error positions.
  fileprivate var consumed = 0
  private let name: String

  /// Reads the open file `descriptor` from its start (with `pread`: its offset is left
  /// alone, so the same file can be read twice); `name` is for errors.
  public init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
    bytes = []
  }

  public init(bytes: [UInt8]) {
    descriptor = nil
    name = "the export"
    self.bytes = bytes
  }

  /// How many bytes have been read so far.
  var bytesRead: Int { consumed + bytes.count }

  /// Reads the next chunk into `bytes`; false at the end of the input.
  fileprivate func refill() throws(StateError) -> Bool {
    guard let descriptor else { return false }
    consumed += bytes.count
    position = 0
    if bytes.count != 1 << 16 { bytes = [UInt8](repeating: 0, count: 1 << 16) }
    while true {
      let count = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress, buffer.count, off_t(fileOffset))
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw StateError(.io, "cannot be read: \(String(cString: strerror(errno)))")
      }
      fileOffset += Int64(count)
      bytes.removeSubrange(count...)
      return count > 0
    }
  }
}

/// Reads an export as it streams in, checking every field against `StateExportLimits`, and
/// hands each feed and item on as soon as it is whole: memory stays bounded whatever the
/// file's size. Any fault is one line naming where it is (`items[12].changed: ...`).
///
/// The format is JSON as `StateExportWriter` writes it, in any key order and spacing; keys
/// it does not know are refused, so a field never passes unchecked.
public struct StateExportReader {
  /// How many of each the export held, and its format.
  public struct Counts: Sendable, Equatable {
    public var items = 0
    public var feeds = 0
    public var follows = 0
    public var format = 1
  }

  private let input: StateExportInput
  private let latest: Int64
  private var scratch: [UInt8] = []

  private init(_ input: StateExportInput, now: Date) {
    self.input = input
    latest = StateExportLimits.latestTime(now: now)
  }

  /// Reads all of `input`, calling `feed`, `item` and `follow` in the file's order.
  public static func read(
    _ input: StateExportInput, now: Date = Date(),
    feed: (StateSnapshot.Feed) throws(StateError) -> Void,
    item: (StateSnapshot.Item) throws(StateError) -> Void,
    follow: (StateSnapshot.Follow) throws(StateError) -> Void = { _ in }
  ) throws(StateError) -> Counts {
    var reader = StateExportReader(input, now: now)
    return try reader.document(feed: feed, item: item, follow: follow)
  }

  // MARK: - The document

  private mutating func document(
    feed: (StateSnapshot.Feed) throws(StateError) -> Void,
    item: (StateSnapshot.Item) throws(StateError) -> Void,
    follow: (StateSnapshot.Follow) throws(StateError) -> Void
  ) throws(StateError) -> Counts {
    guard let first = try peekSignificant() else { throw notJSON("the export is empty") }
    guard first == UInt8(ascii: "{") else {
      if first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") || first == UInt8(ascii: "-")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "t")
        || first == UInt8(ascii: "f") || first == UInt8(ascii: "n")
      {
        throw StateError(.badInput, "wrong type at the top: an export is a JSON object")
      }
      throw notJSON("expected '{'")
    }
    advance()
    var counts = Counts()
    var seen = Set<String>()
    try members(at: "the top") { (key, reader) throws(StateError) in
      guard seen.insert(key).inserted else {
        throw StateError(.badInput, "\"\(key)\" twice at the top")
      }
      switch key {
      case "format":
        let format = try reader.integer { "format" }
        let formats = StateSnapshot.readableFormats
        guard format >= Int64(formats.lowerBound), format <= Int64(formats.upperBound) else {
          throw StateError(
            .badInput,
            "format \(format) is not one this artfeed reads (\(formats.lowerBound) to "
              + "\(formats.upperBound))")
        }
        counts.format = Int(format)
      case "feeds":
        try reader.array(at: "feeds") { (index, reader) throws(StateError) in
          guard index < StateExportLimits.feeds else {
            throw StateError(.badInput, "feeds: more than \(StateExportLimits.feeds)")
          }
          try feed(try reader.feedObject(index))
          counts.feeds += 1
        }
      case "items":
        try reader.array(at: "items") { (index, reader) throws(StateError) in
          guard index < StateExportLimits.items else {
            throw StateError(.badInput, "items: more than \(StateExportLimits.items)")
          }
          try item(try reader.itemObject(index))
          counts.items += 1
        }
      case "follows":
        try reader.array(at: "follows") { (index, reader) throws(StateError) in
          guard index < StateExportLimits.follows else {
            throw StateError(.badInput, "follows: more than \(StateExportLimits.follows)")
          }
          try follow(try reader.followObject(index))
          counts.follows += 1
        }
      default:
        throw StateError(.badInput, "unknown key \(Self.quoted(key)) at the top")
      }
    }
    for key in ["format", "feeds", "items"] where !seen.contains(key) {
      throw StateError(.badInput, "missing \"\(key)\" at the top")
    }
    guard try peekSignificant() == nil else { throw notJSON("more text after the export") }
    return counts
  }

  private mutating func feedObject(_ index: Int) throws(StateError) -> StateSnapshot.Feed {
    let at = "feeds[\(index)]"
    try open(at: at)
    var key: String?
    var lastVisit: Int64?
    var seenVisit = false
    try members(at: at) { (name, reader) throws(StateError) in
      switch name {
      case "key":
        guard key == nil else { throw StateError(.badInput, "\(at).key twice") }
        let text = try reader.string(limit: StateExportLimits.feedKeyBytes) { "\(at).key" }
        if let problem = StateExportLimits.problem(feedKey: text) {
          throw StateError(.badInput, "\(at).key \(problem)")
        }
        key = text
      case "lastVisit":
        guard !seenVisit else { throw StateError(.badInput, "\(at).lastVisit twice") }
        seenVisit = true
        lastVisit = try reader.nullOr { (reader) throws(StateError) in
          try reader.time { "\(at).lastVisit" }
        }
      default:
        throw StateError(.badInput, "unknown key \(Self.quoted(name)) in \(at)")
      }
    }
    guard let key else { throw StateError(.badInput, "missing \"key\" at \(at)") }
    return StateSnapshot.Feed(key: key, lastVisit: lastVisit)
  }

  private mutating func followObject(_ index: Int) throws(StateError) -> StateSnapshot.Follow {
    let at = "follows[\(index)]"
    try open(at: at)
    var name: String?
    var since: Int64?
    try members(at: at) { (key, reader) throws(StateError) in
      switch key {
      case "name":
        guard name == nil else { throw StateError(.badInput, "\(at).name twice") }
        let text = try reader.string(limit: ArtistFollow.maxNameBytes) { "\(at).name" }
        if let problem = ArtistFollow.problem(name: text) {
          throw StateError(.badInput, "\(at).name \(problem)")
        }
        name = text
      case "since":
        guard since == nil else { throw StateError(.badInput, "\(at).since twice") }
        since = try reader.time { "\(at).since" }
      default:
        throw StateError(.badInput, "unknown key \(Self.quoted(key)) in \(at)")
      }
    }
    guard let name else { throw StateError(.badInput, "missing \"name\" at \(at)") }
    guard let since else { throw StateError(.badInput, "missing \"since\" at \(at)") }
    return StateSnapshot.Follow(name: name, since: since)
  }

  private mutating func itemObject(_ index: Int) throws(StateError) -> StateSnapshot.Item {
    let at = "items[\(index)]"
    try open(at: at)
    var id: String?
    var read: Bool?
    var starred: Bool?
    var firstSeen: Int64?
    var changed: Int64?
    var artist: String?
    try members(at: at) { (name, reader) throws(StateError) in
      func once<T>(_ value: T?) throws(StateError) {
        guard value == nil else { throw StateError(.badInput, "\(at).\(name) twice") }
      }
      switch name {
      case "id":
        try once(id)
        id = try reader.sixteenHexDigits { "\(at).id" }
      case "artist":
        try once(artist)
        artist = try reader.sixteenHexDigits { "\(at).artist" }
      case "read":
        try once(read)
        read = try reader.bool { "\(at).read" }
      case "starred":
        try once(starred)
        starred = try reader.bool { "\(at).starred" }
      case "firstSeen":
        try once(firstSeen)
        firstSeen = try reader.time { "\(at).firstSeen" }
      case "changed":
        try once(changed)
        changed = try reader.time { "\(at).changed" }
      default:
        throw StateError(.badInput, "unknown key \(Self.quoted(name)) in \(at)")
      }
    }
    guard let id else { throw StateError(.badInput, "missing \"id\" at \(at)") }
    guard let read else { throw StateError(.badInput, "missing \"read\" at \(at)") }
    guard let starred else { throw StateError(.badInput, "missing \"starred\" at \(at)") }
    guard let firstSeen else { throw StateError(.badInput, "missing \"firstSeen\" at \(at)") }
    guard let changed else { throw StateError(.badInput, "missing \"changed\" at \(at)") }
    return StateSnapshot.Item(
      id: id, read: read, starred: starred, firstSeen: firstSeen, changed: changed,
      artist: artist)
  }

  // MARK: - JSON structure

  /// Expects an object's `{` at `at`.
  private mutating func open(at: @autoclosure () -> String) throws(StateError) {
    guard try peekSignificant() == UInt8(ascii: "{") else {
      throw try wrongType(at(), "an object")
    }
    advance()
  }

  /// Reads an object's members after its `{`, through its `}`; `body` reads each value.
  private mutating func members(
    at: @autoclosure () -> String,
    _ body: (String, inout StateExportReader) throws(StateError) -> Void
  ) throws(StateError) {
    if try peekSignificant() == UInt8(ascii: "}") {
      advance()
      return
    }
    while true {
      guard try peekSignificant() == UInt8(ascii: "\"") else { throw notJSON("expected a key") }
      // Keys are short words; a long one is refused before it fills memory.
      let key = try string(limit: 64) { "a key in \(at())" }
      guard try peekSignificant() == UInt8(ascii: ":") else { throw notJSON("expected ':'") }
      advance()
      try body(key, &self)
      switch try peekSignificant() {
      case UInt8(ascii: ","): advance()
      case UInt8(ascii: "}"):
        advance()
        return
      default: throw notJSON("expected ',' or '}'")
      }
    }
  }

  /// Reads an array, through its `]`; `body` reads each element.
  private mutating func array(
    at: String, _ body: (Int, inout StateExportReader) throws(StateError) -> Void
  ) throws(StateError) {
    guard try peekSignificant() == UInt8(ascii: "[") else { throw try wrongType(at, "an array") }
    advance()
    if try peekSignificant() == UInt8(ascii: "]") {
      advance()
      return
    }
    var index = 0
    while true {
      try body(index, &self)
      index += 1
      switch try peekSignificant() {
      case UInt8(ascii: ","): advance()
      case UInt8(ascii: "]"):
        advance()
        return
      default: throw notJSON("expected ',' or ']'")
      }
    }
  }

  // MARK: - Values

  private mutating func bool(at: () -> String) throws(StateError) -> Bool {
    switch try peekSignificant() {
    case UInt8(ascii: "t"):
      try literal("true")
      return true
    case UInt8(ascii: "f"):
      try literal("false")
      return false
    default: throw try wrongType(at(), "true or false")
    }
  }

  /// `null` as nil, anything else read by `body`.
  private mutating func nullOr<T>(
    _ body: (inout StateExportReader) throws(StateError) -> T
  ) throws(StateError) -> T? {
    guard try peekSignificant() == UInt8(ascii: "n") else { return try body(&self) }
    try literal("null")
    return nil
  }

  /// Unix seconds within the state's range.
  /// A 64-bit key written as 16 hex digits (an item's id, its artist's hash), lowercased.
  private mutating func sixteenHexDigits(at: () -> String) throws(StateError) -> String {
    let text = try string(limit: 16, at: at)
    guard text.utf8.count == 16, text.utf8.allSatisfy(Self.isHexDigit) else {
      throw StateError(.badInput, "\(at()) is not 16 hex digits")
    }
    return text.lowercased()
  }

  private mutating func time(at: () -> String) throws(StateError) -> Int64 {
    let value = try integer(at: at)
    if let problem = StateExportLimits.problem(time: value, latest: latest) {
      throw StateError(.badInput, "\(at()): \(problem)")
    }
    return value
  }

  /// A whole number that fits 64 bits; fractions and exponents are refused.
  private mutating func integer(at: () -> String) throws(StateError) -> Int64 {
    guard let first = try peekSignificant() else { throw notJSON("unexpected end") }
    guard first == UInt8(ascii: "-") || Self.isDigit(first) else {
      throw try wrongType(at(), "a whole number")
    }
    let negative = first == UInt8(ascii: "-")
    if negative {
      advance()
      guard let next = try peek(), Self.isDigit(next) else { throw notJSON("expected a digit") }
    }
    var magnitude: UInt64 = 0
    var digits = 0
    while let next = try peek(), Self.isDigit(next) {
      if digits == 1, magnitude == 0 { throw notJSON("a number with a leading zero") }
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(UInt64(next - UInt8(ascii: "0")))
      guard !overflow, !overflow2 else {
        throw StateError(.badInput, "\(at()): out of range")
      }
      magnitude = sum
      digits += 1
      advance()
    }
    if let next = try peek(),
      next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E")
    {
      throw StateError(.badInput, "\(at()): not a whole number")
    }
    if negative {
      guard magnitude <= UInt64(Int64.max) + 1 else {
        throw StateError(.badInput, "\(at()): out of range")
      }
      return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
    guard magnitude <= UInt64(Int64.max) else {
      throw StateError(.badInput, "\(at()): out of range")
    }
    return Int64(magnitude)
  }

  /// A string of at most `limit` bytes (UTF-8, after escapes), valid Unicode.
  private mutating func string(limit: Int, at: () -> String) throws(StateError) -> String {
    guard try peekSignificant() == UInt8(ascii: "\"") else { throw try wrongType(at(), "a string") }
    advance()
    scratch.removeAll(keepingCapacity: true)
    while true {
      guard let byte = try peek() else { throw notJSON("unexpected end in a string") }
      advance()
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: scratch, as: UTF8.self) else {
          throw StateError(.badInput, "\(at()): not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        try escape()
      case 0..<0x20:
        throw notJSON("a control character inside a string")
      default:
        scratch.append(byte)
      }
      guard scratch.count <= limit else {
        throw StateError(.badInput, "\(at()) is longer than \(limit) bytes")
      }
    }
  }

  /// One escape after its backslash, appended to `scratch` as UTF-8.
  private mutating func escape() throws(StateError) {
    guard let byte = try peek() else { throw notJSON("unexpected end in a string") }
    advance()
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var value = try hex4()
      if (0xD800...0xDBFF).contains(value) {
        guard try peek() == UInt8(ascii: "\\") else { throw notJSON("a lone surrogate") }
        advance()
        guard try peek() == UInt8(ascii: "u") else { throw notJSON("a lone surrogate") }
        advance()
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw notJSON("a lone surrogate") }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(value) {
        throw notJSON("a lone surrogate")
      }
      guard let scalar = Unicode.Scalar(value) else { throw notJSON("a bad \\u escape") }
      scratch.append(contentsOf: Array(String(Character(scalar)).utf8))
    default: throw notJSON("a bad escape")
    }
  }

  private mutating func hex4() throws(StateError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = try peek() else { throw notJSON("unexpected end in a string") }
      advance()
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw notJSON("a bad \\u escape")
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private mutating func literal(_ word: StaticString) throws(StateError) {
    let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for expected in bytes {
      guard try peek() == expected else { throw notJSON("expected \(word)") }
      advance()
    }
  }

  // MARK: - Bytes

  /// The next byte, nil at the end.
  private func peek() throws(StateError) -> UInt8? {
    if input.position < input.bytes.count { return input.bytes[input.position] }
    guard try input.refill() else { return nil }
    return input.bytes[input.position]
  }

  /// The next byte that is not JSON white space, nil at the end.
  private func peekSignificant() throws(StateError) -> UInt8? {
    while let byte = try peek() {
      switch byte {
      case 0x20, 0x0A, 0x0D, 0x09: advance()
      default: return byte
      }
    }
    return nil
  }

  private func advance() {
    input.position += 1
  }

  private func notJSON(_ what: String) -> StateError {
    StateError(.badInput, "not JSON: \(what) at byte \(input.consumed + input.position)")
  }

  /// The value at hand is valid JSON of the wrong type (or not JSON at all).
  private func wrongType(_ at: String, _ expected: String) throws(StateError) -> StateError {
    guard try peekSignificant() != nil else { return notJSON("unexpected end") }
    return StateError(.badInput, "wrong type at \(at): expected \(expected)")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  /// A key for a message: printable ASCII as is, anything else escaped.
  private static func quoted(_ key: String) -> String {
    var text = "\""
    for scalar in key.unicodeScalars {
      if (0x20..<0x7F).contains(scalar.value), scalar != "\"", scalar != "\\" {
        text.unicodeScalars.append(scalar)
      } else {
        text += "\\u{\(String(scalar.value, radix: 16))}"
      }
    }
    return text + "\""
  }
}
