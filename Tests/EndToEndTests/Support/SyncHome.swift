import FeedCore
import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedModel
@testable import HTTP
@testable import ReadingState
@testable import Sync

#if canImport(Glibc)
  import Glibc
#endif

/// One sync test's world: a FreshRSS user of its own on the shared server, feeds it
/// subscribes to on the shared loopback feed server, and XDG folders for `artfeed`.
struct SyncHome {
  let scratch: Scratch
  let server: FreshRSS
  let user: FreshRSSUser
  /// The account's name in artfeed.
  let name = "frs"
  /// A 0600 file holding the API password, read by the password command (`cat FILE`).
  let passwordFile: String

  var environment: [String: String] {
    [
      "XDG_CONFIG_HOME": scratch.path("config"), "XDG_CACHE_HOME": scratch.path("cache"),
      "XDG_DATA_HOME": scratch.path("data"), "HOME": scratch.path("home"),
    ]
  }
  var statePath: String { scratch.path("data/artfeed/state.db") }
  var accountsFile: String { scratch.path("config/artfeed/accounts.json") }
  var tokenFile: String { scratch.path("data/artfeed/accounts/\(name).token") }
  var copyFile: String { scratch.path("cache/artfeed/accounts/\(name).db") }
  var paths: AccountPaths {
    AccountPaths(environment: environment)
      ?? AccountPaths(
        accountsFile: URL(fileURLWithPath: accountsFile), tokens: URL(fileURLWithPath: "/"),
        state: URL(fileURLWithPath: statePath), copies: URL(fileURLWithPath: "/"))
  }

  /// A new user on the shared server (started on first use).
  static func make() async throws -> SyncHome {
    if FreshRSS.isRequired, let missing = FreshRSS.missing {
      Issue.record("the sync tests are required (ARTFEED_REQUIRE_E2E=1): \(missing)")
    }
    let server = try FreshRSS.shared()
    let user = try await FreshRSSUser.make(on: server)
    let scratch = try Scratch()
    let passwordFile = scratch.path("password")
    try setPassword(user.password, file: passwordFile)
    return SyncHome(scratch: scratch, server: server, user: user, passwordFile: passwordFile)
  }

  static func setPassword(_ password: String, file: String) throws {
    _ = FileManager.default.createFile(
      atPath: file, contents: nil, attributes: [.posixPermissions: 0o600])
    try Data((password + "\n").utf8).write(to: URL(fileURLWithPath: file))
  }

  /// The browser on this home under tmux (`--no-images`, no colour); the pane then shows
  /// `EXIT=status` when it ends.
  func browser(width: Int, height: Int) throws -> Tmux {
    let variables = environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
    return try Tmux(
      width: width, height: height,
      command: "env \(variables) LANG=C.UTF-8 TZ=UTC NO_COLOR=1 \(Paths.artfeed.path) --no-images"
        + "; echo EXIT=$?; sleep 30")
  }

  func run(_ arguments: [String]) throws -> Spawned {
    try ArtfeedCommand.run(arguments, environment: environment)
  }

  /// `artfeed account add greader API --user U --password-command "cat FILE" --name frs`.
  func addAccount() throws {
    let added = try run([
      "account", "add", "greader", server.api.absoluteString, "--user", user.name,
      "--password-command", "cat \(passwordFile)", "--name", name,
    ])
    #expect(added.status == 0, "account add: \(added.errors)")
  }

  /// Subscribes the user (through the API, as another device would) to a feed of `count`
  /// items named `feed`, served by the shared feed server; returns its stream id.
  @discardableResult
  func subscribe(_ feed: String, items count: Int, artist: String? = nil) async throws -> String {
    let served = try SyncFeedServer.shared()
    let file = "\(user.name)-\(feed)"
    try SyncFeeds.write(file, items: count, artist: artist, into: served.folder)
    return try await user.subscribe(served.server.url("/files/\(file).xml"))
  }

  /// The account's sync as the library opens it (for reading the local copy).
  func sync() throws -> AccountSync {
    let accounts = try AccountsFile.load(URL(fileURLWithPath: accountsFile))
    let account = try #require(accounts.first { $0.name == name })
    return try AccountSync.open(account, paths: paths, client: SharedHTTPClient())
  }

  /// The items of the local copy, newest first.
  func localItems(inFeed feed: String? = nil) throws -> [FeedItem] {
    try sync().localItems(inFeed: feed)
  }

  /// The server's id of an item of the local copy (the number after `#` in its guid).
  static func remote(of item: FeedItem) -> Int64? {
    item.guid?.split(separator: "#").last.flatMap { UInt64($0) }.map { Int64(bitPattern: $0) }
  }

  /// The state as the browser uses it, on the same file.
  func readerState() throws -> ReaderState {
    ReaderState(
      store: try SQLiteStateStore(path: statePath), reader: try SQLiteStateStore(path: statePath),
      isSaved: true, notify: { _ in })
  }

  /// The marks of items of the local copy, by their server ids.
  func marks(of remotes: [Int64]) throws -> [Int64: ItemMarks] {
    let account = try sync().account
    let store = try SQLiteStateStore(path: statePath)
    var found: [Int64: ItemMarks] = [:]
    for remote in remotes {
      let key = ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: remote))))
      found[remote] = try store.marks(of: [key])[key] ?? .unknown
    }
    return found
  }

  /// Marks waiting to be sent, straight from the state database.
  func queued() throws -> Int {
    let db = try SQLiteStateStore(path: statePath)
    return try db.queuedCount(name)
  }
}

/// The loopback feed server the sync tests' FreshRSS fetches from, shared by them all.
final class SyncFeedServer: Sendable {
  let server: TestServer
  let folder: URL

  private static let instance = Locked<SyncFeedServer?>(nil)

  static func shared() throws -> SyncFeedServer {
    try instance.withLock { existing in
      if let existing { return existing }
      // Inside the server's state folder, which goes with it when the tests end.
      let folder = try FreshRSS.shared().state.appendingPathComponent("feeds")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let made = SyncFeedServer(
        server: try TestServer(directory: folder, lifetime: 1800), folder: folder)
      existing = made
      return made
    }
  }

  private init(server: TestServer, folder: URL) {
    self.server = server
    self.folder = folder
  }
}
