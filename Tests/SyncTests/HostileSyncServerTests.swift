import FeedCore
import FeedModel
import Foundation
import HTTP
import TestSupport
import Testing

@testable import ReadingState
@testable import Sync

/// The sync against hostile servers on 127.0.0.1 (`feedserver.py`'s `/greader/MODE`): the
/// login and every authorized call stay in the API's origin, and listings that never end
/// stop.
@Suite("Sync against hostile servers", .serialized, .timeLimit(.minutes(1)))
struct HostileSyncServerTests {
  /// A client of the API at `base` (`/greader/MODE`), logged in already unless `token` is nil.
  func client(_ server: TestServer, _ mode: String, token: String? = "user/token1")
    -> GReaderClient
  {
    let credentials = Credentials(user: "ann", token: MemoryTokenStore(token)) {
      () throws(AccountError) -> String? in "secret"
    }
    return GReaderClient(
      api: server.url("/greader/\(mode)"), credentials: credentials, client: CurlClient.shared,
      timeout: TimeScale.seconds(5), connectTimeout: TimeScale.seconds(2))
  }

  /// The error `body` throws; nil when it throws none.
  func failure<T>(_ body: () async throws(AccountError) -> T) async -> AccountError? {
    do {
      _ = try await body()
      return nil
    } catch {
      return error
    }
  }

  @Test("the login POST is not re-posted to another origin; within the origin it is followed")
  func loginRedirect() async throws {
    let server = try TestServer()
    let other = try TestServer()
    defer {
      server.stop()
      other.stop()
    }
    let away = client(server, "login307-\(other.port)", token: nil)
    let error = await failure { () async throws(AccountError) in
      try await away.logIn(password: "secret")
    }
    #expect(error?.kind == .notAPI)
    #expect(error?.description.contains("another server") == true, "\(String(describing: error))")
    #expect(try await other.requests().isEmpty, "the other server received the login")
    let posted = try await server.requests().filter { $0.method == "POST" }
    #expect(posted.count == 1 && posted.first?.body?.contains("Passwd=secret") == true)
    // A 307 within the origin is followed, with the form.
    let home = client(server, "login307-self", token: nil)
    try await home.logIn(password: "secret")
  }

  @Test("an authorized call redirected to another origin fails and empties nothing")
  func listRedirect() async throws {
    let server = try TestServer()
    let other = try TestServer()
    let folder = try TempDirectory()
    defer {
      server.stop()
      other.stop()
      folder.remove()
    }
    let account = Account(name: "a", url: server.url("/greader/ok").absoluteString, user: "ann")
    let copy = folder.url.appendingPathComponent("a.db").path
    let state = folder.url.appendingPathComponent("state.db").path
    let first = try AccountSync(
      account: account, backend: client(server, "ok"), copy: copy, state: state)
    #expect(try await first.sync().feeds == 1)
    let moved = try AccountSync(
      account: account, backend: client(server, "list302-\(other.port)"), copy: copy,
      state: state)
    let error = await failure { () async throws(AccountError) in try await moved.sync() }
    #expect(error?.kind == .notAPI)
    #expect(try moved.localFeeds().count == 1, "the account's feeds were emptied")
    #expect(try await other.requests().isEmpty, "the other server received the login token")
  }

  func makeSync(_ server: TestServer, _ mode: String, _ folder: TempDirectory, limits: SyncLimits)
    throws -> AccountSync
  {
    let account = Account(name: "a", url: server.url("/greader/\(mode)").absoluteString, user: "u")
    return try AccountSync(
      account: account, backend: client(server, mode),
      copy: folder.url.appendingPathComponent("a.db").path,
      state: folder.url.appendingPathComponent("state.db").path, limits: limits)
  }

  func calls(_ server: TestServer, _ call: String) async throws -> Int {
    try await server.requests().count { $0.path.contains(call) }
  }

  @Test(
    "a continuation given again, or a page with nothing new, ends the listing",
    arguments: ["same", "newc"])
  func repeatedListing(mode: String) async throws {
    let server = try TestServer()
    let folder = try TempDirectory()
    defer {
      server.stop()
      folder.remove()
    }
    let sync = try makeSync(server, mode, folder, limits: SyncLimits())
    let report = try await sync.sync()
    #expect(report.added >= 1 && !report.isPartial)
    #expect(try await calls(server, "stream/contents") == 2)
    // The next sync lists the unread ids: a set that does not end is an error, not a set.
    let error = await failure { () async throws(AccountError) in try await sync.sync() }
    #expect(error?.description.contains("does not end") == true, "\(String(describing: error))")
    #expect(try await calls(server, "stream/items/ids") <= 3)
  }

  @Test("ever new pages stop at the pages and the time one sync may take")
  func endlessListing() async throws {
    let server = try TestServer()
    let folder = try TempDirectory()
    defer {
      server.stop()
      folder.remove()
    }
    let sync = try makeSync(server, "new", folder, limits: SyncLimits(pages: 20))
    let report = try await sync.sync()
    #expect(report.isPartial && report.added == 20)
    #expect(try await calls(server, "stream/contents") == 20)
    // The id sets: more pages than allowed is an error.
    let error = await failure { () async throws(AccountError) in try await sync.sync() }
    #expect(error?.description.contains("more than 20 pages") == true)
    // Time: a second's worth of pages, however many that is.
    let timed = try makeSync(
      server, "new", folder, limits: SyncLimits(pages: 1_000_000, seconds: 1))
    let start = Date()
    let error2 = await failure { () async throws(AccountError) in try await timed.sync() }
    #expect(error2?.kind == .unavailable)
    #expect(Date().timeIntervalSince(start) < 10)
  }

  @Test("https to http, another port or host is another origin")
  func origins() throws {
    func same(_ a: String, _ b: String) throws -> Bool {
      RedirectRule.isSameOrigin(try #require(URL(string: a)), try #require(URL(string: b)))
    }
    #expect(try same("http://h.example/a", "http://H.example:80/b?c"))
    #expect(try same("https://h.example/a", "https://h.example:443/"))
    #expect(try !same("https://h.example/a", "http://h.example/a"))
    #expect(try !same("http://h.example/a", "http://h.example:8080/a"))
    #expect(try !same("http://h.example/a", "http://g.example/a"))
  }
}

/// A server in memory that can apply a mark and lose its answer.
final class EchoBackend: AccountBackend, @unchecked Sendable {
  // @unchecked: every field is behind `lock`.
  private let lock = NSLock()
  private var unread: Set<Int64> = [1, 2, 3]
  private var starred: Set<Int64> = []
  private var loseAnswers = false
  private var deleted: Set<Int64> = []
  private var delay: UInt64 = 0

  func locked<T>(_ body: (EchoBackend) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(self)
  }

  func setLoseAnswers(_ lose: Bool) { locked { $0.loseAnswers = lose } }
  /// Each write takes `seconds` before the server applies it.
  func setDelay(_ seconds: Double) { locked { $0.delay = UInt64(seconds * 1e9) } }
  func isUnread(_ id: Int64) -> Bool { locked { $0.unread.contains(id) } }
  /// The server deletes item `id` (as FreshRSS purges old items).
  func delete(_ id: Int64) {
    locked {
      $0.deleted.insert(id)
      $0.unread.remove(id)
    }
  }

  func feeds() async throws(AccountError) -> [RemoteFeed] {
    [RemoteFeed(id: "feed/1", title: "One", url: "http://127.0.0.1/one.xml")]
  }
  func labels() async throws(AccountError) -> [RemoteLabel] { [] }
  func items(since: Int64?, continuation: String?, count: Int) async throws(AccountError)
    -> RemotePage<RemoteItem>
  {
    let (unread, deleted) = locked { ($0.unread, $0.deleted) }
    let items = (1...3).reversed().filter { !deleted.contains($0) }.map { (id: Int64) in
      RemoteItem(
        id: id, feed: "feed/1", crawled: 1_700_000_000_000_000 + id, title: "Item \(id)",
        read: !unread.contains(id))
    }
    return RemotePage(elements: items, continuation: nil)
  }
  func itemIDs(_ set: RemoteItemSet, continuation: String?, count: Int) async throws(AccountError)
    -> RemotePage<Int64>
  {
    let ids: [Int64] = locked { backend in
      switch set {
      case .all: [3, 2, 1].filter { !backend.deleted.contains($0) }
      case .unread: backend.unread.sorted()
      case .starred: backend.starred.sorted()
      }
    }
    return RemotePage(elements: ids, continuation: nil)
  }
  func apply(_ mark: RemoteMark, to ids: [Int64]) async throws(AccountError) {
    try? await Task.sleep(nanoseconds: locked { $0.delay })
    let lose = locked { backend in
      for id in ids {
        switch mark {
        case .read: backend.unread.remove(id)
        case .unread: backend.unread.insert(id)
        case .star: backend.starred.insert(id)
        case .unstar: backend.starred.remove(id)
        }
      }
      return backend.loseAnswers
    }
    if lose { throw AccountError(.unavailable, "127.0.0.1: timed out after 30 s") }
  }
  func markAllRead(stream: String, until: Int64) async throws(AccountError) {
    let lose = locked { backend in
      backend.unread.removeAll()
      return backend.loseAnswers
    }
    if lose { throw AccountError(.unavailable, "127.0.0.1: timed out after 30 s") }
  }
  func subscribe(url: String, folder: String?) async throws(AccountError) -> RemoteFeed {
    throw AccountError(.refused, "no")
  }
  func unsubscribe(_ id: String) async throws(AccountError) {}
}

@Suite("artfeed's own echo")
struct EchoTests {
  @Test(
    "a mark the server applied with its answer lost is artfeed's echo: the later mark wins",
    arguments: [false, true])
  func echo(markAll: Bool) async throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let account = Account(name: "a", url: "http://127.0.0.1:9/api/greader.php", user: "u")
    let backend = EchoBackend()
    let statePath = folder.url.appendingPathComponent("state.db").path
    let sync = try AccountSync(
      account: account, backend: backend, copy: folder.url.appendingPathComponent("a.db").path,
      state: statePath)
    try await sync.sync()
    let store = try SQLiteStateStore(path: statePath)
    let key = ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: 2))))
    // Read here; the server applies it and the answer is lost.
    if markAll {
      try sync.markAllRead(feed: nil)
    } else {
      _ = try store.apply(.setRead([key], true), at: Date())
    }
    backend.setLoseAnswers(true)
    await #expect(throws: AccountError.self) { try await sync.sync() }
    #expect(!backend.isUnread(2), "the server applied the mark")
    // Then unread here: the reader's last action.
    _ = try store.apply(.setRead([key], false), at: Date())
    backend.setLoseAnswers(false)
    let report = try await sync.sync()
    #expect(report.fromServer.conflicts == 0)
    #expect(try store.marks(of: [key])[key]?.read == false, "the later mark here was replaced")
    #expect(backend.isUnread(2), "the server did not get the later mark")
    #expect(try sync.queuedCount() == 0)
  }

  @Test("marking an account read before anything is synced queues nothing for the server")
  func markAllBeforeSync() async throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let account = Account(name: "a", url: "http://127.0.0.1:9/api/greader.php", user: "u")
    let backend = EchoBackend()
    let sync = try AccountSync(
      account: account, backend: backend, copy: folder.url.appendingPathComponent("a.db").path,
      state: folder.url.appendingPathComponent("state.db").path)
    // The server has items this copy has not seen: they are not the reader's to mark.
    #expect(try sync.markAllRead(feed: nil) == AccountSync.MarkAllRead(marked: 0, through: nil))
    #expect(try sync.queuedCount() == 0)
    try await sync.sync()
    #expect(backend.isUnread(1) && backend.isUnread(2) && backend.isUnread(3))
    let marked = try sync.markAllRead(feed: "feed/1")
    #expect(marked.marked == 3 && marked.through != nil)
  }

  @Test("items the server deleted leave the local copy, their counts and their queued marks")
  func deletedOnServer() async throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let account = Account(name: "a", url: "http://127.0.0.1:9/api/greader.php", user: "u")
    let backend = EchoBackend()
    let statePath = folder.url.appendingPathComponent("state.db").path
    let sync = try AccountSync(
      account: account, backend: backend, copy: folder.url.appendingPathComponent("a.db").path,
      state: statePath)
    try await sync.sync()
    #expect(try sync.localItems(inFeed: nil).count == 3)
    let store = try SQLiteStateStore(path: statePath)
    let key = ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: 3))))
    _ = try store.apply(.setRead([key], true), at: Date())
    backend.delete(3)
    let report = try await sync.sync()
    #expect(report.removed == 1 && report.sent == 0)
    #expect(try sync.localItems(inFeed: nil).count == 2)
    #expect(try sync.status().items == 2 && sync.queuedCount() == 0)
    let feed = FeedKey(account.address(ofFeed: "feed/1"))
    #expect(try store.counts()[feed].map { ($0.total, $0.unread) } ?? (0, 0) == (2, 2))
    // Nothing else goes on the next sync.
    #expect(try await sync.sync().removed == 0)
  }

  @Test("a send that finds another under way waits for it, then sends what it left")
  func sendBehindAnother() async throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let account = Account(name: "a", url: "http://127.0.0.1:9/api/greader.php", user: "u")
    let backend = EchoBackend()
    let statePath = folder.url.appendingPathComponent("state.db").path
    let sync = try AccountSync(
      account: account, backend: backend, copy: folder.url.appendingPathComponent("a.db").path,
      state: statePath)
    try await sync.sync()
    let store = try SQLiteStateStore(path: statePath)
    func key(_ id: Int64) -> ItemKey { ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: id)))) }
    _ = try store.apply(.setRead([key(1), key(2)], true), at: Date())
    backend.setDelay(0.6)
    // The browser's send after the mark (`A`), under way when the reader quits.
    let first = Task { try await sync.sendQueued() }
    try await Task.sleep(nanoseconds: 200_000_000)
    _ = try store.apply(.setRead([key(3)], true), at: Date())
    // Patience for a loaded machine: the first send takes 0.6 s.
    try await sync.sendQueued(patience: 20)
    #expect(try sync.queuedCount() == 0, "the quit returned with marks still queued")
    #expect(try await first.value == 2)
    #expect(!backend.isUnread(1) && !backend.isUnread(2) && !backend.isUnread(3))
  }
}
