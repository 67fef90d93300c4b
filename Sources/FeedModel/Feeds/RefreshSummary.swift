/// What a refresh of one feed or many came to, in one line: the browser's status line and
/// `artfeed refresh`'s last line say it in the same words, and `refresh`'s exit status
/// follows the same counts (`exitCode`).
///
/// A feed is fetched when it is fresh, a local file, or fetched but not saved; it is not
/// fetched when only its cached copy is left (`cached`) or nothing is (`failed`).
public struct RefreshSummary: Sendable, Equatable {
  public private(set) var total = 0
  /// Fresh, local, or fetched but not saved.
  public private(set) var fetched = 0
  /// Fetched, but the copy could not be kept in the cache (a full disk).
  public private(set) var unsaved = 0
  /// Not fetched; the cached copy is shown.
  public private(set) var cached = 0
  /// Not fetched, and nothing cached to show.
  public private(set) var failed = 0
  /// The first reason a feed was not fetched (or not saved), without its address.
  public private(set) var reason: String?
  /// Another feed had another reason.
  public private(set) var hasOtherReasons = false

  public init() {}

  /// The summary of these states (`sources[i]` is the address `states[i]`'s reason may
  /// start with, left out of the line: the feed is counted, not named).
  public init(_ states: [FeedState], sources: [String?] = []) {
    for (index, state) in states.enumerated() {
      add(state, source: index < sources.count ? sources[index] : nil)
    }
  }

  /// Counts one feed's state.
  public mutating func add(_ state: FeedState, source: String? = nil) {
    total += 1
    switch state {
    case .fresh, .local: fetched += 1
    case .unsaved(let why):
      fetched += 1
      unsaved += 1
      note(why, source)
    case .cached(_, let why):
      cached += 1
      note(why, source)
    case .failed(let why):
      failed += 1
      note(why, source)
    }
  }

  private mutating func note(_ why: String, _ source: String?) {
    let bare = Self.withoutSource(why, source)
    if let reason {
      if reason != bare { hasOtherReasons = true }
    } else {
      reason = bare
    }
  }

  /// Feeds that could not be fetched, cached copy or not.
  public var notFetched: Int { cached + failed }

  /// Something went wrong: a feed not fetched, or a copy not saved.
  public var isFailure: Bool { notFetched > 0 || unsaved > 0 }

  /// "Refreshed 3 feeds"; "Refresh failed: 3 feeds could not be fetched (no network);
  /// showing cached copies"; "Refresh incomplete: 1 of 3 feeds could not be fetched (HTTP
  /// 500); nothing cached to show".
  public var line: String { line(naming: nil) }

  /// The line, with a refresh of one feed saying its `name` (“North”) instead of "1 feed".
  public func line(naming name: String?) -> String {
    let one = total == 1 ? name.map { "“\($0)”" } : nil
    let all = one ?? Self.feeds(total)
    if notFetched == 0 && unsaved == 0 { return "Refreshed " + all }
    if notFetched == 0 {
      return "Refresh incomplete: \(one ?? Self.of(unsaved, total)) fetched but not saved in "
        + "the cache\(because)"
    }
    let head =
      notFetched == total
      ? "Refresh failed: \(all) could not be fetched"
      : "Refresh incomplete: \(Self.of(notFetched, total)) could not be fetched"
    return head + because + "; " + shown
  }

  /// " (reason)", " (reason, and others)", or nothing.
  private var because: String {
    guard let reason else { return "" }
    return " (" + reason + (hasOtherReasons ? ", and others" : "") + ")"
  }

  /// What the reader sees instead of the feeds not fetched.
  private var shown: String {
    if failed == 0 { return cached == 1 ? "showing its cached copy" : "showing cached copies" }
    if cached == 0 { return "nothing cached to show" }
    return "\(cached) shown from the cache, \(failed) with nothing cached"
  }

  /// `artfeed refresh`'s exit status: 0 every feed fetched (a local file counts); 69 none
  /// could be fetched (EX_UNAVAILABLE, cached copies or not); 73 a fetched copy could not be
  /// saved (EX_CANTCREAT); 75 some could not be fetched (EX_TEMPFAIL: try again later).
  public var exitCode: Int32 {
    if total > 0 && notFetched == total { return 69 }
    if unsaved > 0 { return 73 }
    if notFetched > 0 { return 75 }
    return 0
  }

  /// "1 feed", "3 feeds".
  public static func feeds(_ count: Int) -> String { count == 1 ? "1 feed" : "\(count) feeds" }

  /// "1 of 3 feeds", "1 feed" when it is the only one.
  static func of(_ count: Int, _ total: Int) -> String {
    total == count ? feeds(count) : "\(count) of \(feeds(total))"
  }

  /// `reason` without the feed's address in front (`http://host/feed: HTTP 500` is
  /// `HTTP 500`): the line counts feeds, and a row or a line of its own names each.
  public static func withoutSource(_ reason: String, _ source: String?) -> String {
    guard let source, !source.isEmpty, reason.hasPrefix(source + ": ") else { return reason }
    return String(reason.dropFirst(source.count + 2))
  }
}
