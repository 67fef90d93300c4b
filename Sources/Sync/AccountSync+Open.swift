import Foundation
import HTTP

extension AccountSync {
  /// The sync of `account` with its files where `paths` says, over `client`.
  ///
  /// - Parameter password: where a password comes from when the server wants a new login;
  ///   by default the account's password command, else none.
  public static func open(
    _ account: Account, paths: AccountPaths, client: any HTTPClient, timeout: Double = 30,
    connectTimeout: Double = 10,
    password: (@Sendable () throws(AccountError) -> String?)? = nil
  ) throws(AccountError) -> AccountSync {
    // The name becomes two file names: checked here too, whatever file it came from.
    guard Account.isValidName(account.name) else {
      throw AccountError(
        .storage,
        "account \"\(ServerText.oneLine(account.name, limit: 80))\": not a valid name "
          + "(\(Account.nameRule))")
    }
    guard account.kind == "greader", let api = account.apiURL else {
      throw AccountError(
        .storage, "account \(account.name): unknown kind \(account.kind) or address \(account.url)")
    }
    let source: @Sendable () throws(AccountError) -> String?
    if let password {
      source = password
    } else if let command = account.passwordCommand {
      source = { () throws(AccountError) -> String? in try PasswordCommand.run(command) }
    } else {
      source = { () throws(AccountError) -> String? in nil }
    }
    let credentials = Credentials(
      user: account.user, token: FileTokenStore(url: paths.token(of: account)), password: source)
    let backend = GReaderClient(
      api: api, credentials: credentials, client: client, timeout: timeout,
      connectTimeout: connectTimeout)
    return try AccountSync(
      account: account, backend: backend, copy: paths.copy(of: account).path,
      state: paths.state.path)
  }
}
