/// What a key means, independent of which key it was.
public enum Action: Sendable, Equatable {
  case down, up
  case halfPageDown, halfPageUp
  case pageDown, pageUp
  case top, bottom
  case open, back, quit
  case reload, refreshAll, openLink, help, search
  case togglePictures
  /// The item view's previous / next picture (`[` `]`).
  case previousPicture, nextPicture
}

/// The keys of the list and detail views (the help overlay lists the same table).
public enum KeyMap {
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
    ("i", .togglePictures, "pictures off / on"),
    ("[  ]", .nextPicture, "an item's previous / next picture"),
    ("?", .help, "this help"),
  ]

  /// The action for a key, or nil for keys that do nothing.
  public static func action(for key: Key) -> Action? {
    switch key {
    case .down, .character("j"): .down
    case .up, .character("k"): .up
    case .control("d"): .halfPageDown
    case .control("u"): .halfPageUp
    case .pageDown, .character(" "), .control("f"): .pageDown
    case .pageUp, .character("b"), .control("b"): .pageUp
    case .home, .character("g"): .top
    case .end, .character("G"): .bottom
    case .enter, .right, .character("l"): .open
    case .escape, .left, .character("h"), .backspace: .back
    case .character("q"): .quit
    case .character("/"): .search
    case .character("r"): .reload
    case .character("R"): .refreshAll
    case .character("o"): .openLink
    case .character("i"): .togglePictures
    case .character("["): .previousPicture
    case .character("]"): .nextPicture
    case .character("?"): .help
    default: nil
    }
  }
}
