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
