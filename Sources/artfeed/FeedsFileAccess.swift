import ArgumentParser
import Foundation
import HTTP
import Subscriptions

extension CommandFailure {
  /// The command was asked something it will not do: a duplicate, an unknown source.
  static func refused(_ message: String) -> Self { Self(description: message, code: 1) }
  /// A file could not be written (EX_CANTCREAT).
  static func cannotWrite(_ message: String) -> Self { Self(description: message, code: 73) }
  /// There is nowhere to keep the feeds file: no XDG_CONFIG_HOME, no HOME (EX_CONFIG).
  static func noConfiguration(_ message: String) -> Self { Self(description: message, code: 78) }

  /// The failure a subscriptions error means for a command's exit status.
  init(_ error: SubscriptionError) {
    switch error {
    case .alreadySubscribed, .notSubscribed, .badField: self = .refused(error.description)
    case .unreadableSource: self = .unreadable(error.description)
    case .badOPML: self = .notAFeed(error.description)
    case .io: self = .cannotWrite(error.description)
    case .unreadableFile: self = .unreadable(error.description)
    }
  }
}

/// A command that works on the feeds file: `run(_:)` gets the file's access, and whatever it
/// throws ends the command with its message and exit status (one place for what each
/// subscription command would otherwise repeat).
protocol FeedsFileCommand: ParsableCommand {
  func run(_ access: FeedsFileAccess) throws(CommandFailure)
}

extension FeedsFileCommand {
  func run() throws {
    do throws(CommandFailure) {
      try run(FeedsFileAccess())
    } catch {
      fail(error)
    }
  }
}

/// The feeds file the subscription commands read and edit, and the cache they report on.
struct FeedsFileAccess {
  let environment: [String: String]
  let location: URL

  /// Finds the feeds file from the environment (`$XDG_CONFIG_HOME/artfeed/feeds`, else
  /// `~/.config/artfeed/feeds`).
  init() throws(CommandFailure) {
    environment = processEnvironment
    guard let location = FeedsFile.defaultLocation(environment: environment) else {
      throw .noConfiguration("set HOME or XDG_CONFIG_HOME: there is nowhere to keep the feeds file")
    }
    self.location = location
  }

  /// The feeds file, or nil when there is none; lines it skips are reported on standard error.
  func load(reportProblems: Bool = true) throws(CommandFailure) -> FeedsFile? {
    let file: FeedsFile?
    do {
      file = try FeedsFile.load(from: location, environment: environment)
    } catch {
      throw CommandFailure(error)
    }
    if reportProblems, let file { report(file.problems) }
    return file
  }

  /// Reads the feeds file (an empty one when there is none), lets `change` edit it, and
  /// writes it back, all under the feeds file's lock (`FeedsFile.edit`). Lines the file
  /// skips are reported on standard error.
  func edit<Result>(
    _ change: (inout FeedsFile, _ existed: Bool) throws(CommandFailure) -> Result
  ) throws(CommandFailure) -> Result {
    let environment = self.environment
    let location = self.location
    var failure: CommandFailure?
    let result: Result?
    do throws(SubscriptionError) {
      result = try FeedsFile.edit(at: location, environment: environment) {
        (file: inout FeedsFile?) throws(SubscriptionError) -> Result? in
        let existed = file != nil
        if let file { report(file.problems) }
        var edited = file ?? FeedsFile.empty(at: location, environment: environment)
        do throws(CommandFailure) {
          let result = try change(&edited, existed)
          file = edited
          return result
        } catch {
          failure = error
          return nil
        }
      }
    } catch {
      throw CommandFailure(error)
    }
    if let failure { throw failure }
    guard let result else {
      preconditionFailure("an edit ended with neither a result nor a failure")
    }
    return result
  }

  private func report(_ problems: [FeedsFile.Problem]) {
    for problem in problems { warn("\(location.path) \(problem)") }
  }

  /// The feed cache `artfeed URL` fills.
  var cache: FeedCache {
    FeedCache(directory: FeedCache.defaultDirectory(environment: environment))
  }

  /// A source given on the command line, as the feeds file should hold it: URLs as they are,
  /// paths made absolute from the working folder (the file's own folder is not where the
  /// reader typed the path).
  static func source(_ argument: String) -> String {
    let lower = argument.lowercased()
    if lower.contains("://") || argument.hasPrefix("/") || argument.hasPrefix("~") {
      return argument
    }
    return URL(fileURLWithPath: argument).standardizedFileURL.path
  }
}

/// Prints `artfeed: warning: message` to standard error.
func warn(_ message: String) {
  TerminalText.writeError("artfeed: warning: \(message)\n")
}

/// Prints a line to standard output.
func say(_ line: String) {
  TerminalText.write(line + "\n")
}
