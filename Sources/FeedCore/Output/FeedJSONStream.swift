/// `artfeed parse --json` for a feed of any size: items are written as they are parsed, and
/// the document comes out at the end, in bounded memory.
///
/// The document opens with the feed's fields and warnings, which are final only once the
/// whole input is read, and each item's artist may come from the feed's title, link and
/// author (`ItemArtist`), which a feed may give after its items. So each item's JSON goes to
/// a `JSONSpool` as it is written, with a hole where the artist goes holding the item's
/// `author` and `title`; `finish` writes the head, then the spool with each hole filled by
/// the final rule. The bytes are those of `Feed.writeJSON(shown:)` on the whole feed.
public final class FeedJSONStream {
  private let spool: JSONSpool
  /// Writes items as the elements of the document's `items` array (two levels deep).
  private let items: JSONWriter
  private var count = 0

  /// - Parameters:
  ///   - memoryLimit: how many bytes of item JSON stay in memory before the rest go to a
  ///     temporary file.
  ///   - temporaryDirectory: where that file goes; nil for `TMPDIR`, else `/tmp`.
  public init(memoryLimit: Int = 8 << 20, temporaryDirectory: String? = nil) {
    let spool = JSONSpool(memoryLimit: memoryLimit, directory: temporaryDirectory)
    self.spool = spool
    items = JSONWriter(flushSize: 1 << 16, sink: { spool.literal($0) }, inside: [true, false])
  }

  /// The number of items written so far.
  public var itemCount: Int { count }

  /// True once item JSON has gone to a temporary file.
  public var spilled: Bool { spool.spilled }

  /// Writes `item` with what a reader sees of it; `shown.artist` is not used (the artist is
  /// decided in `finish`).
  public func append(_ item: FeedItem, shown: ItemShown) {
    count += 1
    let spool = self.spool
    let writer = items
    // The closure holds the two strings, not a copy of the whole item.
    let (author, title) = (item.author, item.title)
    writer.beginElement()
    writer.item(item, seen: shown) {
      writer.flush()
      spool.hole(author, title)
    }
  }

  /// Writes the document: `feed`'s fields and warnings (its `items` are not read), then every
  /// item appended, each artist given by `artist(author, title)`, then `terminator`; handed to
  /// `sink` in pieces of about `chunkSize` bytes.
  ///
  /// - Returns: nil, or why the held-back items could not be kept or read back (a temporary
  ///   file that could not be made or written); the output is then incomplete.
  public func finish(
    head feed: Feed, chunkSize: Int = 1 << 16, terminator: StaticString = "",
    artist: (String?, String?) -> String?,
    to sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> String? {
    items.flush()
    if let failure = spool.failure { return failure }
    var failure: String?
    withoutActuallyEscaping(sink) { sink in
      let json = JSONWriter(flushSize: chunkSize, sink: sink)
      feed.writeHead(to: json, shown: true) {
        json.array(pasted: {
          let replayed = spool.replay(
            literal: { json.paste($0) }, hole: { json.string(artist($0, $1)) })
          if !replayed { failure = spool.failure }
          return count > 0
        })
      }
      sink(json.bytes)
      sink(UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount))
    }
    return failure
  }
}
