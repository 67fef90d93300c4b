import Foundation
import FuzzSupport
import Subscriptions

/// Fuzzes `OPMLReader` with whole documents, and `OPMLWriter` with what it reads.
///
/// Checks, beyond "does not crash or hang": every feed read has a non-empty, trimmed
/// `xmlURL` and no empty title, address or folder name; exporting the feeds read (folders
/// as one slash-separated tag) and reading the export back gives the same feed addresses,
/// titles and site addresses, as many times each.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOPML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = FuzzInput(data, size)
  guard let feeds = try? OPMLReader.feeds(in: Data(input.bytes)) else { return 0 }
  for feed in feeds {
    require(isTrimmedNonEmpty(feed.xmlURL), "xmlURL \(feed.xmlURL.debugDescription)")
    require(feed.title.map(isTrimmedNonEmpty) ?? true, "title \(String(describing: feed.title))")
    require(feed.htmlURL.map(isTrimmedNonEmpty) ?? true, "htmlURL")
    require(feed.folders.allSatisfy(isTrimmedNonEmpty), "folders \(feed.folders)")
  }
  let entries = feeds.map { feed in
    OPMLWriter.Entry(
      xmlURL: feed.xmlURL, title: feed.title ?? feed.xmlURL, htmlURL: feed.htmlURL,
      tags: feed.folders.isEmpty ? [] : [feed.folders.joined(separator: "/")])
  }
  let document = OPMLWriter.document(entries, date: Date(timeIntervalSince1970: 0))
  let reread: [OPMLFeed]
  do {
    reread = try OPMLReader.feeds(in: Data(document.utf8))
  } catch {
    require(false, "the export of what was read does not read back: \(error)")
    return 0
  }
  require(
    summary(reread) == summary(entries.map(exported)),
    "the export reads back differently")
  return 0
}

/// What an export can keep of a feed: the writer drops the control characters XML forbids.
private func exported(_ entry: OPMLWriter.Entry) -> [String?] {
  [cleaned(entry.xmlURL), cleaned(entry.title), entry.htmlURL.flatMap(cleaned)]
}

private func cleaned(_ text: String) -> String? {
  let kept = text.unicodeScalars.filter { scalar in
    scalar.value >= 0x20 || scalar == "\n" || scalar == "\r" || scalar == "\t"
  }.filter { $0 != "\u{FFFE}" && $0 != "\u{FFFF}" }
  let string = String(String.UnicodeScalarView(kept))
    .trimmingCharacters(in: .whitespacesAndNewlines)
  return string.isEmpty ? nil : string
}

/// Feeds as sorted rows, each as many times as it appears.
private func summary(_ rows: [[String?]]) -> [String] {
  rows.map { $0.map { $0 ?? "<nil>" }.joined(separator: "\u{1}") }.sorted()
}

private func summary(_ feeds: [OPMLFeed]) -> [String] {
  summary(feeds.map { [$0.xmlURL, $0.title, $0.htmlURL] })
}

private func isTrimmedNonEmpty(_ text: String) -> Bool {
  !text.isEmpty && text.trimmingCharacters(in: .whitespacesAndNewlines) == text
}

@main
enum Main {
  static func main() { runFuzzer(fuzzOPML) }
}
