import Foundation

/// How a backend logs in: a saved login token, and where a password comes from when it must
/// log in again.
///
/// The password itself is never kept: it comes from the reader's password command (run
/// without a shell) or a prompt, each time a login is needed, and is forgotten after it.
public struct Credentials: Sendable {
  /// The user name on the server.
  public var user: String
  /// The saved login, read and replaced as logins happen.
  public var token: any TokenStore
  /// The password, asked for only when the server wants a new login; nil when there is no
  /// way to get one (no command, no terminal).
  public var password: @Sendable () throws(AccountError) -> String?

  public init(
    user: String, token: any TokenStore,
    password: @escaping @Sendable () throws(AccountError) -> String?
  ) {
    self.user = user
    self.token = token
    self.password = password
  }
}

/// Where a login token is kept between runs.
public protocol TokenStore: Sendable {
  func load() -> String?
  func save(_ token: String) throws(AccountError)
  func remove()
}

/// A token in memory only (tests, and `account add` before the account is saved).
public final class MemoryTokenStore: TokenStore, @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private var value: String?
  private let lock = NSLock()

  public init(_ token: String? = nil) {
    value = token
  }

  public func load() -> String? {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  public func save(_ token: String) throws(AccountError) {
    lock.lock()
    defer { lock.unlock() }
    value = token
  }

  public func remove() {
    lock.lock()
    defer { lock.unlock() }
    value = nil
  }
}

/// A token in a file of its own in the data directory (`accounts/NAME.token`), mode 0600 in
/// a folder of mode 0700, replaced atomically. A symbolic link at its name is replaced, never
/// written through nor read (its target may be any file of the reader's), and a token file
/// others may read is made 0600 when read.
public struct FileTokenStore: TokenStore {
  public let url: URL

  public init(url: URL) {
    self.url = url
  }

  public func load() -> String? {
    guard let data = try? PrivateFile.read(url, limit: 4096, secret: true) else { return nil }
    let token = String(decoding: data, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    return token.isEmpty ? nil : token
  }

  public func save(_ token: String) throws(AccountError) {
    try PrivateFile.write(Data((token + "\n").utf8), to: url, throughLinks: false)
  }

  public func remove() {
    unlink(url.path)
  }
}
