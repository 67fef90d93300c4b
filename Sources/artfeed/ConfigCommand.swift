import ArgumentParser
import Foundation
import Settings
import TUI

/// `artfeed config`: the settings in effect and where each came from.
struct ConfigCommand: ParsableCommand, ReadsSettings {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Print the settings in effect and where each came from.",
    discussion: """
      The config file is $XDG_CONFIG_HOME/artfeed/config (else ~/.config/artfeed/config): \
      [section] lines and key = value lines, # comments; README.md lists every key. The \
      output is itself a config file with the same effect; each value is followed by where \
      it came from (default, file line N, environment VARIABLE). Exit status: 0, or 78 when \
      the file cannot be used: every command refuses it so, naming every problem of the \
      file in line order.
      """,
    version: Artfeed.version)

  @Flag(help: "Print only where the config file is looked for.")
  var path = false

  func run() throws {
    let environment = processEnvironment
    let location = Settings.defaultLocation(environment: environment)?.path
    if path {
      guard let location else {
        fail(.noConfiguration("set HOME or XDG_CONFIG_HOME: there is no config file location"))
      }
      say(location)
      return
    }
    let (settings, _) = SettingsAccess.loadOrFail()
    let text = settings.describe(location: location, keys: KeyBindings(settings).keyNamesByAction)
    // The file's own values are input like any other: on a terminal, sanitized.
    TerminalText.write(text)
  }
}
