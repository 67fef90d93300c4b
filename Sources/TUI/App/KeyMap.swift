/// What a key means, independent of which key it was.
public enum Action: Sendable, Equatable, CaseIterable {
  case down, up
  case halfPageDown, halfPageUp
  case pageDown, pageUp
  case top, bottom
  case open, back, quit
  case reload, refreshAll, openLink, help, search
  case togglePictures
  /// Reading state: toggle read (`m`), star (`s`), mark the view read (`A`), undo that
  /// (`u`), the next / previous unread item (`n` / `N`).
  case toggleRead, toggleStar, markViewRead, undoMark, nextUnread, previousUnread
  /// The filter prompt (`F`) and saving the picture (`d`).
  case filter, download
  /// The feed list: only the feeds with the next tag (`t`), then all again.
  case nextTag
  /// Copy the item's link to the terminal's clipboard (OSC 52).
  case copyLink
  /// The item view's previous / next picture (`[` `]`).
  case previousPicture, nextPicture
  /// The items as a gallery of cards, or as a list again (`v`).
  case gallery
  /// The item's full picture in an external picture viewer (`p`; the settings' `viewer`).
  case openPicture
  /// In the gallery: the card left / right of the selected one (`h` `l`, Left, Right). Their
  /// keys are a layer over the others: the same keys go back and open on the list.
  case cardLeft, cardRight
  /// The artist's page: everything by the selected item's artist, from every source.
  case artistPage
  /// Follow or unfollow the selected item's artist.
  case follow
  /// The picture viewer (`z`), and in it: zoom in (`+` `=`), out (`-`), 1:1 pixels (`1`),
  /// the whole picture (`0`).
  case viewer, zoomIn, zoomOut, zoomActual, zoomFit
  /// The list's pictures full screen in turn, from the selection (`S`).
  case slideshow

  /// The action's keys are the gallery's layer (`KeyMap.galleryKeys`).
  public var isCardMove: Bool { self == .cardLeft || self == .cardRight }
}

/// The keys of the list and detail views (the help overlay lists the same table).
///
/// Every binding is a row of `keys` (what the key sends) and an `Action`: the config file's
/// `[keys]` replaces rows of this table, and nothing else needs to know which key it was.
/// What an action does on a page is that page's own key map (`Page`).
public enum KeyMap {
  /// One key as the backend decodes it, and the action it has.
  public static let keys: [(key: Key, action: Action)] = [
    (.down, .down), (.character("j"), .down),
    (.up, .up), (.character("k"), .up),
    (.control("d"), .halfPageDown), (.control("u"), .halfPageUp),
    (.pageDown, .pageDown), (.character(" "), .pageDown), (.control("f"), .pageDown),
    (.pageUp, .pageUp), (.character("b"), .pageUp), (.control("b"), .pageUp),
    (.home, .top), (.character("g"), .top),
    (.end, .bottom), (.character("G"), .bottom),
    (.enter, .open), (.right, .open), (.character("l"), .open),
    (.escape, .back), (.left, .back), (.character("h"), .back), (.backspace, .back),
    (.character("q"), .quit),
    (.character("/"), .search),
    (.character("F"), .filter),
    (.character("r"), .reload),
    (.character("R"), .refreshAll),
    (.character("o"), .openLink),
    (.character("y"), .copyLink),
    (.character("t"), .nextTag),
    (.character("i"), .togglePictures),
    (.character("["), .previousPicture),
    (.character("]"), .nextPicture),
    (.character("m"), .toggleRead),
    (.character("s"), .toggleStar),
    (.character("A"), .markViewRead),
    (.character("u"), .undoMark),
    (.character("n"), .nextUnread),
    (.character("N"), .previousUnread),
    (.character("d"), .download),
    (.character("v"), .gallery),
    (.character("p"), .openPicture),
    (.character("a"), .artistPage),
    (.character("f"), .follow),
    (.character("z"), .viewer),
    (.character("+"), .zoomIn), (.character("="), .zoomIn),
    (.character("-"), .zoomOut),
    (.character("1"), .zoomActual),
    (.character("0"), .zoomFit),
    (.character("S"), .slideshow),
    (.character("?"), .help),
    // The gallery's layer: these keys move between cards there, and do as above elsewhere.
    (.left, .cardLeft), (.character("h"), .cardLeft),
    (.right, .cardRight), (.character("l"), .cardRight),
  ]

  /// Key bindings in the order the help overlay shows them.
  public static let bindings: [(keys: String, action: Action, help: String)] = [
    ("j  Down", .down, "next item / scroll down"),
    ("k  Up", .up, "previous item / scroll up"),
    ("Ctrl-d", .halfPageDown, "half a page down"),
    ("Ctrl-u", .halfPageUp, "half a page up"),
    ("PgDn  Space", .pageDown, "a page down"),
    ("PgUp  b", .pageUp, "a page up"),
    ("g  Home", .top, "first item"),
    ("G  End", .bottom, "last item"),
    ("Enter  l  Right", .open, "open the item"),
    ("Esc  h  Left", .back, "back; clear a search"),
    ("q", .quit, "back; quit from the list"),
    ("/", .search, "search by artist"),
    ("r", .reload, "reload the feed; refresh the selected one"),
    ("R", .refreshAll, "refresh every subscribed feed"),
    ("o", .openLink, "open the link in $BROWSER"),
    ("y", .copyLink, "copy the link (to the terminal's clipboard)"),
    ("i", .togglePictures, "pictures off / on"),
    ("t", .nextTag, "feed list: the feeds with the next tag"),
    ("[  ]", .nextPicture, "an item's previous / next picture"),
    ("m", .toggleRead, "mark the item read / unread"),
    ("s", .toggleStar, "star / unstar the item"),
    ("A", .markViewRead, "mark every item in this view (or feed) read"),
    ("u", .undoMark, "undo the last A"),
    ("n  N", .nextUnread, "next / previous unread item (or feed)"),
    ("F", .filter, "filter: unread starred artist: tag: since:7d"),
    ("d", .download, "save the picture to ~/Pictures/artfeed"),
    ("v", .gallery, "gallery of pictures / back to the list"),
    ("p", .openPicture, "open the picture in a viewer (xdg-open)"),
    ("a", .artistPage, "the artist's page: their work from every source"),
    ("f", .follow, "follow / unfollow the artist (feed list: Following)"),
    ("h  l", .cardRight, "gallery: the card left / right (Left Right)"),
    ("z  S", .viewer, "picture viewer / slideshow (h j k l pan, n N item)"),
    ("+  -", .zoomIn, "viewer: zoom in / out (= zooms in too)"),
    ("1  0", .zoomActual, "viewer: 1:1 pixels / the whole picture"),
    ("?", .help, "this help"),
  ]

  /// The action for a key, or nil for keys that do nothing.
  public static func action(for key: Key) -> Action? {
    table[key]
  }

  private static let table: [Key: Action] = Dictionary(
    keys.filter { !$0.action.isCardMove }.map { ($0.key, $0.action) },
    uniquingKeysWith: { first, _ in first })
}
