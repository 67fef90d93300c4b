import FeedModel
import Foundation
import HTTP
import Sync

extension CommandFailure {
  /// The server refused the login (EX_NOPERM).
  static func noPermission(_ message: String) -> Self { Self(description: message, code: 77) }
  /// The command line asks for something impossible (EX_USAGE).
  static func usage(_ message: String) -> Self { Self(description: message, code: 64) }

  /// The failure an account error means for a command's exit status.
  init(_ error: AccountError) {
    switch error.kind {
    case .badLogin: self = .noPermission(error.description)
    case .unavailable, .cancelled: self = .unavailable(error.description)
    case .notAPI: self = .notAFeed(error.description)
    case .refused: self = .refused(error.description)
    case .storage: self = .cannotWrite(error.description)
    }
  }
}

/// The accounts file and the accounts' files, as the commands use them.
struct AccountAccess {
  let paths: AccountPaths

  init(environment: [String: String] = processEnvironment)
    throws(CommandFailure)
  {
    guard let paths = AccountPaths(environment: environment) else {
      throw .noConfiguration("set HOME or XDG_CONFIG_HOME: there is nowhere to keep accounts")
    }
    self.paths = paths
  }

  /// The accounts, in the order they were added.
  func accounts() throws(CommandFailure) -> [Account] {
    do {
      return try AccountsFile.load(paths.accountsFile)
    } catch {
      throw CommandFailure(error)
    }
  }

  /// For listings beside other sources (`feeds`, the browser's feed list): the access and
  /// its accounts; none when there is nowhere to keep them, and none with a warning when the
  /// accounts file cannot be read.
  static func listed() -> (access: AccountAccess, accounts: [Account])? {
    guard let access = try? AccountAccess() else { return nil }
    do {
      return (access, try access.accounts())
    } catch {
      warn(error.description)
      return nil
    }
  }

  /// The account named `name`, or a refusal that says which exist.
  func account(named name: String) throws(CommandFailure) -> Account {
    let all = try accounts()
    guard let found = all.first(where: { $0.name == name }) else {
      let known = all.map(\.name).joined(separator: ", ")
      throw .refused(
        "no account named \(ServerText.oneLine(name))"
          + (known.isEmpty ? " (artfeed account add adds one)" : " (accounts: \(known))"))
    }
    return found
  }

  /// The account's sync over `client`: the password comes from its command, else a prompt
  /// when standard input is a terminal (and `prompt`), else the saved login is all there is.
  func sync(
    _ account: Account, client: any HTTPClient, network: NetworkOptions? = nil,
    prompt: Bool = true
  ) throws(CommandFailure) -> AccountSync {
    var password: (@Sendable () throws(AccountError) -> String?)?
    if prompt, account.passwordCommand == nil, isatty(STDIN_FILENO) == 1 {
      let prompt = "Password for \(account.user) at \(account.url): "
      password = { () throws(AccountError) -> String? in PasswordPrompt.read(prompt) }
    }
    do {
      return try AccountSync.open(
        account, paths: paths, client: client, timeout: network?.timeout ?? 30,
        connectTimeout: network?.connectTimeout ?? 10, password: password)
    } catch {
      throw CommandFailure(error)
    }
  }
}

/// Asks for a password on the terminal without echoing it.
enum PasswordPrompt {
  /// The line typed after `prompt` (written to standard error); nil when standard input is
  /// not a terminal or nothing was typed.
  static func read(_ prompt: String) -> String? {
    guard isatty(STDIN_FILENO) == 1 else { return nil }
    TerminalText.writeError(prompt)
    var saved = termios()
    let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
    if canHide {
      var hidden = saved
      hidden.c_lflag &= ~tcflag_t(ECHO)
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
    }
    let line = readLine(strippingNewline: true)
    if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
    FileHandle.standardError.write(Data("\n".utf8))
    guard let line, !line.isEmpty else { return nil }
    return line
  }
}

/// "3 min ago", or "never" for a sync that has not happened.
func syncAge(_ date: Date?, now: Date = Date()) -> String {
  date.map { "synced \(FeedAge.phrase($0, now: now))" } ?? "never synced"
}
