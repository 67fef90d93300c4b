/// `artfeed parse --json` for a feed of any size: items are written as they are parsed, and
/// the document comes out at the end, in bounded memory.
///
/// The document opens with the feed's fields and warnings, which are final only once the
/// whole input is read, and each item's artist may come from the feed's title, link and
/// author (`ItemArtist`), which a feed may give after its items. So each item's JSON goes to
/// a `JSONSpool` as it is written, its artist as guessed from the head read so far (nearly
/// every feed gives its head first), with a note of where that guess is and the item's
/// `author` and `title`. `finish` writes the head, then the spool: as it is when the caller
/// says the guesses hold, else with each guess replaced by the final rule's answer. The
/// bytes are those of `Feed.writeJSON(shown:)` on the whole feed.
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

  /// True once held-back items (their JSON or their holes) have gone to a temporary file.
  public var spilled: Bool { spool.spilled }

  /// Writes `item` with what a reader sees of it; `shown.artist` is the guess, kept when
  /// `finish` is told the guesses hold.
  public func append(_ item: FeedItem, shown: ItemShown) {
    count += 1
    let spool = self.spool
    let writer = items
    // The closure holds the two strings, not a copy of the whole item.
    let (author, title) = (item.author, item.title)
    writer.beginElement()
    writer.item(item, seen: shown) {
      let offset = spool.count + writer.bytes.count
      writer.string(shown.artist)
      let length = spool.count + writer.bytes.count - offset
      spool.hole(at: offset, length: length, author, title)
    }
  }

  /// Writes the document: `feed`'s fields and warnings (its `items` are not read), then every
  /// item appended, then `terminator`; handed to `sink` in pieces of about `chunkSize` bytes.
  ///
  /// - Parameters:
  ///   - guessesHold: every item's artist was guessed by the rule `artist` stands for (the
  ///     items' JSON is then printed as it is); false: each is decided by `artist(author,
  ///     title)`.
  ///   - descriptor: where `sink` writes, when it is a file descriptor: with `guessesHold`,
  ///     the items' JSON is then copied there from the temporary file by the system.
  /// - Returns: nil, or why the held-back items could not be kept or read back (a temporary
  ///   file that could not be made or written); the output is then incomplete.
  public func finish(
    head feed: Feed, chunkSize: Int = 1 << 16, terminator: StaticString = "",
    guessesHold: Bool = false, descriptor: Int32? = nil,
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
          if guessesHold, spool.jsonSpilled, let descriptor {
            json.flush()
            if spool.send(to: descriptor) {
              failure = spool.failure
              return count > 0
            }
          }
          let replayed = spool.replay(
            guessesHold: guessesHold, literal: { json.paste($0) },
            hole: { json.string(artist($0, $1)) })
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
