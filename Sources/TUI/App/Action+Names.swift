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
