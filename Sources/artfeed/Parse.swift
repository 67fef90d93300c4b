import ArgumentParser
import FeedArt
import FeedCore
import FeedModel
import Foundation

/// `artfeed parse SOURCE [--json]`: the parsed model, for people and scripts.
struct Parse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parse",
    abstract: "Parse a feed and print its items.",
    discussion: """
      Prints one line per item (date, artist, title: as the browser shows them), or the \
      whole model with --json, where each item's "shown" part says what a reader sees: its \
      title (and whether it was made from the text), artist, the picture its row draws, and \
      the full copy of each of its pictures with their alt texts. Reads RSS, Atom and \
      JSON Feed. Exit status: 0 parsed (warnings go to standard error), 65 not a feed, 66 cannot read.
      """,
    version: Artfeed.version)

  @Argument(help: "A feed file, - for standard input, or an http(s) URL.", completion: .file())
  var source: String

  @OptionGroup var network: NetworkOptions

  @Flag(help: "Print the model as JSON.")
  var json = false

  @Option(
    name: .customLong("base"),
    help: ArgumentHelp(
      "The web address a saved feed came from.",
      discussion: "Relative picture addresses resolve against it, and the artist of a "
        + "one-person feed (a Mastodon or Pixelfed account, a Bluesky or Tumblr profile) is "
        + "read from it, as when the browser fetches the feed.",
      valueName: "URL"))
  var base: String?

  func run() throws {
    if json { return writeJSON() }
    let feed: Feed
    do {
      feed = try parseSource()
    } catch let failure {
      fail(failure)
    }
    for warning in feed.warnings {
      warn(warning)
    }
    let head = FeedHead(feed, address: baseURL?.absoluteString)
    let output = feed.listingLines(
      title: { ItemTitle.shown($0).text }, author: { ItemArtist.artist(of: $0, in: head) }
    ).map { $0 + "\n" }.joined()
    TerminalText.write(output)
  }

  /// `--json`: each item is written as it is parsed and held back, as JSON, in bounded memory
  /// (`FeedJSONStream`), so no more than a few batches of items are alive at once.
  private func writeJSON() {
    let base = baseURL
    let stream = FeedJSONStream()
    // The parser reads the next batch while other threads decide and write the last ones
    // (docs/adr/0218); six may wait at each stage, so that the parser runs on while the
    // reader's thread has the other core (docs/adr/0220).
    let pipeline = ShownJSONPipeline(stream: stream, base: base, depth: 6)
    let feed: Feed
    do {
      // Batches of at most 256 items (ShownJSONPipeline says how many are alive at once):
      // the last one is what is left to do once the parse ends. Another thread reads and
      // decodes ahead of the parser.
      feed = try parseSource(batches: BatchSizes(limit: 256), readingAhead: true) { batch in
        let head = FeedHead(
          title: batch.title, link: batch.link, author: batch.author,
          address: base?.absoluteString)
        pipeline.add(batch.items, head: head)
      }
    } catch let failure {
      pipeline.finish()
      fail(failure)
    }
    pipeline.finish()
    for warning in feed.warnings {
      warn(warning)
    }
    let rule = ItemArtist.Rule(FeedHead(feed, address: base?.absoluteString))
    // Nearly every feed gives its head before its items: the artists guessed from it hold,
    // and the items' JSON goes out as it was written.
    let failure = stream.finish(
      head: feed, terminator: "\n", guessesHold: pipeline.guessRules.allSatisfy { $0 == rule },
      descriptor: 1, artist: { rule.artist(author: $0, title: $1) }
    ) { Parse.writeToStandardOutput($0) }
    // EX_IOERR: the temporary file failed, and the output is incomplete.
    if let failure { fail(CommandFailure(description: "parse --json: \(failure)", code: 74)) }
  }

  /// Writes all of `bytes` to file descriptor 1, retrying short and interrupted writes.
  private static func writeToStandardOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard var cursor = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = write(1, cursor, left)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      cursor += written
      left -= written
    }
  }

  /// Where relative addresses of the feed resolve: its file or web address.
  private var baseURL: URL? {
    if let base, let url = URL(string: base), url.scheme != nil { return url }
    if source == "-" { return nil }
    if let url = URL(string: source), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    {
      return url
    }
    return URL(fileURLWithPath: source)
  }

  private func parseSource() throws(CommandFailure) -> Feed {
    var items: [FeedItem] = []
    var feed = try parseSource { items += $0.items }
    feed.items = items
    return feed
  }

  /// Parses the source, handing its items to `onItems` in batches as they are read (a web
  /// feed's all at once: its body is in memory anyway).
  /// - Returns: the feed without its items.
  private func parseSource(
    batches: BatchSizes = BatchSizes(), readingAhead: Bool = false,
    onBatch: (FeedBatch) -> Void
  ) throws(CommandFailure) -> Feed {
    if case .web(let url) = try FeedSources.address(source) {
      var feed = try fetch(url)
      onBatch(
        FeedBatch(
          title: feed.title, link: feed.link, author: feed.author, items: feed.items, offset: 0))
      feed.items = []
      return feed
    }
    do {
      if source == "-" {
        return try FeedParser.parse(
          fileHandle: FileHandle.standardInput, batches: batches, readingAhead: readingAhead,
          onBatch: onBatch)
      }
      return try FeedParser.parse(
        contentsOf: URL(fileURLWithPath: source), batches: batches, readingAhead: readingAhead,
        onBatch: onBatch)
    } catch {
      let name = source == "-" ? "standard input" : source
      if error.isUnreadable { throw .unreadable("\(name): \(error.description)") }
      throw .notAFeed("\(name): \(error.description)")
    }
  }

  /// A web feed through the data layer (and its cache): a cached copy is printed with a
  /// warning saying so; with neither network nor cache the command exits 69.
  private func fetch(_ url: URL) throws(CommandFailure) -> Feed {
    let loader = FeedSources.loader(network)
    let result = runBlocking { () async -> Result<LoadedFeed, LoadError> in
      do throws(LoadError) {
        return .success(try await loader.load(.web(url)))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let loaded):
      if let notSaved = loaded.notSaved { warn(notSaved) }
      if case .cached(let fetchedAt, let reason) = loaded.freshness {
        let when = ISO8601DateFormatter().string(from: fetchedAt)
        warn("showing the copy cached at \(when): \(reason)")
      }
      return loaded.feed
    case .failure(let error):
      throw CommandFailure(error)
    }
  }
}
