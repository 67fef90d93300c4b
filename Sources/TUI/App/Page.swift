import FeedCore
import FeedModel
import Foundation
import Pictures
import Settings

/// A page of the browser: the feed list, a list of items (rows or a gallery, with its
/// prompt), an item, the key list. The contract every page keeps, after bubbletea's models:
///
/// - keys and the mouse go in through `handle`, finished work and news from other pages
///   through `apply`; each returns one `PageOutcome` (work for the runtime, the status
///   line's text, requests only the router can carry out);
/// - `draw(into:context:)` draws the whole screen the page owns, title and status lines
///   included, as a pure function of the page and its context;
/// - what a key means on the page is the page's own key map (`Action` to its own actions),
///   so no page lists another's actions.
///
/// Pages are values on `PageStack`; the router (`AppState`) reads none of their fields
/// beyond this protocol.
protocol Page {
  /// What the page is, for readings and tests (`AppState.topPage`).
  var kind: PageKind { get }

  /// The page draws over the one below it (the key list) instead of replacing it.
  var isOverlay: Bool { get }

  /// A key, decoded by the backend.
  mutating func handle(_ key: Key, context: PageContext) -> PageOutcome

  /// A click or the wheel at a screen position.
  mutating func handle(_ mouse: MouseEvent, context: PageContext) -> PageOutcome

  /// Finished work or news from another page; a page takes what is for it and ignores the
  /// rest.
  mutating func apply(_ event: PageEvent, context: PageContext) -> PageOutcome

  /// Lays the page out for a terminal of this size (title and status lines included).
  mutating func resize(width: Int, height: Int)

  /// Draws the page over the whole buffer.
  func draw(into buffer: inout ScreenBuffer, context: DrawContext)

  /// What the title bar says, for a page opened over this one that shows where it came from.
  func title(context: DrawContext) -> String

  /// Work under way for the page, as the spinner says it ("loading"); nil: none.
  var busyWhat: String? { get }

  /// The work to stop when the page is closed.
  func closingCommands() -> [Command]

  /// The highest generation the page used: pages opened later start above it, so a late
  /// answer for one page never matches another.
  var lastGeneration: Int { get }

  /// The items whose marks the page shows now (the marks book reads them).
  var visibleItems: [ItemKey] { get }

  /// The items `visibleItems` names (their pictures are pinned when the marks read say
  /// starred).
  var visibleFeedItems: [FeedItem] { get }

  /// The pictures the page wants now, most wanted first (the loader drops the rest).
  func wantedPictures(_ pictures: PictureBoard) -> [PictureCache.Key]

  /// The picture to read ahead while the selection rests on an item, if any.
  func readAheadPicture(_ pictures: PictureBoard) -> PictureCache.Key?

  /// The picture that plays when it is an animation: one large picture on screen (the
  /// item view's, the viewer's); nil when none is, or it is scrolled off. Rows and cards
  /// show first frames.
  func motionPicture(_ pictures: PictureBoard) -> PictureCache.Key?

  /// Where the page's items come from, for its counts and visits; nil: no items.
  var source: SourceKey? { get }

  /// Work that follows from where the reader is now, asked after every update (the next
  /// page of a list whose end is near).
  mutating func followUpCommands() -> [Command]

  /// A slideshow's progress while the page runs one: each new value starts the run loop's
  /// delay to the next `.slideDue`; nil: no slideshow, no timer.
  var slideStep: Int? { get }
}

extension Page {
  var kind: PageKind { .other }
  var isOverlay: Bool { false }
  mutating func handle(_ mouse: MouseEvent, context: PageContext) -> PageOutcome {
    PageOutcome()
  }
  mutating func apply(_ event: PageEvent, context: PageContext) -> PageOutcome { PageOutcome() }
  func title(context: DrawContext) -> String { "artfeed" }
  var busyWhat: String? { nil }
  func closingCommands() -> [Command] { [] }
  var lastGeneration: Int { 0 }
  var visibleItems: [ItemKey] { [] }
  var visibleFeedItems: [FeedItem] { [] }
  func wantedPictures(_ pictures: PictureBoard) -> [PictureCache.Key] { [] }
  func readAheadPicture(_ pictures: PictureBoard) -> PictureCache.Key? { nil }
  func motionPicture(_ pictures: PictureBoard) -> PictureCache.Key? { nil }
  var source: SourceKey? { nil }
  mutating func followUpCommands() -> [Command] { [] }
  var slideStep: Int? { nil }
}

/// The kinds of page, as readings name them; a page that readings need not tell apart is
/// `.other`.
public enum PageKind: Sendable, Equatable {
  case feeds, items, item, help, other
}

/// What a page asks after a key or an event.
struct PageOutcome {
  /// Work for the runtime.
  var commands: [Command] = []
  /// The status line's new text: nil leaves it as it is, `.some(nil)` clears it.
  var status: String?? = nil
  /// What only the router can do, in order.
  var requests: [PageRequest] = []
  /// News for the other pages on the stack (a subscription's new list, say).
  var news: [PageEvent] = []

  init(
    _ commands: [Command] = [], status: String?? = nil, requests: [PageRequest] = [],
    news: [PageEvent] = []
  ) {
    self.commands = commands
    self.status = status
    self.requests = requests
    self.news = news
  }

  init(request: PageRequest, status: String?? = nil) {
    self.init(status: status, requests: [request])
  }

  static func + (lhs: PageOutcome, rhs: PageOutcome) -> PageOutcome {
    PageOutcome(
      lhs.commands + rhs.commands, status: rhs.status ?? lhs.status,
      requests: lhs.requests + rhs.requests, news: lhs.news + rhs.news)
  }
}

/// What only the router can carry out: the stack, the app-wide switches, the reading state
/// and the feeds' refresh.
enum PageRequest {
  /// Open a page over this one.
  case push(any Page)
  /// Close this page (back to the one below).
  case close
  case quit
  /// The key list over this page.
  case help
  case togglePictures
  /// `o`, `y`: the item's web link to the browser or the clipboard.
  case openLink(FeedItem?)
  case copyLink(FeedItem?)
  /// `p`: the item's `picture`th picture to the picture viewer.
  case openPicture(FeedItem, picture: Int)
  /// `r` on the feed list, or on a subscription's page: fetch these feeds (empty: every one).
  case refreshFeeds([Int])
  /// `r`, `R`: marks other artfeeds made show too.
  case refreshState
  /// The page's own load ended: its items (`complete`: the whole list), or nil when it
  /// failed. The router records them and asks for counts.
  case loadEnded((items: ItemChunks, complete: Bool)?)
  /// The page's source is not a feed, or cannot be read (a file given on the command line:
  /// the browser then quits as `parse` fails).
  case sourceUnreadable
  /// The reading state: `m` (`shownRead`: the list shows every row read while a bulk mark
  /// is on its way), `s`, an item opened, `A` on these items, `u`.
  case toggleRead(FeedItem, shownRead: Bool)
  case toggleStar(FeedItem)
  case opened(FeedItem)
  case markViewRead(ItemChunks, count: Int)
  case undoMark
  /// `d`: save the item's picture (`feed`: the list it is in, for the file's name).
  case download(FeedItem, feed: String)
  /// `a`: the page of this item's artist, over this one.
  case openArtist(FeedItem?)
  /// `f`: follow or unfollow this item's artist.
  case toggleFollow(FeedItem?)
  /// `z`, Enter on the item view's picture: the picture viewer on the item's picture
  /// `picture`, walking the list below when it has the item.
  case openViewer(FeedItem, picture: Int)
}

/// What reaches a page besides keys: the runtime's finished work, and news one page gives
/// the others.
enum PageEvent {
  /// A load, search, page or filter answered (`Event.loadProgress` ... `.foundUnread`).
  case work(Event)
  /// Subscription `feed` was read or refreshed (the feed list shows it; its page says how
  /// it went).
  case feedRead(feed: Int, FeedRefresh)
  /// A read (`refresh` false: the opening read of cached copies) or refresh of these feeds
  /// begins (empty: every one), or the one under way ends.
  case feedsReading([Int], refresh: Bool)
  case feedsReadingEnded
  /// The lists of subscriptions changed: `feed`'s is `lists[feed]`, for its own page; nil:
  /// a read or refresh ended, and "All items" merges them all. Pages showing them replace
  /// their list keeping the reader's place.
  case subscriptionsChanged(feed: Int?, title: String?, lists: [LoadedList?])
  /// A subscription's own page loaded its list again.
  case feedReloaded(feed: Int, LoadedList)
  /// A bulk mark is in memory (false): rows are drawn from their own marks again. True: the
  /// page that asked shows every row of its view read until then.
  case viewShownRead(Bool)
  /// The reading state is on: the feed list shows "Starred" and "Following".
  case stateAttached
  /// The "Following" line's figures (`Event.followingCounted`).
  case followingCounted(FeedCounts, artists: Int)
  /// The settings' refresh interval passed and no feed list refreshes: a page whose source
  /// is on the network loads it again.
  case reloadDue
  /// The picture viewer (or slideshow) closed on this item: the list it was opened from,
  /// now on top, selects it (and shows `note` in the status line, if any).
  case viewerClosed(on: FeedItem, note: String?)
}

/// What a page may know of the app while it handles a key or an event.
struct PageContext {
  let keys: KeyBindings
  let settings: Settings
  /// The screen's size.
  let width: Int
  let height: Int
  /// A page is under this one (Esc and q go back to it).
  let hasPageBelow: Bool
  /// The page is the one on top (it has the keys).
  let isOnTop: Bool
  /// The feed list is somewhere below (a subscription's page refreshes through it).
  let hasFeedList: Bool
  /// The reading state is on.
  let hasMarks: Bool
  /// The reading state's counts, when known (the feed list's `n` finds a feed with unread
  /// items by them).
  var counts: StateCounts? = nil
  /// Generations below this one belong to pages opened before.
  let generationFloor: Int
  let timeZone: TimeZone
  /// The pictures (the viewer's zoom needs a picture's size and the cell size).
  var pictures: PictureBoard? = nil

  /// Lines for rows: the first line is the title bar, the last the status line.
  var listHeight: Int { max(0, height - 2) }
}

/// What a page may know of the app while it draws.
public struct DrawContext {
  public let render: RenderContext
  let keys: KeyBindings
  let pictures: PictureBoard
  /// The reader's marks, when the state is on.
  let marks: MarkBook?
  /// The status line's message, if any.
  let status: String?
  /// Work under way on the stack, as the spinner says it; nil: idle.
  let busyWhat: String?
  let spinner: String
  /// The page below the one drawn, if any (an item page's title is its list's).
  let titleBelow: String?
  let hasPageBelow: Bool
  let hasFeedList: Bool
  /// The counts of the source of the page drawn (or of the list it was opened from).
  let counts: FeedCounts?

  var now: Date { render.now }
}
