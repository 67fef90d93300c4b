import Settings

extension Action {
  /// The action's name in the config file's `[keys]`: its case name in kebab case
  /// (`halfPageDown` is `half-page-down`), so every action has one.
  public var configName: String {
    var name = ""
    for character in String(describing: self) {
      if character.isUppercase {
        name += "-" + character.lowercased()
      } else {
        name.append(character)
      }
    }
    return name
  }

  /// Every action's config name.
  public static var configNames: Set<String> { Set(allCases.map(\.configName)) }
}

extension KeyMap {
  /// Every action with the keys that do it by default, in the help's order of actions: what
  /// `artfeed config` prints for `[keys]` when the file binds nothing.
  ///
  /// Found by asking `action(for:)` about every key the config file can name, so it is the
  /// key map itself, not a copy of it.
  public static var defaultKeyNames: [(action: String, keys: [KeyName])] {
    var keys: [Action: [KeyName]] = [:]
    for name in nameableKeys {
      guard let action = action(for: Key(name)) else { continue }
      keys[action, default: []].append(name)
    }
    let ordered =
      bindings.map(\.action)
      + Action.allCases.filter { action in
        !bindings.contains { $0.action == action }
      }
    return ordered.map { ($0.configName, keys[$0] ?? []) }
  }

  /// The keys a config file can name: printable ASCII, Ctrl with a letter, the named keys.
  static var nameableKeys: [KeyName] {
    let printable = (0x21...0x7E).compactMap {
      Unicode.Scalar($0).map { KeyName.character(Character($0)) }
    }
    let named: [KeyName] = [
      .character(" "), .enter, .escape, .backspace, .tab, .up, .down, .left, .right, .pageUp,
      .pageDown, .home, .end,
    ]
    let controls = "abcdefghijklmnopqrstuvwxyz".map { KeyName.control($0) }
    return printable + named + controls
  }
}

extension Key {
  /// The key a config file's name stands for.
  public init(_ name: KeyName) {
    switch name {
    case .character(let character): self = .character(character)
    case .control(let letter): self = .control(letter)
    case .up: self = .up
    case .down: self = .down
    case .left: self = .left
    case .right: self = .right
    case .pageUp: self = .pageUp
    case .pageDown: self = .pageDown
    case .home: self = .home
    case .end: self = .end
    case .enter: self = .enter
    case .escape: self = .escape
    case .backspace: self = .backspace
    case .tab: self = .tab
    }
  }
}
