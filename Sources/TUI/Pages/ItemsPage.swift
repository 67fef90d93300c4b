import FeedCore
import FeedModel

/// A list of items and what is under way for it: loading, an artist search and its prompt,
/// next pages. A page model like `FeedListPage`: keys and finished work go in
/// (`handle(_:)`, `apply(_:)`), an `Outcome` comes out, and `draw` fills its area.
///
/// What the page shows is one `Mode`; the lists that can come back on screen (the feed's
/// list under a search, the result the prompt restores, a reload gathered out of sight) are
/// resized together in `resize(columns:lines:)`, the one place that knows them all.
public struct ItemsPage {
  /// What the page shows, one at a time.
  public enum Mode {
    /// The feed's list.
    case browsing
    /// A prompt is open: the artist search over live results (or the list, while it is
    /// empty), or the filter over the list it will narrow.
    case prompt(SearchPrompt)
    /// A kept artist search result or filter; Esc brings back what was under it
    /// (`resultRestores`).
    case result(query: String, kind: QueryKind)
  }

  /// What a prompt or a result is: `/` searches by artist, `F` filters the list on screen.
  public enum QueryKind: Sendable, Equatable {
    case artist, filter
  }

  /// A prompt: its kind and text, where typing goes, and what Esc restores.
  public struct SearchPrompt {
    public let kind: QueryKind
    public internal(set) var text: String
    /// Where typing goes, in characters from the start.
    public internal(set) var cursor: Int
    var restores: Restore
  }

  /// What Esc brings back: the feed's list, or a result that was on screen (with what
  /// Esc on it brings back in turn: a filter can narrow an artist's result).
  indirect enum Restore {
    case feed
    case result(query: String, kind: QueryKind, list: ItemList, restores: Restore)

    /// Lays out every list it keeps.
    mutating func resize(width: Int, height: Int) {
      guard case .result(let query, let kind, var list, var under) = self else { return }
      self = .feed  // uniquely referenced while they are laid out
      list.resize(width: width, height: height)
      under.resize(width: width, height: height)
      self = .result(query: query, kind: kind, list: list, restores: under)
    }

    /// The same without artist results on top: an artist search replaces one, a filter
    /// narrows what it was over.
    var withoutArtistResults: Restore {
      if case .result(_, .artist, _, let under) = self { return under.withoutArtistResults }
      return self
    }
  }

  /// The load of the page's list: none, or one under way with its batches so far.
  enum Load {
    case idle
    case loading(LoadProgress)
  }

  /// How the page shows its lists: as rows, or as a gallery of cards (`v`).
  public enum Presentation: Sendable, Equatable {
    case list, gallery
  }

  /// The list on screen: the feed, or an artist search's result. Whatever list comes on
  /// screen (a search's answer, a filter's, the feed's again) is shown the page's way.
  public internal(set) var list: ItemList {
    didSet { if list.isGallery != showsGallery { list.showGallery(showsGallery) } }
  }
  /// Rows or cards: kept across searches, filters and loads.
  public private(set) var presentation: Presentation = .list
  /// The feed's list while a search (the prompt or a kept result) is on screen.
  var feed: ItemList?
  public internal(set) var mode: Mode = .browsing
  var load: Load = .idle
  /// An artist search is being answered.
  public internal(set) var isSearching = false
  /// Why the last load failed, while it has not succeeded since.
  public internal(set) var loadFailure: LoadError?
  /// The reader cancelled the last load (Esc) before it ended: an empty list is not "no
  /// items", it is not loaded.
  var loadCancelled = false
  /// Why the last artist search failed, until the next one answers.
  public internal(set) var searchFailure: LoadError?
  /// What the last answer of a search that asks a server could not get (the server failed,
  /// or answered from a cached copy), until the next answer: the prompt line says it, and
  /// the matches already loaded stay on screen.
  public internal(set) var searchWarning: String?
  /// The artist search on screen found no artist exactly and shows close matches (one typo
  /// away), until the next answer: the prompt line says so.
  public internal(set) var showsCloseMatches = false
  /// The search whose answer from what the source already had is on screen
  /// (`.searchProgress`): its full answer replaces it keeping the reader's place.
  var progressShown: Int?
  /// Where the list comes from.
  public let sourceKey: SourceKey
  /// "All items" of these subscriptions only (the feed list's tag filter); nil: every one.
  var onlyFeeds: [Int]?
  /// The page was opened by `/` on the feed list: Esc in the prompt goes back there.
  var openedForSearch = false
  /// What Esc on a kept result brings back.
  var resultRestores: Restore = .feed
  /// Matches a `n`/`N` answer to the press that asked (and the list it looked through).
  private(set) var findGeneration = 0
  /// Tokens matching finished work to what asked for it; they start above every earlier
  /// page's, so a late answer for a closed page never matches this one.
  private(set) var loadGeneration: Int
  private(set) var searchGeneration: Int
  /// Columns and lines of the list area (the scrollbar's column included).
  private(set) var columns = 0
  private(set) var lines = 0
  /// The rows' numbers (the settings' thumbnail size) of every list the page makes: those of
  /// the list it opened with.
  let metrics: RowMetrics
  /// The keys in effect, for the messages that name one.
  let keys: KeyBindings

  init(
    list: ItemList, source: SourceKey, generationsFrom first: Int = 0,
    keys: KeyBindings = .standard
  ) {
    self.keys = keys
    self.list = list
    self.sourceKey = source
    metrics = list.metrics
    loadGeneration = first
    searchGeneration = first
  }

  /// A page for `/` on the feed list: the prompt is open, and Esc in it goes back.
  static func forSearch(
    list: ItemList, source: SourceKey, generationsFrom first: Int, keys: KeyBindings
  ) -> ItemsPage {
    var page = ItemsPage(list: list, source: source, generationsFrom: first, keys: keys)
    page.openedForSearch = true
    page.beginPrompt()
    return page
  }

  /// The highest generation this page used (the next page starts above it).
  var lastGeneration: Int { max(loadGeneration, searchGeneration) }

  // MARK: - Reading

  public var isLoading: Bool {
    if case .loading = load { true } else { false }
  }

  /// The batches of the load under way (empty when none is).
  var progress: LoadProgress {
    if case .loading(let progress) = load { progress } else { LoadProgress() }
  }

  /// The prompt, when it is open.
  public var prompt: SearchPrompt? {
    if case .prompt(let prompt) = mode { prompt } else { nil }
  }

  /// The artist or filter query of the list on screen (a view of the feed's list: Esc and
  /// q leave it first); nil on the feed's own list.
  public var searchQuery: String? {
    switch mode {
    case .browsing: nil
    case .result(let query, _): query
    case .prompt(let prompt):
      if case .result(let query, _, _, _) = prompt.restores { query } else { nil }
    }
  }

  /// What kind of view is on screen, if it is one.
  public var queryKind: QueryKind? {
    switch mode {
    case .browsing: nil
    case .result(_, let kind): kind
    case .prompt(let prompt):
      if case .result(_, let kind, _, _) = prompt.restores { kind } else { nil }
    }
  }

  /// The page shows a gallery of cards.
  public var showsGallery: Bool { presentation == .gallery }

  /// Lets the command line's `render` place the list (`--top`, `--select`).
  mutating func changeList(_ body: (inout ItemList) -> Void) { body(&list) }

  /// `v`: cards, or rows again, with the same item selected.
  mutating func toggleGallery() {
    presentation = showsGallery ? .list : .gallery
    list.showGallery(showsGallery)
  }

  /// The spinner turns: a load, a search or a next page is under way.
  var isBusy: Bool {
    isLoading || isSearching || list.pageInFlight != nil || feed?.pageInFlight != nil
  }

  // MARK: - Size

  /// Lays out every list that can come back on screen at the list area's size.
  mutating func resize(columns: Int, lines: Int) {
    self.columns = max(0, columns)
    self.lines = max(0, lines)
    let (width, height) = (listWidth, self.lines)
    list.resize(width: width, height: height)
    feed?.resize(width: width, height: height)
    if case .prompt(var prompt) = mode {
      mode = .browsing  // uniquely referenced while it is laid out
      prompt.restores.resize(width: width, height: height)
      mode = .prompt(prompt)
    }
    resultRestores.resize(width: width, height: height)
    if case .loading(var progress) = load, var incoming = progress.incoming {
      progress.incoming = nil
      incoming.resize(width: width, height: height)
      progress.incoming = incoming
      load = .loading(progress)
    }
  }

  /// Columns for rows: the last column of the area is the scrollbar.
  var listWidth: Int { max(0, columns - 1) }

  /// A list sized for this page.
  func sized(_ list: ItemList) -> ItemList {
    var list = list
    list.resize(width: listWidth, height: lines)
    return list
  }

  // MARK: - Generations

  mutating func nextLoad() -> Int {
    loadGeneration = lastGeneration + 1
    return loadGeneration
  }

  mutating func nextSearch() -> Int {
    searchGeneration = lastGeneration + 1
    return searchGeneration
  }

  mutating func nextFind() -> Int {
    findGeneration += 1
    return findGeneration
  }

  // MARK: - Invariants

  /// The rules the page keeps between events (tests call it after each).
  func checkInvariants() {
    list.checkInvariants()
    precondition(list.isGallery == showsGallery, "the list on screen is shown the page's way")
    switch mode {
    case .browsing: precondition(feed == nil, "no feed list is kept under the feed's own list")
    case .prompt, .result: precondition(feed != nil, "a search keeps the feed's list under it")
    }
    if case .loading(let progress) = load {
      precondition(!(progress.inPlace && progress.incoming != nil), "batches go one way")
    }
  }
}

/// The batches of the load under way, and where they go.
struct LoadProgress {
  /// Batches go straight into the feed's list (on screen, or under a search): it was empty
  /// when the first came (the first load), so the reader sees the first screen at once.
  var inPlace = false
  /// Batches of a load over a list the reader already has (a reload, or a search on screen),
  /// gathered out of sight; the list replaces the feed's when the load ends.
  var incoming: ItemList?
  /// A search was answered from the items read so far; it is asked again when the load ends.
  var searchWasPartial = false
}
