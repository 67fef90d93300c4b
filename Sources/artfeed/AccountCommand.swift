import ArgumentParser
import Foundation
import HTTP
import Sync

/// `artfeed account add|list|set|remove`: sync accounts (issue 20).
struct AccountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account",
    abstract:
      "Add, list, change or remove sync accounts (the Google Reader API: FreshRSS and others).",
    version: Artfeed.version,
    subcommands: [AccountAdd.self, AccountList.self, AccountSet.self, AccountRemove.self])
}

/// `artfeed account add greader URL --user NAME [--password-command CMD] [--name NAME]`.
struct AccountAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Log in to a sync server and keep it as an account.",
    discussion: """
      KIND is greader (FreshRSS, Miniflux, Inoreader, The Old Reader, BazQux); URL is its \
      Google Reader API (FreshRSS: https://HOST/api/greader.php, with the API password set in \
      its profile). The password comes from --password-command (its words run without a \
      shell, the first line it prints is the password; it runs again whenever the server \
      wants a new login) or is typed at a prompt; it is never stored. The login token is kept \
      in $XDG_DATA_HOME/artfeed/accounts (mode 0600), the account in \
      $XDG_CONFIG_HOME/artfeed/accounts.json. Exit status: 0 added, 1 an account of that name \
      exists, 64 no way to get a password, 65 URL is not the API, 69 the server cannot be \
      reached, 77 wrong user name or password.
      """,
    version: Artfeed.version)

  @Argument(help: "The kind of server: greader.")
  var kind: String

  @Argument(help: "The server's Google Reader API address.")
  var url: String

  @Option(help: "The user name on the server.")
  var user: String

  @Option(help: "A command that prints the password (run without a shell).")
  var passwordCommand: String?

  @Option(help: "The account's name in artfeed (default: USER@HOST).")
  var name: String?

  @OptionGroup var network: NetworkOptions

  func validate() throws {
    if network.offline { throw ValidationError("account add needs the network: drop --offline") }
    guard Account.kinds.contains(kind) else {
      throw ValidationError("unknown kind \(kind): artfeed speaks greader (the Google Reader API)")
    }
    let lower = url.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), URL(string: url)?.host != nil
    else { throw ValidationError("\(url): give the server's http(s) address") }
    if let name, !Account.isValidName(name) {
      throw ValidationError("--name: letters, digits, ., _, - and @ only (at most 64)")
    }
  }

  func run() throws {
    do {
      try add()
    } catch let failure {
      fail(failure)
    }
  }

  private func add() throws(CommandFailure) {
    let access = try AccountAccess()
    guard let api = URL(string: url) else { throw .usage("\(url): not an address") }
    let name = self.name ?? Account.defaultName(user: user, url: api)
    guard Account.isValidName(name) else {
      throw .usage("\(ServerText.oneLine(name)): not a valid account name; give --name NAME")
    }
    var command: [String]?
    if let passwordCommand {
      do throws(AccountError) {
        command = try PasswordCommand.words(passwordCommand)
      } catch {
        throw .usage(error.description)
      }
    }
    if try access.accounts().contains(where: { $0.name == name }) {
      throw .refused("an account named \(name) exists; give another --name")
    }
    let password: String
    if let command {
      do throws(AccountError) {
        password = try PasswordCommand.run(command)
      } catch {
        throw CommandFailure(error)
      }
    } else if let typed = PasswordPrompt.read("Password for \(user) at \(url): ") {
      password = typed
    } else {
      throw .usage("give --password-command CMD, or run in a terminal to type the password")
    }
    let account = Account(name: name, url: url, user: user, passwordCommand: command)
    let token = MemoryTokenStore()
    let client = GReaderClient(
      api: api,
      credentials: Credentials(user: user, token: token) { () throws(AccountError) -> String? in
        nil
      },
      client: SharedHTTPClient(), timeout: network.timeout,
      connectTimeout: network.connectTimeout)
    let feeds = try runBlocking { () async -> Result<[RemoteFeed], AccountError> in
      do throws(AccountError) {
        try await client.logIn(password: password)
        return .success(try await client.feeds())
      } catch {
        return .failure(error)
      }
    }.mapError(CommandFailure.init).get()
    do throws(AccountError) {
      if let saved = token.load() {
        try FileTokenStore(url: access.paths.token(of: account)).save(saved)
      }
      try AccountsFile.edit(access.paths.accountsFile) { (accounts) throws(AccountError) in
        guard !accounts.contains(where: { $0.name == name }) else {
          throw AccountError(.refused, "an account named \(name) exists; give another --name")
        }
        accounts.append(account)
      }
    } catch {
      throw CommandFailure(error)
    }
    // The subscriptions the server listed go into the local copy now: account list and the
    // feed list show them at once, not "0 feeds" until the first sync.
    let sync = try access.sync(account, client: SharedHTTPClient(), prompt: false)
    do throws(AccountError) {
      try sync.recordFeeds(feeds)
    } catch {
      throw CommandFailure(error)
    }
    let count = feeds.count == 1 ? "1 subscription" : "\(feeds.count) subscriptions"
    say(
      "added account \(name): \(ServerText.oneLine(user)) at \(url), \(count); "
        + "artfeed sync fetches its items")
  }
}

/// `artfeed account list`.
struct AccountList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the accounts with their local copies (nothing is fetched).",
    version: Artfeed.version)

  func run() throws {
    do throws(CommandFailure) {
      let access = try AccountAccess()
      let accounts = try access.accounts()
      guard !accounts.isEmpty else {
        say("no accounts (artfeed account add greader URL --user NAME adds one)")
        return
      }
      for account in accounts {
        let sync = try access.sync(account, client: SharedHTTPClient())
        let line =
          "\(account.name)  \(account.kind)  \(account.url)  user \(ServerText.oneLine(account.user))"
        do {
          let status = try sync.status()
          say(
            line + "  \(status.feeds) feeds, \(status.items) items, "
              + "\(status.queued) marks to send, \(syncAge(status.synced))")
        } catch {
          say(line + "  (local copy: \(error.description))")
        }
      }
    } catch let failure {
      fail(failure)
    }
  }
}

/// `artfeed account set NAME --password-command CMD | --no-password-command`: how the
/// password comes, changed without removing the account (which would drop its queued marks).
struct AccountSet: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set",
    abstract: "Change how an account's password comes (its queue and local copy stay).",
    discussion: """
      --password-command CMD is run once now: it must print a password (its first line). \
      The saved login is dropped, so the next sync logs in with it. --no-password-command \
      leaves the saved login as all there is (a prompt when run in a terminal). Exit status: \
      0 changed, 1 no such account, 64 no change given, 77 the command gives no password.
      """,
    version: Artfeed.version)

  @Argument(help: "The account's name (artfeed account list).", completion: .accountNames)
  var name: String

  @Option(help: "A command that prints the password (run without a shell).")
  var passwordCommand: String?

  @Flag(help: "Drop the password command.")
  var noPasswordCommand = false

  func validate() throws {
    guard (passwordCommand == nil) == noPasswordCommand else {
      throw ValidationError("give either --password-command CMD or --no-password-command")
    }
  }

  func run() throws {
    do throws(CommandFailure) {
      let access = try AccountAccess()
      let account = try access.account(named: name)
      var command: [String]?
      if let passwordCommand {
        do throws(AccountError) {
          let words = try PasswordCommand.words(passwordCommand)
          _ = try PasswordCommand.run(words)
          command = words
        } catch {
          throw error.kind == .refused ? .usage(error.description) : CommandFailure(error)
        }
      }
      do throws(AccountError) {
        try AccountsFile.edit(access.paths.accountsFile) { (accounts) throws(AccountError) in
          guard let index = accounts.firstIndex(where: { $0.name == account.name }) else {
            throw AccountError(.refused, "no account named \(account.name)")
          }
          accounts[index].passwordCommand = command
        }
      } catch {
        throw CommandFailure(error)
      }
      // A login made with the old password may be what the server refused.
      if command != nil { FileTokenStore(url: access.paths.token(of: account)).remove() }
      say(
        command == nil
          ? "\(name): no password command; the saved login is all there is"
          : "\(name): password command changed; the next sync logs in with it")
    } catch let failure {
      fail(failure)
    }
  }
}

/// `artfeed account remove NAME [--force]`.
struct AccountRemove: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Forget an account: its login, local copy and queue (the server keeps it all).",
    discussion: """
      Refused (exit 1) while marks made here wait to be sent, unless --force: artfeed sync \
      sends them first.
      """,
    version: Artfeed.version)

  @Argument(help: "The account's name (artfeed account list).", completion: .accountNames)
  var name: String

  @Flag(help: "Remove it even with marks not sent yet (they are lost).")
  var force = false

  func run() throws {
    do throws(CommandFailure) {
      let access = try AccountAccess()
      let account = try access.account(named: name)
      let sync = try access.sync(account, client: SharedHTTPClient())
      do throws(AccountError) {
        let queued = try sync.queuedCount()
        if queued > 0, !force {
          throw AccountError(
            .refused,
            "\(name) has \(queued) marks not sent yet; artfeed sync \(name) sends them "
              + "(--force drops them)")
        }
        try sync.forget()
        try AccountsFile.edit(access.paths.accountsFile) { $0.removeAll { $0.name == name } }
      } catch {
        throw CommandFailure(error)
      }
      FileTokenStore(url: access.paths.token(of: account)).remove()
      let copy = access.paths.copy(of: account).path
      for suffix in ["", "-wal", "-shm"] { unlink(copy + suffix) }
      say("removed account \(name)")
    } catch let failure {
      fail(failure)
    }
  }
}
