import Foundation
import HTTP
import Locking
import ReadingState

/// The Google Reader API (FreshRSS, Miniflux, Inoreader, The Old Reader, BazQux) over the
/// process's one HTTP client.
///
/// Logging in is `ClientLogin` (a POST, so the password is in no URL or server log), which
/// answers an `Auth` token sent as `Authorization: GoogleLogin auth=TOKEN`; writes also carry
/// the `T` token from `/token`. The login token is saved through `Credentials.token`; a 401
/// drops it, logs in again with the password the credentials give, and retries once. A 401
/// on a write first fetches a new `T`.
///
/// Every request has the caller's deadlines and a body cap (`maxListBytes` for JSON lists,
/// 64 KiB for short answers); a page too big for the cap is asked again at half the size.
public final class GReaderClient: AccountBackend {
  /// The API's address (FreshRSS: `https://HOST/api/greader.php`).
  public let api: URL
  let credentials: Credentials
  let client: any HTTPClient
  let timeout: Double
  let connectTimeout: Double
  /// The largest JSON answer accepted.
  let maxListBytes: Int
  private let session = Locked<Session>(Session())

  struct Session: Sendable {
    var auth: String?
    var writeToken: String?
    var loadedSavedToken = false
  }

  /// Ids per `edit-tag` request.
  static let editBatch = 250
  static let shortAnswerBytes = 65_536

  public init(
    api: URL, credentials: Credentials, client: any HTTPClient, timeout: Double = 30,
    connectTimeout: Double = 10, maxListBytes: Int = 32_000_000
  ) {
    self.api = api
    self.credentials = credentials
    self.client = client
    self.timeout = timeout
    self.connectTimeout = connectTimeout
    self.maxListBytes = maxListBytes
  }

  // MARK: - AccountBackend

  public func feeds() async throws(AccountError) -> [RemoteFeed] {
    let list: GReaderJSON.SubscriptionList = try await json(
      "reader/api/0/subscription/list", query: [("output", "json")])
    return list.subscriptions.map { subscription in
      RemoteFeed(
        id: subscription.id, title: subscription.title ?? subscription.url ?? subscription.id,
        url: subscription.url ?? "", siteURL: subscription.htmlUrl,
        folders: (subscription.categories ?? []).compactMap { category in
          category.label ?? Self.labelName(category.id)
        })
    }
  }

  public func labels() async throws(AccountError) -> [RemoteLabel] {
    let list: GReaderJSON.TagList = try await json(
      "reader/api/0/tag/list", query: [("output", "json")])
    return list.tags.map { RemoteLabel(id: $0.id, type: $0.type) }
  }

  public func items(since: Int64?, continuation: String?, count: Int) async throws(AccountError)
    -> RemotePage<RemoteItem>
  {
    var size = max(1, count)
    while true {
      var query = [("output", "json"), ("n", String(size))]
      if let since, since > 0 { query.append(("ot", String(since / 1_000_000))) }
      if let continuation { query.append(("c", continuation)) }
      do {
        let page: GReaderJSON.StreamContents = try await json(
          "reader/api/0/stream/contents/user/-/state/com.google/reading-list", query: query)
        let items = page.items.compactMap { $0.remote() }
        return RemotePage(elements: items, continuation: Self.continuation(page.continuation))
      } catch  where error.isTooLarge && size > 10 {
        size /= 2
      }
    }
  }

  public func itemIDs(_ set: RemoteItemSet, continuation: String?, count: Int)
    async throws(AccountError) -> RemotePage<Int64>
  {
    var query: [(String, String)]
    switch set {
    case .all:
      query = [("s", "user/-/state/com.google/reading-list")]
    case .unread:
      query = [
        ("s", "user/-/state/com.google/reading-list"), ("xt", "user/-/state/com.google/read"),
      ]
    case .starred:
      query = [("s", "user/-/state/com.google/starred")]
    }
    query += [("n", String(max(1, count))), ("output", "json")]
    if let continuation { query.append(("c", continuation)) }
    let page: GReaderJSON.ItemIDs = try await json("reader/api/0/stream/items/ids", query: query)
    let ids = (page.itemRefs ?? []).compactMap { GReaderItemID.parse($0.id.text) }
    return RemotePage(elements: ids, continuation: Self.continuation(page.continuation))
  }

  public func apply(_ mark: RemoteMark, to ids: [Int64]) async throws(AccountError) {
    let (field, state): (String, String) =
      switch mark {
      case .read: ("a", "read")
      case .unread: ("r", "read")
      case .star: ("a", "starred")
      case .unstar: ("r", "starred")
      }
    var start = 0
    while start < ids.count {
      let batch = ids[start..<min(ids.count, start + Self.editBatch)]
      let form =
        [(field, "user/-/state/com.google/" + state)]
        + batch.map { ("i", GReaderItemID.longForm($0)) }
      try await write("reader/api/0/edit-tag", form: form)
      start += Self.editBatch
    }
  }

  public func markAllRead(stream: String, until: Int64) async throws(AccountError) {
    try await write("reader/api/0/mark-all-as-read", form: [("s", stream), ("ts", String(until))])
  }

  public func subscribe(url: String, folder: String?) async throws(AccountError) -> RemoteFeed {
    let answer: GReaderJSON.QuickAdd = try await json(
      "reader/api/0/subscription/quickadd", query: [], form: [("quickadd", url)])
    guard let id = answer.streamId, !id.isEmpty, (answer.numResults?.int64 ?? 1) > 0 else {
      let reason = answer.error.map { Self.oneLine($0) } ?? "no feed found"
      throw AccountError(.refused, "\(host): cannot subscribe to \(url): \(reason)")
    }
    if let folder, !folder.isEmpty {
      try await write(
        "reader/api/0/subscription/edit",
        form: [("ac", "edit"), ("s", id), ("a", "user/-/label/" + folder)])
    }
    return RemoteFeed(
      id: id, title: answer.streamName ?? url, url: answer.query ?? url,
      folders: folder.map { [$0] } ?? [])
  }

  public func unsubscribe(_ id: String) async throws(AccountError) {
    try await write("reader/api/0/subscription/edit", form: [("ac", "unsubscribe"), ("s", id)])
  }

  // MARK: - Logging in

  /// Logs in with `password`, keeps the token and saves it; throws `.badLogin` when refused.
  public func logIn(password: String) async throws(AccountError) {
    let response = try await send(
      path: "accounts/ClientLogin", query: [],
      form: [("Email", credentials.user), ("Passwd", password)], auth: nil,
      limit: Self.shortAnswerBytes)
    switch response.status {
    case 200:
      let text = try Self.text(response, from: describe("accounts/ClientLogin"))
      guard
        let line = text.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("Auth=") }),
        line.count > 5
      else {
        throw AccountError(.notAPI, "\(describe("accounts/ClientLogin")): no Auth= in the answer")
      }
      let token = String(line.dropFirst(5))
      session.withLock {
        $0.auth = token
        $0.writeToken = nil
        $0.loadedSavedToken = true
      }
      try credentials.token.save(token)
    case 401, 403:
      throw AccountError(
        .badLogin, "\(host): wrong user name or password for \(Self.oneLine(credentials.user))")
    default:
      throw Self.failure(response, what: describe("accounts/ClientLogin"))
    }
  }

  /// The login to send: the one in memory, else the saved one, else a new login.
  private func currentAuth() async throws(AccountError) -> String {
    let saved = session.withLock { session -> String? in
      if session.auth == nil, !session.loadedSavedToken {
        session.loadedSavedToken = true
        session.auth = credentials.token.load()
      }
      return session.auth
    }
    if let saved { return saved }
    try await logInAgain(after: nil)
    guard let auth = session.withLock({ $0.auth }) else {
      throw AccountError(.badLogin, "\(host): not logged in")
    }
    return auth
  }

  /// Logs in again with the credentials' password, unless another request already did since
  /// `rejected` failed; throws `.badLogin` when there is no password to log in with.
  private func logInAgain(after rejected: String?) async throws(AccountError) {
    let current = session.withLock { $0.auth }
    if let current, current != rejected { return }
    session.withLock {
      $0.auth = nil
      $0.writeToken = nil
    }
    if rejected != nil { credentials.token.remove() }
    guard let password = try credentials.password() else {
      throw AccountError(
        .badLogin,
        "\(host): the server no longer accepts the saved login for \(Self.oneLine(credentials.user)) "
          + "and there is no password command; artfeed account set NAME --password-command CMD "
          + "gives one")
    }
    try await logIn(password: password)
  }

  // MARK: - Requests

  /// A JSON answer of an authorized GET (or POST when `form` is given).
  private func json<Value: Decodable>(
    _ path: String, query: [(String, String)], form: [(String, String)]? = nil
  ) async throws(AccountError) -> Value {
    let response = try await authorized(path, query: query, form: form, limit: maxListBytes)
    try Self.refuseHTML(response, what: describe(path))
    do {
      return try JSONDecoder().decode(Value.self, from: response.body)
    } catch {
      throw AccountError(
        .notAPI, "\(describe(path)): the answer is not the Google Reader API's JSON")
    }
  }

  /// The text of an authorized GET.
  private func authorizedText(_ path: String, query: [(String, String)])
    async throws(AccountError) -> String
  {
    let response = try await authorized(path, query: query, form: nil, limit: Self.shortAnswerBytes)
    return try Self.text(response, from: describe(path))
  }

  /// A write (`edit-tag`, `mark-all-as-read`, `subscription/edit`): a POST with the `T` token
  /// that must answer "OK". A 401 fetches a new `T` once.
  private func write(_ path: String, form: [(String, String)]) async throws(AccountError) {
    var retried = false
    while true {
      let token = try await writeToken()
      let response = try await authorized(
        path, query: [], form: [("T", token)] + form, limit: Self.shortAnswerBytes,
        retryOn401: false)
      if response.status == 401 {
        if retried { throw Self.failure(response, what: describe(path)) }
        retried = true
        session.withLock { $0.writeToken = nil }
        continue
      }
      let text = try Self.text(response, from: describe(path))
      guard text.trimmingCharacters(in: .whitespacesAndNewlines) == "OK" else {
        throw AccountError(.refused, "\(describe(path)): the server said \(Self.oneLine(text))")
      }
      return
    }
  }

  private func writeToken() async throws(AccountError) -> String {
    if let token = session.withLock({ $0.writeToken }) { return token }
    let token = try await authorizedText("reader/api/0/token", query: [])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty, token.count < 1024 else {
      throw AccountError(.notAPI, "\(describe("reader/api/0/token")): no token in the answer")
    }
    session.withLock { $0.writeToken = token }
    return token
  }

  /// A request with the login. A 401 logs in again (with the credentials' password) and
  /// retries once; with `retryOn401: false` the 401 answer is the caller's (a write first
  /// fetches a new `T`). Any other answer but 200 is an error.
  private func authorized(
    _ path: String, query: [(String, String)], form: [(String, String)]?, limit: Int,
    retryOn401: Bool = true
  ) async throws(AccountError) -> HTTPResponse {
    var retried = false
    while true {
      let auth = try await currentAuth()
      let response = try await send(path: path, query: query, form: form, auth: auth, limit: limit)
      if response.status == 200 { return response }
      guard response.status == 401 else { throw Self.failure(response, what: describe(path)) }
      if !retryOn401 { return response }
      if retried { throw Self.failure(response, what: describe(path)) }
      retried = true
      try await logInAgain(after: auth)
    }
  }

  private func send(
    path: String, query: [(String, String)], form: [(String, String)]?, auth: String?, limit: Int
  ) async throws(AccountError) -> HTTPResponse {
    var headers: [String: String] = [:]
    if let auth { headers["Authorization"] = "GoogleLogin auth=" + auth }
    var body: Data?
    if let form {
      headers["Content-Type"] = "application/x-www-form-urlencoded"
      body = Data(Self.formEncoded(form).utf8)
    }
    let request = HTTPRequest(
      url: url(path, query: query), method: form == nil ? "GET" : "POST", body: body,
      headers: headers, timeout: timeout, connectTimeout: connectTimeout, maxBodyBytes: limit,
      redirects: .sameOrigin)
    do throws(TransportError) {
      let response = try await client.send(request)
      // Checked again on the answer: a transport that follows redirects its own way must
      // not pass another server's answer off as this one's.
      guard RedirectRule.isSameOrigin(response.url, request.url) else {
        throw TransportError.crossOriginRedirect(location: response.url.absoluteString)
      }
      return response
    } catch .crossOriginRedirect(let location) {
      throw AccountError(
        .notAPI,
        "\(describe(path)): redirected to \(Self.oneLine(location)), another server; "
          + "nothing is sent there with the login (if the API moved, add the account again "
          + "with its new address)")
    } catch .tooLarge(let bytes) {
      var error = AccountError(
        .notAPI, "\(describe(path)): an answer larger than \(bytes) bytes; not read")
      error.isTooLarge = true
      throw error
    } catch .cancelled {
      throw AccountError(.cancelled, "\(host): cancelled")
    } catch {
      throw AccountError(.unavailable, "\(host): \(FetchMessages.text(error))")
    }
  }

  // MARK: - Helpers

  /// `api` + `path` + the query, each value percent-encoded.
  func url(_ path: String, query: [(String, String)]) -> URL {
    var text = api.absoluteString
    if !text.hasSuffix("/") { text += "/" }
    text += path
    if !query.isEmpty { text += "?" + Self.formEncoded(query) }
    return URL(string: text) ?? api
  }

  var host: String { api.host.map { api.port.map { "\(api.host ?? ""):\($0)" } ?? $0 } ?? "server" }

  private func describe(_ path: String) -> String { "\(host): \(path)" }
}
