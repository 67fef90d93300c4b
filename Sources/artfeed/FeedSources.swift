import ArtfeedResources
import FeedLoading
import FeedModel
import Foundation
import HTTP
import PictureFiles
import Settings
import Subscriptions
import Sync
import TUI
import Workers

/// A failure the command reports in one line, with a sysexits-style code.
struct CommandFailure: Error, CustomStringConvertible {
  var description: String
  var code: Int32

  /// Input that is not a feed (EX_DATAERR).
  static func notAFeed(_ message: String) -> Self { Self(description: message, code: 65) }
  /// Input that cannot be read (EX_NOINPUT).
  static func unreadable(_ message: String) -> Self { Self(description: message, code: 66) }
  /// The network failed and nothing is cached (EX_UNAVAILABLE).
  static func unavailable(_ message: String) -> Self { Self(description: message, code: 69) }
  /// Some of the work failed and may work later (EX_TEMPFAIL): `refresh` with feeds down.
  static func temporaryFailure(_ message: String) -> Self { Self(description: message, code: 75) }
  /// The terminal cannot be used (EX_IOERR is the closest to "no tty").
  static func terminal(_ message: String) -> Self { Self(description: message, code: 74) }
  /// The command has said what happened already: only the exit status is left.
  static func quiet(_ code: Int32) -> Self { Self(description: "", code: code) }
}

extension CommandFailure {
  /// The failure a load error means for a command's exit status.
  init(_ error: LoadError) {
    switch error.kind {
    case .unreadable: self = .unreadable(error.description)
    case .notAFeed: self = .notAFeed(error.description)
    case .unavailable, .cancelled: self = .unavailable(error.description)
    }
  }
}

/// Prints `artfeed: message` to standard error (nothing for a quiet failure) and exits with
/// the failure's code.
func fail(_ failure: CommandFailure) -> Never {
  if !failure.description.isEmpty {
    TerminalText.writeError("artfeed: \(failure.description)\n")
  }
  endProcess(failure.code)
}

/// Turns the command line's SOURCE and options into the data layer's objects.
enum FeedSources {
  /// The loader every command shares: one HTTP client, the XDG cache, the network options.
  static func loader(_ network: NetworkOptions) -> FeedLoader {
    let options = FetchOptions(
      offline: network.offline, timeout: network.timeout, connectTimeout: network.connectTimeout)
    let cache = FeedCache(
      directory: FeedCache.defaultDirectory(environment: processEnvironment))
    // Temporary files of writes a crash or kill -9 interrupted (never read as entries).
    cache.sweepTemporaryFiles()
    return FeedLoader(
      fetcher: FeedFetcher(client: SharedHTTPClient(), cache: cache, options: options))
  }

  /// Where pictures come from: files directly, the web through the shared client and the
  /// image cache under `$XDG_CACHE_HOME/artfeed/images`; their converted cells from
  /// `$XDG_CACHE_HOME/artfeed/cells` when made before (docs/adr/0150).
  static func images(_ network: NetworkOptions, diskCache: Int) -> ImageLoader {
    let environment = processEnvironment
    return ImageLoader(
      client: SharedHTTPClient(),
      cache: ImageDiskCache(
        directory: ImageDiskCache.defaultDirectory(environment: environment), byteCap: diskCache),
      cells: CellDiskCache(directory: CellDiskCache.defaultDirectory(environment: environment)),
      timeout: network.timeout, offline: network.offline)
  }

  /// The browser's source: an endpoint, a feed (file, stdin or URL), or the bundled feeds.
  static func source(
    for options: SourceOptions, loader: FeedLoader? = nil
  ) throws(CommandFailure) -> any FeedSource {
    let loader = loader ?? Self.loader(options.network)
    if let endpoint = options.endpoint {
      guard case .web(let url)? = try? FeedAddress(argument: endpoint) else {
        throw .unreadable("--endpoint \(endpoint): give an http(s) URL")
      }
      return EndpointSource(endpoint: url, loader: loader)
    }
    guard let argument = options.source else {
      guard let popular = BundledFeeds.popular,
        FileManager.default.fileExists(atPath: popular.path)
      else {
        throw .unreadable("the bundled feeds are missing from this build (Resources/feeds)")
      }
      return CatalogSource(
        main: .file(popular), catalog: BundledFeeds.all().map { .file($0) }, loader: loader)
    }
    return CatalogSource(
      main: try address(argument), loader: loader)
  }

  /// The reader's subscriptions, when the browser opens on them: no SOURCE, no endpoint,
  /// not `--bundled`, and a feeds file with at least one feed that is not hidden (`!`).
  /// Lines of the file that cannot be read are reported on standard error.
  static func subscriptions(
    for options: SourceOptions, loader: FeedLoader, settings: Settings = Settings()
  ) throws(CommandFailure) -> SubscriptionLibrary? {
    guard options.source == nil, options.endpoint == nil, !options.bundled,
      let access = try? FeedsFileAccess()
    else { return nil }
    let subscriptions = try access.load()?.subscriptions.filter { !$0.hidden } ?? []
    let accounts = accountFeeds(options.network)
    guard !subscriptions.isEmpty || !accounts.isEmpty else { return nil }
    return SubscriptionLibrary(
      subscriptions: subscriptions, loader: loader,
      endpoints: SubscriptionLibrary.endpoints(in: subscriptions, loader: loader),
      maxItemsPerFeed: settings.maxItemsPerFeed, accounts: accounts)
  }

  /// The sync accounts' feeds from their local copies (a sync runs behind the feed list);
  /// an account whose copy cannot be read is left out with a warning. No password prompt:
  /// the screen is the browser's.
  static func accountFeeds(_ network: NetworkOptions) -> [AccountFeeds] {
    guard let (access, accounts) = AccountAccess.listed() else { return [] }
    return accounts.compactMap { account in
      do {
        let sync = try access.sync(
          account, client: SharedHTTPClient(), network: network, prompt: false)
        let feeds = try AccountFeeds(sync: sync)
        guard !feeds.feeds.isEmpty else {
          warn("account \(account.name) has no local copy yet: artfeed sync \(account.name)")
          return nil
        }
        return feeds
      } catch let failure as CommandFailure {
        warn("account \(account.name): \(failure.description)")
      } catch {
        warn("account \(account.name): \(error)")
      }
      return nil
    }
  }

  /// The browser's first state at a size, and the commands that start it: the feed list
  /// reading the subscriptions, or the items page loading its source; then the `--artist`
  /// search, if asked. The caller sets the time zone (`TimeZone.current` is costly: `render`
  /// asks for it once the load is under way; docs/adr/0151).
  static func startingState(
    for options: SourceOptions, library: SubscriptionLibrary?, width: Int, height: Int,
    settings: Settings
  ) -> (state: AppState, commands: [Command]) {
    var state: AppState
    var commands: [Command]
    if let library {
      state = AppState(feeds: library, width: width, height: height, settings: settings)
      commands = state.startOpeningFeeds()
    } else {
      state = AppState(
        isOffline: options.isLocal, width: width, height: height, settings: settings)
      commands = state.startLoading()
    }
    if let artist = options.artist { commands += state.startSearch(artist) }
    return (state, commands)
  }

  /// The reading state's key for the browser's own source (the `.main` page): the feed
  /// given, the endpoint, or the bundled popular feed. Nil with subscriptions (their pages
  /// have their own keys).
  static func mainFeedKey(for options: SourceOptions, library: SubscriptionLibrary?) -> FeedKey? {
    guard library == nil else { return nil }
    if let argument = options.endpoint ?? options.source {
      return (try? FeedAddress(argument: argument)).map(FeedKey.init)
    }
    return BundledFeeds.popular.map { FeedKey.bundled($0.lastPathComponent) }
  }

  /// A SOURCE argument, with files checked up front so a typo fails before the screen opens.
  static func address(_ argument: String) throws(CommandFailure) -> FeedAddress {
    let address: FeedAddress
    do {
      address = try FeedAddress(argument: argument)
    } catch {
      throw CommandFailure(error)
    }
    guard case .file(let url) = address else { return address }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .unreadable("\(argument): no such file")
    }
    guard !isDirectory.boolValue else {
      throw .unreadable("\(argument) is a folder; give a feed file")
    }
    guard FileManager.default.isReadableFile(atPath: url.path) else {
      throw .unreadable("\(argument): permission denied")
    }
    return address
  }
}

/// Runs async work to completion from synchronous command code (the commands are not async:
/// the browser's loop owns the main thread).
func runBlocking<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
  let box = ResultBox<Value>()
  let done = DispatchSemaphore(value: 0)
  Task.detached(executorPreference: WorkerPool.shared) {
    box.value = await work()
    done.signal()
  }
  done.wait()
  guard let value = box.value else { preconditionFailure("the task ended without a value") }
  return value
}

/// Carries a task's result to the thread waiting for it (written once, before the signal).
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
  var value: Value?
}
