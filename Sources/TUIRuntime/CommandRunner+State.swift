import FeedCore
import FeedLoading
import FeedModel
import Foundation
import PictureFiles
import ReadingState
import Subscriptions
import TUI
import Workers

/// The reading state's work: marks of rows on screen answered at once (they come from
/// memory, or one batch from the database), everything bigger off the loop, every answer
/// an event.
extension CommandRunner {
  /// Opens the reader's state file (`ReaderState.open`, on its own thread); its writer's
  /// news come back as `.state` events, what opening found among them (a file moved aside,
  /// marks kept in memory only).
  public func openState(environment: [String: String]) {
    let inbox = self.inbox
    readerState = ReaderState.open(environment: environment, notify: { inbox.post(.state($0)) })
  }

  /// Uses `state` for marks (tests; `artfeed render`, which changes none: `writes` false).
  public func attach(_ state: ReaderState, writes: Bool = true) {
    readerState = state
    writesState = writes
  }

  /// Waits for every mark to be written (at quit); false on timeout.
  @discardableResult
  public func finishStateWrites() -> Bool {
    readerState?.finishWrites() ?? true
  }

  func performState(_ command: Command) {
    let inbox = self.inbox
    switch command {
    case .wantMarks(let keys):
      guard let state = readerState else { return }
      // At once from memory or the lookup connection; from the writer's thread while the
      // state opens, and for `render`'s state (`settle` waits for it either way).
      inbox.start()
      state.marks(for: keys) { marks in
        inbox.finish(
          .marksRead(Dictionary(zip(keys, marks), uniquingKeysWith: { first, _ in first })))
      }
    case .setRead(let keys, let read):
      guard writesState else { return }
      readerState?.setRead(keys, read)
      sendAccountMarksSoon()
    case .setStarred(let keys, let starred):
      guard writesState else { return }
      readerState?.setStarred(keys, starred)
      sendAccountMarksSoon()
    case .markRead(let items):
      guard let state = readerState, writesState else { return }
      inbox.start()
      let sender = accountMarks
      Task.detached(executorPreference: WorkerPool.shared) {
        let keys = items.map(ItemKey.init)
        let token = state.setRead(keys, true)
        if let sender { state.whenQueued { sender.schedule() } }
        inbox.finish(.bulkMarked(token, count: keys.count))
      }
    case .undoMark(let token):
      guard let state = readerState, writesState else { return }
      inbox.start()
      let sender = accountMarks
      // Waits for the bulk mark's own write, if it is still under way.
      Task.detached(executorPreference: WorkerPool.shared) {
        let undone = state.undo(token)
        if let sender { state.whenQueued { sender.schedule() } }
        inbox.finish(.undone(undone))
      }
    case .observe(let feed, let items, let complete):
      if writesState { readerState?.observe(feed, items: items, complete: complete) }
    case .visit(let feed):
      if writesState { readerState?.visit(feed) }
    case .requestCounts(let feeds, let countingNew):
      guard let state = readerState else { return }
      inbox.start()
      state.requestCounts(allItems: feeds, countingNew: countingNew)
      // After the counts (the writer's queue is serial): `settle` waits for them.
      state.whenQueued { inbox.finish(.stateSettled) }
    case .maintainState:
      if writesState { readerState?.maintain(retention: stateRetention) }
    case .refreshState:
      guard let state = readerState else { return }
      inbox.start()
      state.refresh { inbox.finish(.stateRefreshed) }
    case .filter(let generation, let query, let items, let title):
      let state = readerState
      start(.filter) { () async -> Event in
        do throws(LoadError) {
          let found = try Self.filter(items, query, state: state, title: title, now: Date())
          return .filtered(generation: generation, query: query, .success(found))
        } catch {
          return .filtered(generation: generation, query: query, .failure(error))
        }
      }
    case .findUnread(let generation, let items, let from, let forward):
      let state = readerState
      start(.find) { () async -> Event in
        let row = Self.firstUnread(in: items, after: from, forward: forward, state: state)
        return .foundUnread(generation: generation, row: row)
      }
    case .download(let item, let feed):
      let images = self.images
      let environment = self.environment
      let folder = downloadFolder
      inbox.start()
      Task.detached(executorPreference: WorkerPool.shared) {
        let said = await CommandRunner.save(
          item, feed: feed, images: images, environment, folder: folder)
        inbox.finish(.notice(said))
      }
    case .openPicture(let item, let picture):
      let images = self.images
      let folder = PictureSaver.viewerFolder(environment: environment)
      let open = openPicture
      let inbox = self.inbox
      inbox.start()
      Task.detached(executorPreference: WorkerPool.shared) {
        let said = await CommandRunner.view(
          item, picture: picture, images: images, folder: folder, open: open
        ) { inbox.post(.notice($0)) }
        inbox.finish(.notice(said))
      }
    case .toggleFollow(let name):
      guard let state = readerState, writesState else { return }
      inbox.start()
      Task.detached(executorPreference: WorkerPool.shared) {
        let following = state.toggleFollow(name)
        inbox.finish(.followChanged(name: name, following: following))
      }
    case .countFollowing:
      guard let state = readerState, let library else { return }
      inbox.start()
      Task.detached(executorPreference: WorkerPool.shared) {
        let (counts, artists) = FollowingSource.counts(library: library, state: state)
        inbox.finish(.followingCounted(counts, artists: artists))
      }
    default:
      break
    }
  }

  /// `p`: the picture's best copy (`PictureSaver.viewerCopy`: the cache first, then the
  /// network, then a smaller copy artfeed has) written to `folder`, then handed to the
  /// viewer; what the status line says, with which copy when it is not the full picture.
  static func view(
    _ item: FeedItem, picture: Int, images: ImageLoader?, folder: URL,
    open: @Sendable (String, @escaping @Sendable (String) -> Void) -> String,
    report: @escaping @Sendable (String) -> Void
  ) async -> String {
    guard let images else { return "Error: pictures are off here" }
    do {
      let (file, copy) = try await PictureSaver(folder: folder, images: images)
        .viewerCopy(of: item, picture: picture)
      let said = open(file.path, report)
      guard case .smaller(_, _, _, _, let why) = copy, !said.hasPrefix("Error") else {
        return said
      }
      return said + " (\(copy.phrase); the full picture could not be fetched: \(why))"
    } catch {
      return "Error: cannot show the picture: \(error.description)"
    }
  }

  // MARK: - Work off the loop

  /// The items of `items` that meet `query`, as a view of them (no item copied); marks
  /// are read a chunk at a time only if the query needs them.
  static func filter(
    _ items: ItemChunks, _ query: FilterQuery, state: ReaderState?, title: String, now: Date
  ) throws(LoadError) -> LoadedList {
    var positions: [Int32] = []
    var start = 0
    while start < items.count {
      if Task.isCancelled { throw LoadError(.cancelled, "cancelled") }
      let end = min(items.count, start + 2048)
      let marks = query.needsMarks ? state?.peek((start..<end).map { ItemKey(items[$0]) }) : nil
      for index in start..<end
      where query.matches(items[index], marks: marks?[index - start], now: now) {
        positions.append(Int32(index))
      }
      start = end
    }
    return LoadedList(
      title: title, chunks: ItemChunks(selecting: positions, of: items), freshness: .local)
  }

  /// The first unread row after (`forward`) or before `row`, looking a chunk at a time.
  static func firstUnread(in items: ItemChunks, after row: Int, forward: Bool, state: ReaderState?)
    -> Int?
  {
    var next = forward ? row + 1 : row - 1
    while next >= 0 && next < items.count {
      if Task.isCancelled { return nil }
      let rows =
        forward
        ? Array(next..<min(items.count, next + 256)) : Array((max(0, next - 255)...next).reversed())
      let marks = state?.peek(rows.map { ItemKey(items[$0]) }) ?? rows.map { _ in .unknown }
      if let found = zip(rows, marks).first(where: { !$0.1.read }) { return found.0 }
      next = forward ? (rows.last ?? next) + 1 : (rows.last ?? next) - 1
    }
    return nil
  }

  /// Saves the item's picture; the status line's words for how it went.
  static func save(
    _ item: FeedItem, feed: String, images: ImageLoader?, _ environment: [String: String],
    folder chosen: URL? = nil
  ) async -> String {
    guard let images, let folder = chosen ?? PictureSaver.folder(environment: environment) else {
      return "Error: not saved: there is no pictures folder (set HOME or XDG_PICTURES_DIR)"
    }
    do {
      let saved = try await PictureSaver(folder: folder, images: images).save(item, feed: feed)
      var path = saved.picture.path
      if let home = environment["HOME"], home.count > 1, path.hasPrefix(home + "/") {
        path = "~" + path.dropFirst(home.count)
      }
      return said(saved, path: path)
    } catch {
      return "Error: not saved: \(error.description)"
    }
  }

  /// "Saved to PATH"; "Already saved: PATH"; with a smaller copy, which one and why:
  /// "Saved the thumbnail (150x84, from a local file) to PATH; the full picture could not be
  /// fetched (no host)".
  static func said(_ saved: PictureSaver.Saved, path: String) -> String {
    guard case .smaller(_, _, _, _, let why) = saved.copy else {
      return saved.wasThere ? "Already saved: \(path)" : "Saved to \(path)"
    }
    let copy = saved.copy.phrase
    let head = saved.wasThere ? "Already saved \(copy): \(path)" : "Saved \(copy) to \(path)"
    return head + "; the full picture could not be fetched (\(why))"
  }
}

/// The "Starred" page's source: the starred items among every subscription's latest lists
/// (the state keeps no item text: a starred item that left every feed is not shown).
struct StarredSource: FeedSource {
  let library: SubscriptionLibrary
  let state: ReaderState?

  var searchesOnline: Bool { false }

  func loadMain() async throws(LoadError) -> LoadedList {
    let all = library.allItems()
    var positions: [Int32] = []
    if let state {
      var start = 0
      while start < all.chunks.count {
        if Task.isCancelled { throw LoadError(.cancelled, "cancelled") }
        let end = min(all.chunks.count, start + 2048)
        let marks = state.peek((start..<end).map { ItemKey(all.chunks[$0]) })
        for (offset, mark) in marks.enumerated() where mark.starred {
          positions.append(Int32(start + offset))
        }
        start = end
      }
    }
    return LoadedList(
      title: "Starred", chunks: ItemChunks(selecting: positions, of: all.chunks),
      freshness: all.freshness)
  }

  func search(artist query: String) async throws(LoadError) -> LoadedList {
    let starred = try await loadMain()
    return LoadedList(
      title: "Artist: \(query)", items: ArtistMatch.search(starred.items, query: query),
      freshness: starred.freshness)
  }

  func page(at url: URL) async throws(LoadError) -> LoadedList {
    throw LoadError(.unavailable, "the starred items have no next page")
  }
}
