import ArgumentParser
import Foundation
import Settings
import TUI

/// A command that reads the settings itself (and so refuses an unusable config file itself).
protocol ReadsSettings {}

extension CommandFailure {
  /// The config file cannot be used (EX_CONFIG).
  static func badConfig(_ message: String) -> Self { Self(description: message, code: 78) }
}

/// The reader's settings for a command: read once, warnings on standard error.
enum SettingsAccess {
  /// Warnings printed before the rest are only counted.
  static let warningsShown = 10

  /// The settings from the defaults, the environment and the config file. A file that cannot
  /// be used fails the command (exit 78) naming the file and the line; what the file says
  /// that artfeed does not know is warned about and ignored.
  static func load() throws(CommandFailure) -> (settings: Settings, warnings: [String]) {
    let environment = processEnvironment
    let location = Settings.defaultLocation(environment: environment)?.path ?? "config"
    do {
      let (settings, warnings) = try Settings.load(
        environment: environment, knownActions: Action.configNames)
      let messages =
        warnings.map { "\(location) \($0)" }
        + KeyBindings(settings).warnings.map { "\(location) \($0)" }
      // A file of thousands of unknown lines says the first few and how many more.
      for message in messages.prefix(warningsShown) { warn(message) }
      if messages.count > warningsShown {
        warn("\(location): \(messages.count - warningsShown) more warnings not shown")
      }
      return (settings, messages)
    } catch {
      throw .badConfig(refusal(error, location: location))
    }
  }

  /// Why the file cannot be used, every problem in line order, one a line (the first line
  /// follows "artfeed: " as every failure does; the rest carry it themselves): the errors
  /// name the file and the line, the warnings say "warning:" as they do when the file is
  /// used.
  static func refusal(_ error: SettingsError, location: String) -> String {
    error.problems.map { problem in
      (problem.isWarning ? "warning: " : "") + "\(location) \(problem.description)"
    }.joined(separator: "\nartfeed: ")
  }

  /// Every command but the few that read the settings themselves (`browse`, `render`,
  /// `config`) refuses a config file it cannot use in the same words and with the same
  /// status (78) as they do, before it does anything: a file with a bad value is no file to
  /// run on. Its warnings are said as theirs are.
  static func refuseUnusable(_ command: any ParsableCommand) {
    guard !(command is ReadsSettings) else { return }
    _ = loadOrFail()
  }

  /// The settings, or the command fails with the reason.
  static func loadOrFail() -> (settings: Settings, warnings: [String]) {
    do {
      return try load()
    } catch {
      fail(error)
    }
  }
}
