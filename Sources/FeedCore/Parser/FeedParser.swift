import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads RSS 0.9x/1.0/2.0 and Atom 1.0 documents, with Media RSS, and JSON Feed into `Feed`
/// values.
///
/// XML input streams through libxml2's SAX2 push parser in 64 KiB chunks, so a file or standard
/// input of any size is read in bounded memory (the model itself aside). Malformed XML is
/// recovered: what was read stays, and libxml2's complaints become `Feed.warnings`. Only input
/// that is not a feed at all throws.
public enum FeedParser {
  /// Bytes handed to the decoder and libxml2 per step.
  static let chunkSize = 64 * 1024

  /// Parses a document held in memory.
  public static func parse(_ data: Data) throws(FeedParseError) -> Feed {
    var parse = StreamingParse(expectedByteCount: data.count)
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var offset = 0
      while offset < bytes.count {
        let end = min(offset + chunkSize, bytes.count)
        parse.push(UnsafeBufferPointer(rebasing: bytes[offset..<end]))
        offset = end
      }
    }
    return try parse.finish()
  }

  /// Parses the file at `url`, streaming it.
  public static func parse(contentsOf url: URL) throws(FeedParseError) -> Feed {
    let path = url.path
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    return try parse(descriptor: descriptor, name: path)
  }

  /// Parses everything readable from `fileHandle` (standard input, a pipe), streaming it.
  public static func parse(fileHandle: FileHandle) throws(FeedParseError) -> Feed {
    let descriptor = fileHandle.fileDescriptor
    let name = descriptor == 0 ? "standard input" : "file descriptor \(descriptor)"
    return try parse(descriptor: descriptor, name: name)
  }

  /// The size of the file behind `descriptor` when it is a regular file (not a pipe).
  private static func regularFileSize(_ descriptor: Int32) -> Int? {
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0
    else { return nil }
    return Int(info.st_size)
  }

  private static func parse(descriptor: Int32, name: String) throws(FeedParseError) -> Feed {
    var parse = StreamingParse(expectedByteCount: regularFileSize(descriptor))
    try readAll(descriptor: descriptor, name: name) { parse.push($0) }
    return try parse.finish()
  }

  /// Reads `descriptor` to its end in `chunkSize` pieces, handing each to `push`.
  static func readAll(
    descriptor: Int32, name: String, _ push: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(FeedParseError) {
    var buffer = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: name, reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      buffer.withUnsafeBufferPointer { push(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }
  }
}

/// The pipeline for one document: raw chunks -> `InputDecoder` -> `SAXSession` -> `Feed`.
struct StreamingParse {
  private var decoder = InputDecoder()
  private var ampersands = BareAmpersandEscaper()
  private var folder = TextReferenceFolder()
  /// Whether escaped text is folded into CDATA (`TextReferenceFolder`); the tests compare.
  /// Set before the first push.
  var foldsText = true {
    didSet { folder = TextReferenceFolder(folding: foldsText) }
  }
  /// References folded so far (a counter for the tests).
  var foldedReferences: Int { folder.foldedCount }
  let session = SAXSession()
  /// The whole input's size in bytes when known beforehand (a `Data`, a regular file).
  private let expectedByteCount: Int?
  private var pushedByteCount = 0
  private var sizedItemList = false
  /// Items go out in batches (`FeedParser+Batches.swift`): the list is sized per batch.
  var handsOutBatches = false
  /// Where decoded bytes go instead of the session while another thread parses them
  /// (`FeedParser.parseReadingAhead`); nil: to the session.
  var relay: ByteRelay?
  /// What the first bytes other than white space (and a byte-order mark) said the input is.
  private enum Syntax { case undecided, xml, json }
  private var syntax = Syntax.undecided
  /// The bytes held while undecided, and a JSON document's bytes (read whole at the end).
  private var held: [UInt8] = []

  /// A parse of `expectedByteCount` bytes in all, if known: the item list is then sized once
  /// from the first items instead of growing by doubling.
  init(expectedByteCount: Int? = nil) {
    self.expectedByteCount = expectedByteCount
  }

  mutating func push(_ chunk: UnsafeBufferPointer<UInt8>) {
    switch syntax {
    case .xml:
      pushXML(chunk)
    case .json:
      // Past the cap only the count matters: the reader refuses the document.
      if held.count <= JSONFeedReader.maxBytes { held.append(contentsOf: chunk) }
    case .undecided:
      held.append(contentsOf: chunk)
      let start = held.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      guard let first = held[start...].first(where: { !HTMLMarkup.isWhitespace($0) }) else {
        if held.count > 1 << 20 { decide(.xml) }
        return
      }
      decide(first == UInt8(ascii: "{") ? .json : .xml)
    }
  }

  /// Leaves the undecided state; XML gets the bytes held so far.
  private mutating func decide(_ decided: Syntax) {
    syntax = decided
    guard decided == .xml else { return }
    let bytes = held
    held = []
    bytes.withUnsafeBufferPointer { pushXML($0) }
  }

  private mutating func pushXML(_ chunk: UnsafeBufferPointer<UInt8>) {
    let session = self.session
    // Moved out and back so its buffers stay uniquely referenced (no copy on write).
    var ampersands = BareAmpersandEscaper()
    var folder = TextReferenceFolder()
    swap(&ampersands, &self.ampersands)
    swap(&folder, &self.folder)
    if let relay {
      decoder.push(chunk) {
        ampersands.escape($0, final: false) { folder.fold($0, final: false) { relay.append($0) } }
      }
    } else {
      decoder.push(chunk) {
        ampersands.escape($0, final: false) { folder.fold($0, final: false) { session.feed($0) } }
      }
    }
    swap(&ampersands, &self.ampersands)
    swap(&folder, &self.folder)
    pushedByteCount += chunk.count
    if !sizedItemList, !handsOutBatches, let expectedByteCount {
      sizeItemList(expectedByteCount: expectedByteCount)
    }
  }

  /// Once a few items are read, reserves room for as many items as the rest of the input
  /// would hold at the same size per item, plus an eighth. Unused room is address space only
  /// (untouched pages are never faulted in); it is capped at one item per 64 input bytes, so
  /// that a document whose first items are tiny cannot claim much even of that.
  private mutating func sizeItemList(expectedByteCount: Int) {
    let seen = session.itemCount
    guard seen >= 8, pushedByteCount > 0 else {
      if pushedByteCount >= expectedByteCount { sizedItemList = true }
      return
    }
    sizedItemList = true
    let bytesPerItem = max(1, pushedByteCount / seen)
    let estimate = expectedByteCount / bytesPerItem
    let capped = min(estimate + estimate / 8 + 16, expectedByteCount / 64)
    if capped > seen { session.reserveItems(capped) }
  }

  /// Flushes the input and returns the feed, or why there is none.
  mutating func finish() throws(FeedParseError) -> Feed {
    if syntax == .undecided { decide(.xml) }
    if syntax == .json { return try JSONFeedReader.read(held) }
    let session = self.session
    var ampersands = self.ampersands
    var folder = TextReferenceFolder()
    swap(&folder, &self.folder)
    decoder.finish {
      ampersands.escape($0, final: false) { folder.fold($0, final: false) { session.feed($0) } }
    }
    ampersands.escape(UnsafeBufferPointer(start: nil, count: 0), final: true) {
      folder.fold($0, final: false) { session.feed($0) }
    }
    folder.fold(UnsafeBufferPointer(start: nil, count: 0), final: true) { session.feed($0) }
    swap(&folder, &self.folder)
    session.finish()
    let document = session.result
    guard let format = document.format else { throw classifyFailure(document) }
    var warnings = decoder.warnings
    if ampersands.escapedCount > 0 {
      warnings.append("\(ampersands.escapedCount) \"&\" not starting a reference, read as text")
    }
    warnings += session.issues
    if session.issueCount > session.issues.count {
      warnings.append("(\(session.issueCount - session.issues.count) more XML errors not shown)")
    }
    var feed = Feed(
      format: format, title: document.title, link: document.link,
      description: document.description, author: document.author, warnings: warnings,
      items: document.items)
    feed.nextLink = document.nextLink
    return feed
  }

  /// Why a document without a feed root is not a feed, most specific reason first.
  private func classifyFailure(_ document: ParsedDocument) -> FeedParseError {
    let sample = decoder.sample
    let firstByte = sample.first { !HTMLMarkup.isWhitespace($0) }
    if !decoder.sawBytes || firstByte == nil { return .emptyInput }
    if let root = document.rootElement { return .notAFeed(rootElement: root) }
    if StreamingParse.looksLikeHTML(sample) { return .notAFeed(rootElement: "html") }
    if firstByte == UInt8(ascii: "[") { return .json(reason: "a list, not an object") }
    if StreamingParse.looksBinary(sample) { return .binary }
    // Not even markup: libxml2 would only say "Document is empty".
    // (A byte-order mark or a NUL means UTF-16 or UTF-32, which this raw sample cannot tell.)
    if let firstByte, firstByte != UInt8(ascii: "<"), ![0xEF, 0xFE, 0xFF].contains(firstByte),
      !sample.contains(0)
    {
      return .plainText(start: StreamingParse.start(of: sample))
    }
    if let error = session.firstError {
      return .notXML(line: error.line, column: error.column, message: error.message)
    }
    return .notXML(line: 1, column: 1, message: "no root element")
  }

  /// The first characters of text, after blanks, up to the line's end: at most 30, with
  /// control and format characters left out (for a one-line message).
  static func start(of sample: [UInt8]) -> String {
    let text = String(decoding: sample.prefix(512), as: UTF8.self)
    let line = text.drop { $0.isWhitespace }.prefix { !$0.isNewline }
    let clean = line.unicodeScalars.filter { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: false
      default: true
      }
    }
    let shown = String(String.UnicodeScalarView(clean))
    return shown.count > 30 ? String(shown.prefix(29)) + "…" : shown
  }

  /// `<!DOCTYPE html` or `<html` near the start (HTML that is not well-formed XML may never
  /// show libxml2 a root element).
  static func looksLikeHTML(_ sample: [UInt8]) -> Bool {
    let text = String(decoding: sample, as: UTF8.self).lowercased()
    return text.contains("<!doctype html") || text.contains("<html")
  }

  /// NUL bytes (outside UTF-16) or a high share of control bytes: not text.
  static func looksBinary(_ sample: [UInt8]) -> Bool {
    let controls = sample.filter { $0 < 0x20 && !HTMLMarkup.isWhitespace($0) }.count
    return sample.contains(0) || controls * 10 > sample.count
  }
}
