import Foundation
import FuzzSupport

@testable import FeedCore

/// Fuzzes `FeedParser` with whole documents.
///
/// Checks, beyond "does not crash or hang":
/// - the same bytes pushed in small chunks (sizes from the input's own hash, as a pipe or a
///   slow network delivers them) give the same feed as one push when the document is
///   well-formed (no warnings), and succeed or fail alike in any case;
/// - a progressive parse (batches of 1, 2, 4... items) hands over exactly the items of the
///   whole parse, in order, and throws the same error;
/// - the text fields that go through `FieldText` are `nil` or non-empty, trimmed of Unicode
///   white space, and hold no C1 control that windows-1252 defines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = FuzzInput(data, size)
  let document = Data(input.bytes)
  let whole = Result { () throws(FeedParseError) -> Feed in try FeedParser.parse(document) }
  let chunked = parseInChunks(input.bytes)
  switch (whole, chunked) {
  case (.success(let one), .success(let many)):
    // Recovery from malformed XML (a truncated download) is libxml2's and depends on where
    // its input pauses; a well-formed document must not.
    require(
      !(one.warnings.isEmpty && many.warnings.isEmpty)
        || withoutWarnings(one) == withoutWarnings(many),
      "chunked parse differs: \(difference(one, many))")
    checkFields(one)
  case (.failure(let one), .failure(let many)):
    require(sameKind(one, many), "chunked parse fails differently: \(one) vs \(many)")
  default:
    require(false, "chunked parse disagrees on success: \(whole) vs \(chunked)")
  }
  var batched: [FeedItem] = []
  let progressive = Result { () throws(FeedParseError) -> Feed in
    try FeedParser.parse(document, batches: BatchSizes(first: 1, limit: 2)) { batch in
      require(batch.offset == batched.count, "batch offset \(batch.offset) != \(batched.count)")
      batched += batch.items
    }
  }
  switch (whole, progressive) {
  case (.success(let one), .success(let feed)):
    require(feed.items.isEmpty, "a progressive parse returns its feed without items")
    require(one.items == batched, "batches differ from the whole parse")
  case (.failure(let one), .failure(let other)):
    require(one == other, "progressive parse fails differently: \(one) vs \(other)")
  default:
    require(false, "progressive parse disagrees on success")
  }
  return 0
}

/// The feed pushed through a `StreamingParse` in chunks of 1 to 61 bytes.
private func parseInChunks(_ bytes: [UInt8]) -> Result<Feed, FeedParseError> {
  var hash: UInt32 = 2_166_136_261
  for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
  let step = 1 + Int(hash % 61)
  var parse = StreamingParse(expectedByteCount: bytes.count)
  bytes.withUnsafeBufferPointer { buffer in
    var offset = 0
    while offset < buffer.count {
      let end = min(offset + step, buffer.count)
      parse.push(UnsafeBufferPointer(rebasing: buffer[offset..<end]))
      offset = end
    }
  }
  return Result { () throws(FeedParseError) -> Feed in try parse.finish() }
}

/// Where two feeds first differ, for the crash report.
private func difference(_ one: Feed, _ other: Feed) -> String {
  guard one.items.count == other.items.count else {
    return "\(one.items.count) items vs \(other.items.count)"
  }
  for (index, (a, b)) in zip(one.items, other.items).enumerated() where a != b {
    let left = Mirror(reflecting: a).children
    let right = Mirror(reflecting: b).children
    for (x, y) in zip(left, right) where "\(x.value)" != "\(y.value)" {
      return "item \(index) \(x.label ?? "?"): \(String(reflecting: x.value).prefix(300))"
        + " vs \(String(reflecting: y.value).prefix(300))"
    }
  }
  return "feed fields: \(String(reflecting: withoutWarnings(one)).prefix(200))"
    + " vs \(String(reflecting: withoutWarnings(other)).prefix(200))"
}

/// libxml2's messages name positions that may depend on where chunks end: not compared.
private func withoutWarnings(_ feed: Feed) -> Feed {
  var feed = feed
  feed.warnings = []
  return feed
}

/// Same error, ignoring libxml2's position and wording in `notXML`.
private func sameKind(_ one: FeedParseError, _ other: FeedParseError) -> Bool {
  if case .notXML = one, case .notXML = other { return true }
  return one == other
}

private func checkFields(_ feed: Feed) {
  check(feed.title, "feed title")
  check(feed.description, "feed description")
  for (index, item) in feed.items.enumerated() {
    for (name, value) in [
      ("title", item.title), ("summary", item.summary), ("link", item.link),
      ("guid", item.guid), ("author", item.author), ("mediaTitle", item.mediaTitle),
      ("mediaDescription", item.mediaDescription),
    ] {
      check(value, "item \(index) \(name)")
    }
  }
}

/// A `FieldText` result: nil, or non-empty, trimmed, no defined C1 control.
private func check(_ value: String?, _ name: String) {
  guard let value else { return }
  require(!value.isEmpty, "\(name) is empty instead of nil")
  let scalars = value.unicodeScalars
  if let first = scalars.first, let last = scalars.last {
    require(!first.properties.isWhitespace, "\(name) starts with white space")
    require(!last.properties.isWhitespace, "\(name) ends with white space")
  }
  for scalar in scalars where (0x80...0x9F).contains(scalar.value) {
    require(
      Windows1252.scalar(forC1: scalar.value) == scalar.value,
      "\(name) keeps C1 control U+\(String(scalar.value, radix: 16))")
  }
}

@main
enum Main {
  static func main() { runFuzzer(fuzzParser) }
}
