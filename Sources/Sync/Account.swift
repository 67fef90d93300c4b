import FeedModel
import Foundation
import HTTP
import ReadingState

/// A sync account as the accounts file keeps it: which server, which user, and how to get
/// the password when a login is needed. The password itself is never kept.
public struct Account: Sendable, Equatable, Codable {
  /// The reader's name for it (`artfeed sync NAME`, `add --account NAME`): letters, digits,
  /// `.`, `_`, `-` and `@`, as it names files.
  public var name: String
  /// The API: "greader" (the Google Reader API).
  public var kind: String
  /// The API's address (FreshRSS: `https://HOST/api/greader.php`).
  public var url: String
  public var user: String
  /// The password command's words (run without a shell; its first line is the password);
  /// nil when the password was typed at a prompt.
  public var passwordCommand: [String]?

  public init(
    name: String, kind: String = "greader", url: String, user: String,
    passwordCommand: [String]? = nil
  ) {
    self.name = name
    self.kind = kind
    self.url = url
    self.user = user
    self.passwordCommand = passwordCommand
  }

  /// The kinds of server artfeed speaks to.
  public static let kinds = ["greader"]

  /// What a valid name is, in a message's words.
  public static let nameRule = "letters, digits, ., _, - and @, at most 64, no leading . or -"

  /// True for a name that can name the account's files.
  public static func isValidName(_ name: String) -> Bool {
    guard (1...64).contains(name.utf8.count), !name.hasPrefix("."), !name.hasPrefix("-") else {
      return false
    }
    return name.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (CharacterSet.alphanumerics.contains(scalar) || "._-@".unicodeScalars.contains(scalar))
    }
  }

  /// The name an account gets when none is given: `user@host`.
  public static func defaultName(user: String, url: URL) -> String {
    let host = url.host ?? "server"
    let name = "\(user)@\(host)".unicodeScalars.map { scalar -> String in
      scalar.isASCII
        && (CharacterSet.alphanumerics.contains(scalar) || "._-@".unicodeScalars.contains(scalar))
        ? String(scalar) : "-"
    }.joined()
    return String(name.prefix(64))
  }

  /// The API's URL.
  public var apiURL: URL? { URL(string: url) }

  /// Who the account is on which server (`user@host:port/path`): what its items' identities
  /// are made from, so they stay the same if the account is removed and added again under
  /// another name.
  public var identity: String {
    let place = url.replacingOccurrences(of: "https://", with: "")
      .replacingOccurrences(of: "http://", with: "")
    return "\(user)@\(place)"
  }

  /// The guid of the server's item `remote`, from which its `ItemID` and `ItemKey` follow.
  public func guid(ofItem remote: Int64) -> String {
    guidPrefix + String(UInt64(bitPattern: remote))
  }

  /// What every guid of the account starts with (a list of thousands builds it once).
  var guidPrefix: String { "greader:\(identity)#" }

  /// The address a feed of the account goes by in the feed list and the state database: the
  /// feed's stream on the server, with the user (`http://USER@HOST/api/greader.php/reader/
  /// api/0/stream/contents/feed/12`). It is never fetched as a feed.
  public func address(ofFeed stream: String) -> FeedAddress {
    var base = url.hasSuffix("/") ? String(url.dropLast()) : url
    if var components = URLComponents(string: base) {
      components.user = user
      base = components.string ?? base
    }
    let path = stream.split(separator: "/").map {
      $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
    }.joined(separator: "/")
    let text = base + "/reader/api/0/stream/contents/" + path
    return .web(URL(string: text) ?? URL(fileURLWithPath: "/"))
  }
}

/// Where an account's files are: the accounts file beside the feeds file (config), its
/// login token with the state (data), its local copy with the feed cache (cache).
public struct AccountPaths: Sendable, Equatable {
  /// `$XDG_CONFIG_HOME/artfeed/accounts.json`.
  public var accountsFile: URL
  /// `$XDG_DATA_HOME/artfeed/accounts`.
  public var tokens: URL
  /// `$XDG_DATA_HOME/artfeed/state.db`.
  public var state: URL
  /// `$XDG_CACHE_HOME/artfeed/accounts`.
  public var copies: URL

  public init(accountsFile: URL, tokens: URL, state: URL, copies: URL) {
    self.accountsFile = accountsFile
    self.tokens = tokens
    self.state = state
    self.copies = copies
  }

  /// The XDG places; nil without HOME (or the XDG variables).
  public init?(environment: [String: String]) {
    guard let config = Self.configFolder(environment: environment),
      let state = StateFile.defaultLocation(environment: environment)
    else { return nil }
    accountsFile = config.appendingPathComponent("accounts.json")
    self.state = state
    tokens = state.deletingLastPathComponent().appendingPathComponent("accounts")
    copies = FeedCache.defaultDirectory(environment: environment)
      .appendingPathComponent("accounts")
  }

  /// `$XDG_CONFIG_HOME/artfeed`, else `$HOME/.config/artfeed` (a relative `XDG_CONFIG_HOME`
  /// is ignored): the feeds file's folder, by `FeedsFile.defaultLocation`'s rule (that type
  /// is in `Subscriptions`, above this module); nil without either.
  static func configFolder(environment: [String: String]) -> URL? {
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true)
        .appendingPathComponent("artfeed", isDirectory: true)
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".config/artfeed", isDirectory: true)
    }
    return nil
  }

  public func token(of account: Account) -> URL {
    tokens.appendingPathComponent(account.name + ".token")
  }

  public func copy(of account: Account) -> URL {
    copies.appendingPathComponent(account.name + ".db")
  }
}

/// The accounts file: a small JSON file only its owner may read, replaced atomically and
/// edited under a lock (`PrivateFile`).
public enum AccountsFile {
  struct Contents: Codable {
    var accounts: [Account]
  }

  /// The largest accounts file read.
  static let limit = 1_000_000

  /// The accounts in the file at `url`; none when there is no file. A name that could not
  /// name the account's files (`../../x`, a slash, a leading dot) makes the whole file an
  /// error: the file is the reader's to edit, and a name is never turned into a path
  /// unchecked, whoever wrote it.
  public static func load(_ url: URL) throws(AccountError) -> [Account] {
    guard let data = try PrivateFile.read(url, limit: limit) else { return [] }
    let accounts: [Account]
    do {
      accounts = try JSONDecoder().decode(Contents.self, from: data).accounts
    } catch {
      throw AccountError(.storage, "\(url.path): not a valid accounts file; not changed")
    }
    if let bad = accounts.first(where: { !Account.isValidName($0.name) }) {
      throw AccountError(
        .storage,
        "\(url.path): the account name \"\(ServerText.oneLine(bad.name, limit: 80))\" "
          + "cannot name its files (\(Account.nameRule)); rename or remove it in the file")
    }
    return accounts
  }

  /// Reads, changes and writes back the file at `url` under its lock; nothing is written
  /// when `body` throws.
  @discardableResult
  public static func edit<Result>(
    _ url: URL, _ body: (inout [Account]) throws(AccountError) -> Result
  ) throws(AccountError) -> Result {
    try PrivateFile.locked(url) { () throws(AccountError) -> Result in
      var accounts = try load(url)
      let result = try body(&accounts)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data: Data
      do {
        data = try encoder.encode(Contents(accounts: accounts))
      } catch {
        throw AccountError(.storage, "\(url.path): cannot encode the accounts")
      }
      try PrivateFile.write(data + Data("\n".utf8), to: url)
      return result
    }
  }
}
