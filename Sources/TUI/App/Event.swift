import FeedCore
import FeedStore
import Foundation
import Pictures

/// A key, decoded by the backend from whatever the terminal sent.
public enum Key: Sendable, Equatable {
  case character(Character)
  /// Ctrl plus a letter, as the lower-case letter (`.control("d")` is Ctrl-D).
  case control(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab
  /// A key the backend could not name; it does nothing.
  case unknown
}

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
  /// The next page at `url` of whichever list asked for it.
  case pageLoaded(url: URL, Result<LoadedList, LoadError>)
  /// Subscription `feed` was read from the cache or refreshed (`generation`: the read or
  /// refresh that asked).
  case feedRead(generation: Int, feed: Int, FeedRefresh)
  /// The read or refresh of subscriptions of `generation` ended.
  case feedsRead(generation: Int)
  /// A picture for a thumbnail box was made (or failed, or was cancelled).
  case pictureReady(PictureCache.Key, Result<PictureRendition, ImageLoadError>)
  /// Time passed (drives the spinner).
  case tick
  /// A message for the status line (e.g. the browser could not be started).
  case notice(String)
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
  /// The pictures to load, most wanted first; everything else is dropped (`PictureLoader`).
  case wantPictures([PictureCache.Key])

  /// Background work that can be cancelled.
  public enum Work: Sendable, Equatable { case load, search, page, feeds }
}
