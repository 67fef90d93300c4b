import Settings

/// The keys in effect: `KeyMap.keys` with the config file's `[keys]` applied. Every action
/// can be bound; the help overlay and the status line's hints are made from this value, so
/// they say the keys that work.
///
/// A file's line for an action replaces that action's keys (`none` leaves it without any);
/// a key the file gives an action is taken from whatever action had it by default; when two
/// lines give one key, the later line has it (and a warning says so).
public struct KeyBindings: Sendable {
  /// Every key and its action, in `KeyMap.keys` order, then the file's new keys.
  public private(set) var pairs: [(key: Key, action: Action)]
  private var table: [Key: Action]
  /// The gallery's layer (`Action.isCardMove`): looked up first while the gallery shows.
  private var galleryTable: [Key: Action]
  /// The actions whose keys the file set.
  public private(set) var rebound: Set<String> = []
  /// What the file's `[keys]` said that did not hold, one line each.
  public private(set) var warnings: [String] = []

  /// The default keys.
  public static let standard = KeyBindings(pairs: KeyMap.keys)

  private init(pairs: [(key: Key, action: Action)]) {
    self.pairs = pairs
    (table, galleryTable) = Self.tables(pairs, uniquing: { first, _ in first })
  }

  /// The key tables of the list and of the gallery's layer.
  private static func tables(
    _ pairs: [(key: Key, action: Action)], uniquing: (Action, Action) -> Action
  ) -> (main: [Key: Action], gallery: [Key: Action]) {
    let main = pairs.filter { !$0.action.isCardMove }.map { ($0.key, $0.action) }
    let gallery = pairs.filter { $0.action.isCardMove }.map { ($0.key, $0.action) }
    return (
      Dictionary(main, uniquingKeysWith: uniquing), Dictionary(gallery, uniquingKeysWith: uniquing)
    )
  }

  /// The table an action's keys are in.
  private func table(of action: Action) -> [Key: Action] {
    action.isCardMove ? galleryTable : table
  }

  /// The default keys with `settings`' `[keys]` applied, in the order the file gave them.
  public init(_ settings: Settings) {
    self.init(pairs: KeyMap.keys)
    var givenBy: [String: String] = [:]
    for name in settings.keyOrder {
      guard let action = Action.allCases.first(where: { $0.configName == name }),
        let names = settings.keys[name]
      else { continue }
      let keys = names
      for key in keys {
        let slot = (action.isCardMove ? "gallery " : "") + key.description
        if let earlier = givenBy[slot], earlier != name {
          warnings.append(
            "[keys] \(key.description) is given to \(earlier) and to \(name) "
              + "(\(settings.origin("keys." + name)) counts)")
        }
        givenBy[slot] = name
      }
      // A key leaves the action that had it in the same layer only: `h` can go back on the
      // list and move left in the gallery.
      pairs.removeAll {
        $0.action == action
          || (keys.contains($0.key) && $0.action.isCardMove == action.isCardMove)
      }
      pairs += keys.map { ($0, action) }
      rebound.insert(name)
    }
    (table, galleryTable) = Self.tables(pairs, uniquing: { _, last in last })
  }

  /// The action for a key, or nil for keys that do nothing; `inGallery`: the gallery's layer
  /// first.
  public func action(for key: Key, inGallery: Bool = false) -> Action? {
    if inGallery, let action = galleryTable[key] { return action }
    return table[key]
  }

  /// The keys of an action, characters first (`j Down`), as the file and the help name them.
  public func keyNames(for action: Action) -> [Key] {
    let layer = table(of: action)
    let keys = pairs.filter { $0.action == action && layer[$0.key] == action }.map(\.key)
    let names = keys.filter { $0 != .unknown }
    return names.filter(\.isCharacter) + names.filter { !$0.isCharacter }
  }

  /// The key the status line names for an action, nil when it has none: the one the help
  /// names first while the file leaves the action alone (`j`, `Enter`, `Esc`), else the
  /// first the file gives it.
  public func label(_ action: Action) -> String? {
    // Naming the action (reflection) only when the file rebinds something: the first names
    // are costly at start-up (docs/adr/0149), and hints that use the defaults need none.
    if !rebound.isEmpty, rebound.contains(action.configName) {
      let layer = table(of: action)
      let first = pairs.first { $0.action == action && layer[$0.key] == action }?.key
      return first?.description
    }
    if let word = Self.helpWord(for: action), let name = Key(word),
      table(of: action)[name] == action
    {
      return name.description
    }
    return keyNames(for: action).first?.description
  }

  /// The word `KeyMap.bindings` shows first for an action (`"[  ]"` shows the previous and the
  /// next picture's keys in turn).
  private static func helpWord(for action: Action) -> String? {
    for binding in KeyMap.bindings {
      let actions = companions[binding.action] ?? [binding.action]
      guard let index = actions.firstIndex(of: action) else { continue }
      let words = binding.keys.split(separator: " ").map(String.init)
      return actions.count > 1 ? (index < words.count ? words[index] : nil) : words.first
    }
    return nil
  }

  /// `"j/k move"`: a hint naming the keys of the actions, nil when one has no key.
  func hint(_ actions: Action..., says what: String) -> String? {
    let labels = actions.compactMap(label)
    guard labels.count == actions.count else { return nil }
    return labels.joined(separator: "/") + " " + what
  }

  /// Hints joined with two spaces, the unbound ones left out.
  static func join(_ hints: String?...) -> String {
    hints.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "  ")
  }

  // MARK: - The help overlay

  /// Actions shown together on one line of the help: the previous with the next.
  static let companions: [Action: [Action]] = [
    .nextPicture: [.previousPicture, .nextPicture], .nextUnread: [.nextUnread, .previousUnread],
    .cardRight: [.cardLeft, .cardRight], .zoomIn: [.zoomIn, .zoomOut],
    .zoomActual: [.zoomActual, .zoomFit], .viewer: [.viewer, .slideshow],
  ]

  /// The help overlay's lines: each `KeyMap.bindings` line with the keys in effect (as
  /// written there while the file leaves them alone), then any action no line covers.
  public var helpRows: [(keys: String, help: String)] {
    var covered = Set<String>()
    var rows: [(keys: String, help: String)] = []
    for binding in KeyMap.bindings {
      let actions = Self.companions[binding.action] ?? [binding.action]
      actions.forEach { covered.insert($0.configName) }
      if actions.allSatisfy({ !rebound.contains($0.configName) }) {
        rows.append((binding.keys, binding.help))
      } else {
        let names = actions.flatMap(keyNames(for:)).map(\.description)
        rows.append((names.isEmpty ? "(none)" : names.joined(separator: "  "), binding.help))
      }
    }
    for action in Action.allCases where !covered.contains(action.configName) {
      rows.append(
        (keyNames(for: action).map(\.description).joined(separator: "  "), action.configName))
    }
    return rows
  }

  /// Every action with its keys in effect, for `artfeed config`.
  public var keyNamesByAction: [(action: String, keys: [Key])] {
    let ordered =
      KeyMap.bindings.flatMap { Self.companions[$0.action] ?? [$0.action] }
      + Action.allCases
    var seen = Set<String>()
    return ordered.filter { seen.insert($0.configName).inserted }.map {
      ($0.configName, keyNames(for: $0))
    }
  }
}

extension Key {
  /// A printable character other than the space (the help lists these first).
  var isCharacter: Bool {
    if case .character(let character) = self { return character != " " }
    return false
  }
}
