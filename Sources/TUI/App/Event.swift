import FeedCore
import FeedModel
import Foundation
import Pictures
import Settings

/// A key, decoded by the backend from whatever the terminal sent: the settings' `Key`, the
/// one vocabulary the config file, the key map and the backend share.
public typealias Key = SettingsKey

/// A mouse action at a screen position.
public struct MouseEvent: Sendable, Equatable {
  public enum Action: Sendable, Equatable { case wheelUp, wheelDown, click, doubleClick }
  public var action: Action
  public var x: Int
  public var y: Int

  public init(_ action: Action, x: Int, y: Int) {
    self.action = action
    self.x = x
    self.y = y
  }
}

/// Everything that can change the app's state: input, a new terminal size, finished work.
public enum Event: Sendable {
  case key(Key)
  case mouse(MouseEvent)
  case resize(width: Int, height: Int)
  /// The next items of the load under way (its title so far and one batch of items); the
  /// first comes after about a screenful. `.loaded` ends the load with the items left.
  case loadProgress(generation: Int, LoadedList)
  /// A source finished loading (or failed); after `.loadProgress` events, the list holds the
  /// items not handed over yet.
  case loaded(generation: Int, Result<LoadedList, LoadError>)
  /// Search results for the query of a given generation.
  case searchResults(generation: Int, query: String, Result<LoadedList, LoadError>)
  /// A search that asks a server answered from what the source already had: shown while
  /// the server is asked (`.searchResults` follows, with everything).
  case searchProgress(generation: Int, query: String, LoadedList)
  /// The next page at `url` of whichever list asked for it.
  case pageLoaded(url: URL, Result<LoadedList, LoadError>)
  /// Subscription `feed` was read from the cache or refreshed (`generation`: the read or
  /// refresh that asked).
  case feedRead(generation: Int, feed: Int, FeedRefresh)
  /// The read or refresh of subscriptions of `generation` ended.
  case feedsRead(generation: Int)
  /// A picture for a thumbnail box was made (or failed, or was cancelled).
  case pictureReady(PictureCache.Key, Result<PictureRendition, ImageLoadError>)
  /// The disk cache keeps the picture at `url` (its item was starred or saved, maybe in an
  /// earlier run): pinned in memory too. Posted before that picture's `.pictureReady`.
  case pictureKept(url: String)
  /// The picture viewer's picture at `url` was decoded at full size: `width` x `height`
  /// pixels (its zoom and pan count in them).
  case pictureMeasured(url: String, width: Int, height: Int)
  /// The slideshow's delay passed: the next picture.
  case slideDue
  /// The picture at `key` has more than one frame (the loader saw it in its bytes, before
  /// its first frame's `.pictureReady`): a page that plays it asks for its frames.
  case pictureAnimated(PictureCache.Key)
  /// The frames of the picture at `key`, made for its box (`Command.wantMotion`); nil: it
  /// is a still picture, or it failed (its first frame shows as it is).
  case motionReady(PictureCache.Key, Animation<PictureRendition>?)
  /// The playing animation's frame has been shown for its delay (the run loop's deadline).
  case motionDue
  /// Time passed (drives the spinner).
  case tick
  /// The selection stayed on the item whose full picture is `key` for
  /// `AppLoop.restInterval`: the picture is read ahead (`AppState.readAheadCandidate`).
  case selectionRested(PictureCache.Key)
  /// The settings' refresh interval passed (`AppLoop` posts it only when one is set).
  case refreshDue
  /// A message for the status line (e.g. the browser could not be started).
  case notice(String)

  // MARK: Reading state

  /// The marks of rows the screen asked for (`Command.wantMarks`).
  case marksRead([ItemKey: ItemMarks])
  /// What the state's writer reports: counts, a failure, a recovery, a fresh file.
  case state(StateEvent)
  /// A bulk mark (`A`) is in memory and on its way to disk: `count` items; the token undoes
  /// it (nil when there was nothing to undo).
  case bulkMarked(UndoToken?, count: Int)
  /// An undo ran (false: the mark it named was no longer the last).
  case undone(Bool)
  /// Marks another artfeed made are visible now (after `r` or `R`).
  case stateRefreshed
  /// The state's writer did everything asked of it before (ends a piece of work for
  /// `settle`; changes nothing).
  case stateSettled
  /// The items of a list that meet a filter (`F`), for the query of `generation`.
  case filtered(generation: Int, query: FilterQuery, Result<LoadedList, LoadError>)
  /// The next (or previous) unread row from where `n` (`N`) was pressed; nil: none.
  case foundUnread(generation: Int, row: Int?)
  /// `f` took effect: the reader follows `name` now (or no longer).
  case followChanged(name: String, following: Bool)
  /// The "Following" line's figures: unread and all items by followed artists, and how
  /// many artists are followed.
  case followingCounted(FeedCounts, artists: Int)
}

/// Work the state asks the run loop to do; results come back as events.
public enum Command: Sendable, Equatable {
  case quit
  case load(generation: Int, source: SourceKey)
  case search(generation: Int, query: String, source: SourceKey)
  case loadPage(url: URL, source: SourceKey)
  /// Read every subscription: cached copies, fetching those never fetched.
  case openFeeds(generation: Int)
  /// Fetch these subscriptions (empty: every one), a few at a time.
  case refreshFeeds(generation: Int, [Int])
  /// Stop fetching (Esc while loading): the main list, a search, a page, or subscriptions.
  case cancel(Work)
  case openLink(String)
  /// Hand the item's `picture`th picture to the picture viewer (`p`).
  case openPicture(FeedItem, picture: Int)
  /// Put the text on the terminal's clipboard (`y`: the item's link).
  case copyToClipboard(String)
  /// The pictures to load, most wanted first; everything else is dropped (`PictureLoader`).
  case wantPictures([PictureCache.Key])
  /// Keep these pictures' files out of the disk cache's trimming (a starred or saved item's),
  /// or let them age out again (`ImageDiskCache.keep`).
  case keepPictures([String], Bool)
  /// Decode every frame of the picture at `key` for its box, or stop (nil): at most one
  /// animation is made and played at once (`MotionLoader`).
  case wantMotion(PictureCache.Key?)

  // MARK: Reading state (each a no-op when the state is off)

  /// Read the marks of these items (rows on screen); answered by `.marksRead`.
  case wantMarks([ItemKey])
  /// Mark these items read or unread; star or unstar them.
  case setRead([ItemKey], Bool)
  case setStarred([ItemKey], Bool)
  /// Mark every item of a view read (`A`): keys are made off the loop; `.bulkMarked`.
  case markRead(ItemChunks)
  /// Undo the bulk mark the token names; `.undone`.
  case undoMark(UndoToken)
  /// The feed's list holds these items (`complete`: the whole list).
  case observe(FeedKey, ItemChunks, complete: Bool)
  /// The reader leaves a feed: the next visit's "new" counts from now.
  case visit(FeedKey)
  /// Counts of every feed, and of "All items" over these feeds; `.state(.counts)`.
  case requestCounts(allItems: [FeedKey], countingNew: Bool)
  /// Show marks other artfeeds made (`r`, `R`); `.stateRefreshed`.
  case refreshState
  /// Check the state file's every page and prune it, now that the first list is on screen.
  case maintainState
  /// The items of `items` that meet `query` (`title`: the result's title); `.filtered`.
  case filter(generation: Int, query: FilterQuery, items: ItemChunks, title: String)
  /// The first unread row of `items` after (or before) `row`; `.foundUnread`.
  case findUnread(generation: Int, items: ItemChunks, from: Int, forward: Bool)
  /// Save the item's full-size picture; the outcome comes back as a `.notice`.
  case download(FeedItem, feed: String)
  /// Follow `name` if it is not followed, else unfollow it; `.followChanged`.
  case toggleFollow(String)
  /// Count the work of followed artists for the feed list; `.followingCounted`.
  case countFollowing

  /// Background work that can be cancelled.
  public enum Work: Sendable, Equatable { case load, search, page, feeds, filter, find }
}
