import FeedLoading
import FeedModel
import Foundation
import Locking
import PictureFiles
import ReadingState
import Subscriptions
import TUI
import Workers

/// Events posted from background work, drained by the loop that owns the state; it also
/// counts the work still running, so `artfeed render` can wait for all of it.
public final class EventInbox: Sendable {
  private let queue = Locked<(events: [Event], running: Int)>(([], 0))
  private let arrived = DispatchSemaphore(value: 0)
  /// Wakes the run loop whenever an event arrives.
  public let wake = WakeSignal()

  public init() {}

  /// Posts an event that ends no piece of work (a notice).
  public func post(_ event: Event) {
    queue.withLock { $0.events.append(event) }
    arrived.signal()
    wake.signal()
  }

  /// A piece of work started; it must end with exactly one `finish`.
  func start() {
    queue.withLock { $0.running += 1 }
  }

  /// A piece of work ended with this event.
  func finish(_ event: Event) {
    queue.withLock {
      $0.events.append(event)
      $0.running -= 1
    }
    arrived.signal()
    wake.signal()
  }

  func drain() -> [Event] {
    queue.withLock { state in
      defer { state.events.removeAll() }
      return state.events
    }
  }

  /// Work started and not yet finished.
  var running: Int { queue.withLock { $0.running } }

  /// Waits until an event arrives or the deadline passes; false on timeout.
  func wait(until deadline: DispatchTime) -> Bool {
    arrived.wait(timeout: deadline) == .success
  }
}

/// Starts the work commands ask for, in tasks whose results come back through the inbox.
///
/// Lives on the thread that owns the state (the run loop, or `artfeed render`); only the
/// tasks run elsewhere. A new search cancels the one before it, and an online search waits
/// for typing to pause first, so a server sees one request per pause, not per key.
public final class CommandRunner {
  public let source: any FeedSource
  /// The reader's subscriptions, when the browser opened on them: they answer for the feed
  /// list, a feed's page and "All items".
  public let library: SubscriptionLibrary?
  public let inbox = EventInbox()
  /// Opens a link; says how it went (`Error: ...` on failure) through the callback, which
  /// may be called later, from another thread.
  let openLink: (String, @escaping @Sendable (String) -> Void) -> Void
  /// Puts text on the terminal's clipboard (the screen's OSC 52); false where it cannot.
  let copyToClipboard: (String) -> Bool
  /// How long an online search waits for the next key before asking the server.
  let searchPause: Duration
  private var tasks: [Command.Work: Task<Void, Never>] = [:]
  /// The online search waiting for typing to pause, if any.
  private var waitingSearch: SearchPause?
  /// Loads pictures for `.wantPictures`; nil when the caller gave no image loader.
  public private(set) var pictures: PictureLoader?
  /// Makes the frames of the animation on screen for `.wantMotion`.
  private(set) var motion: MotionLoader?
  /// Where picture bytes come from (`d` saves through it too).
  let images: ImageLoader?
  /// The reader's marks (`attach(_:)`); nil while the reading state is off.
  public internal(set) var readerState: ReaderState?
  /// False for `artfeed render`, which shows marks but changes none.
  var writesState = true
  /// How long the state keeps items that left every feed (`keep-days`).
  var stateRetention = ReaderState.defaultRetention
  /// The environment `d` finds the pictures folder from.
  /// Read when first needed: `ProcessInfo` builds the whole dictionary on every call.
  lazy var environment: [String: String] = ProcessInfo.processInfo.environment
  /// Where `d` saves, when the settings say (`download-directory`); nil: the pictures
  /// folder's `artfeed` (`PictureSaver.folder`).
  public var downloadFolder: URL?
  /// Starts the picture viewer on a picture's file (`p`); returns what the status line says
  /// now ("Opening ... in imv", or why not), and may report a failure later, from another
  /// thread, through its callback. The default has no viewer (`artfeed render`).
  public var openPicture: @Sendable (String, @escaping @Sendable (String) -> Void) -> String = {
    _, _ in
    "Error: no picture viewer here"
  }
  /// Sends sync accounts' queued marks after each mark; nil without accounts.
  let accountMarks: AccountMarkSender?

  public init(
    source: any FeedSource,
    openLink: @escaping (String, @escaping @Sendable (String) -> Void) -> Void = { _, _ in },
    copyToClipboard: @escaping (String) -> Bool = { _ in false },
    searchPause: Duration = .milliseconds(250), images: ImageLoader? = nil,
    library: SubscriptionLibrary? = nil
  ) {
    self.source = source
    self.library = library
    let inbox = self.inbox
    accountMarks = library.flatMap { library in
      library.accounts.isEmpty ? nil : AccountMarkSender(library: library, inbox: inbox)
    }
    self.openLink = openLink
    self.copyToClipboard = copyToClipboard
    self.searchPause = searchPause
    self.images = images
    let pictures = images.map { PictureLoader(images: $0, inbox: inbox) }
    self.pictures = pictures
    motion = images.map { images in
      MotionLoader(images: images, inbox: inbox) { pictures?.currentPreparer }
    }
  }

  /// The source of an items page.
  func source(_ key: SourceKey) -> any FeedSource {
    switch (key, library) {
    case (.feed(let index), let library?): library.feedSource(index)
    case (.allItems, let library?): library.allItemsSource
    case (.starred, let library?): StarredSource(library: library, state: readerState)
    case (.following, let library?): FollowingSource(library: library, state: readerState)
    case (.artist(let name), let library):
      ArtistWorkSource(base: library?.allItemsSource ?? source, library: library, name: name)
    default: source
    }
  }

  public func perform(_ command: Command) {
    switch command {
    case .quit:
      break
    case .load(let generation, let key):
      let source = self.source(key)
      let inbox = self.inbox
      start(.load) { () async -> Event in
        do throws(LoadError) {
          let rest = try await source.loadMain { batch in
            inbox.post(.loadProgress(generation: generation, batch))
          }
          return .loaded(generation: generation, .success(rest))
        } catch {
          return .loaded(generation: generation, .failure(error))
        }
      }
    case .search(let generation, let query, let key):
      let source = self.source(key)
      let online = source.searchesOnline
      // The pause is a deadline of the loop's (`nextDeadline`), not a sleep in the task.
      let pause = online && searchPause > .zero ? SearchPause(due: .now + searchPause) : nil
      waitingSearch = pause
      let inbox = self.inbox
      start(.search) { () async -> Event in
        do throws(LoadError) {
          // What the source already has, at once; then the server, once typing pauses.
          if online, let local = await source.searchLocally(artist: query) {
            inbox.post(.searchProgress(generation: generation, query: query, local))
          }
          if let pause, await !pause.wait() { throw LoadError(.cancelled, "") }
          let found = try await source.search(artist: query)
          return .searchResults(generation: generation, query: query, .success(found))
        } catch {
          return .searchResults(generation: generation, query: query, .failure(error))
        }
      }
    case .loadPage(let url, let key):
      let source = self.source(key)
      start(.page) { () async -> Event in
        do throws(LoadError) {
          return .pageLoaded(url: url, .success(try await source.page(at: url)))
        } catch {
          return .pageLoaded(url: url, .failure(error))
        }
      }
    case .openFeeds(let generation), .refreshFeeds(let generation, _):
      guard let library else { return }
      let inbox = self.inbox
      let isOpening: Bool = if case .openFeeds = command { true } else { false }
      let feeds: [Int] = if case .refreshFeeds(_, let chosen) = command { chosen } else { [] }
      start(.feeds) { () async -> Event in
        let report: @Sendable (Int, FeedRefresh) -> Void = { feed, refresh in
          inbox.post(.feedRead(generation: generation, feed: feed, refresh))
        }
        if isOpening {
          _ = await library.open(progress: report)
        } else {
          _ = await library.refresh(feeds, progress: report)
        }
        return .feedsRead(generation: generation)
      }
    case .cancel(let work):
      tasks[work]?.cancel()
      if work == .search { waitingSearch = nil }
    case .openLink(let url):
      let inbox = self.inbox
      openLink(url) { inbox.post(.notice($0)) }
    case .wantPictures(let keys):
      pictures?.want(keys)
    case .keepPictures(let urls, let isKept):
      // A rename per file, off the loop.
      guard let cache = images?.cache else { return }
      Task.detached(executorPreference: WorkerPool.shared) { cache.keep(urls, isKept) }
    case .wantMotion(let key):
      motion?.want(key)
    case .wantMarks, .setRead, .setStarred, .markRead, .undoMark, .observe, .visit,
      .requestCounts, .refreshState, .maintainState, .filter, .findUnread, .download,
      .openPicture, .toggleFollow, .countFollowing:
      performState(command)
    case .copyToClipboard(let text):
      // The screen writes to the terminal (`render` has none); the status line says whether
      // it could.
      let copied = copyToClipboard(text)
      inbox.post(.notice(copied ? "Copied: \(text)" : "Error: no clipboard to copy to here"))
    }
  }

  /// Cancels every piece of work (the loop is ending).
  public func cancelAll() {
    for task in tasks.values { task.cancel() }
    waitingSearch = nil
    pictures?.cancelAll()
    motion?.want(nil)
  }

  /// When the runner next needs the loop awake: the end of an online search's typing pause.
  public var nextDeadline: ContinuousClock.Instant? { waitingSearch?.due }

  /// Starts what was waiting for `now`: an online search whose typing pause is over.
  public func startDue(now: ContinuousClock.Instant = .now) {
    guard let pause = waitingSearch, now >= pause.due else { return }
    waitingSearch = nil
    pause.open()
  }

  /// Runs `initial`, then applies finished work's events and the commands they lead to, until
  /// no work is left or `deadline` passes: what the browser would show once everything it
  /// asked for has arrived. Returns false if the deadline passed first.
  ///
  /// `until`, when given, ends the wait as soon as it holds after an event (`render
  /// --first-screen` stops at the first batch).
  public func settle(
    _ state: inout AppState, initial: [Command], deadline: DispatchTime = .distantFuture,
    until done: ((AppState) -> Bool)? = nil
  ) -> Bool {
    var pending = initial
    while true {
      for command in pending where command != .quit { perform(command) }
      pending = []
      // Read before draining: work that ended by then has its last event in this drain.
      let running = inbox.running
      for event in inbox.drain() {
        pending += state.update(event)
        if let done, done(state) { return true }
      }
      if pending.isEmpty, running == 0 { return true }
      guard pending.isEmpty else { continue }
      // Asleep until an event, the deadline, or the end of a search's typing pause.
      var wake = deadline
      if let due = nextDeadline {
        let left = ContinuousClock.now.duration(to: due).components
        let nanoseconds = max(0, left.seconds * 1_000_000_000 + left.attoseconds / 1_000_000_000)
        wake = min(deadline, .now() + .nanoseconds(Int(nanoseconds)))
      }
      if !inbox.wait(until: wake) {
        if DispatchTime.now() >= deadline { return false }
        startDue()
      }
    }
  }

  /// Starts `work` in a detached task on the process's own threads (`WorkerPool`), replacing,
  /// and cancelling, the same kind of work.
  func start(_ work: Command.Work, _ body: @escaping @Sendable () async -> Event) {
    tasks[work]?.cancel()
    let inbox = self.inbox
    inbox.start()
    tasks[work] = Task.detached(executorPreference: WorkerPool.shared) {
      inbox.finish(await body())
    }
  }
}
