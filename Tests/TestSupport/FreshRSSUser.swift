import Foundation
import HTTP

/// A user of the shared `FreshRSS`, made for one test, and the test's own view of the
/// server: plain Google Reader API calls, written apart from artfeed's client, to check what
/// artfeed did and to act as "another device".
public struct FreshRSSUser: Sendable {
  public let server: FreshRSS
  public let name: String
  /// The API password (what `ClientLogin` takes).
  public let password: String
  public let auth: String

  /// A new user with its own API password, logged in.
  public static func make(on server: FreshRSS) async throws -> FreshRSSUser {
    // Always nine characters, so a recorded screen can show it as `USERNAME1`.
    let name = String(format: "u%08x", UInt32.random(in: 0...UInt32.max))
    let password = "pw-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    try server.createUser(name, apiPassword: password)
    let auth = try await login(server, name, password)
    return FreshRSSUser(server: server, name: name, password: password, auth: auth)
  }

  /// `ClientLogin`: the Auth token, or a failure when the server refuses the password.
  public static func login(_ server: FreshRSS, _ name: String, _ password: String) async throws
    -> String
  {
    let body = "Email=\(name)&Passwd=\(password)"
    let response = try await SharedHTTPClient().send(
      HTTPRequest(
        url: server.api.appendingPathComponent("accounts/ClientLogin"), method: "POST",
        body: Data(body.utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"]))
    let text = String(decoding: response.body, as: UTF8.self)
    guard response.status == 200,
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") })
    else { throw FreshRSS.Failure(description: "ClientLogin \(response.status): \(text)") }
    return String(line.dropFirst(5))
  }

  // MARK: - Reading

  /// The ids (decimal) of the user's unread items.
  public func unreadIDs() async throws -> Set<Int64> {
    Set(
      try await ids(
        "s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read"))
  }

  public func starredIDs() async throws -> Set<Int64> {
    Set(try await ids("s=user/-/state/com.google/starred"))
  }

  /// Every item id, newest first.
  public func allIDs() async throws -> [Int64] {
    try await ids("s=user/-/state/com.google/reading-list")
  }

  private func ids(_ query: String) async throws -> [Int64] {
    let data = try await get("reader/api/0/stream/items/ids?\(query)&n=100000&output=json")
    struct Answer: Decodable {
      struct Reference: Decodable { var id: String }
      var itemRefs: [Reference]?
    }
    return try JSONDecoder().decode(Answer.self, from: data).itemRefs?.compactMap {
      Int64($0.id)
    } ?? []
  }

  /// The subscriptions: stream id, title, address.
  public func feeds() async throws -> [(id: String, title: String, url: String)] {
    let data = try await get("reader/api/0/subscription/list?output=json")
    struct Answer: Decodable {
      struct Feed: Decodable {
        var id: String
        var title: String
        var url: String
      }
      var subscriptions: [Feed]
    }
    return try JSONDecoder().decode(Answer.self, from: data).subscriptions.map {
      ($0.id, $0.title, $0.url)
    }
  }

  // MARK: - Acting as another device

  /// Marks `ids` read (or unread).
  public func setRead(_ ids: [Int64], _ read: Bool) async throws {
    try await edit(ids, (read ? "a" : "r") + "=user/-/state/com.google/read")
  }

  public func setStarred(_ ids: [Int64], _ starred: Bool) async throws {
    try await edit(ids, (starred ? "a" : "r") + "=user/-/state/com.google/starred")
  }

  private func edit(_ ids: [Int64], _ change: String) async throws {
    let token = String(decoding: try await get("reader/api/0/token"), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let body = (["T=\(token)", change] + ids.map { "i=\($0)" }).joined(separator: "&")
    let answer = try await post("reader/api/0/edit-tag", body)
    guard answer == "OK" else { throw FreshRSS.Failure(description: "edit-tag: \(answer)") }
  }

  /// Subscribes to `url` (the server fetches it now); returns its stream id.
  @discardableResult
  public func subscribe(_ url: URL) async throws -> String {
    let encoded = url.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
    let data = try await post("reader/api/0/subscription/quickadd", "quickadd=\(encoded ?? "")")
    struct Answer: Decodable { var streamId: String? }
    guard let id = try JSONDecoder().decode(Answer.self, from: Data(data.utf8)).streamId else {
      throw FreshRSS.Failure(description: "quickadd \(url): \(data)")
    }
    return id
  }

  // MARK: - HTTP

  public func get(_ pathAndQuery: String) async throws -> Data {
    let url = URL(string: server.api.absoluteString + "/" + pathAndQuery) ?? server.api
    let response = try await SharedHTTPClient().send(
      HTTPRequest(url: url, headers: ["Authorization": "GoogleLogin auth=\(auth)"]))
    guard response.status == 200 else {
      throw FreshRSS.Failure(description: "GET \(pathAndQuery): HTTP \(response.status)")
    }
    return response.body
  }

  func post(_ path: String, _ body: String) async throws -> String {
    let response = try await SharedHTTPClient().send(
      HTTPRequest(
        url: server.api.appendingPathComponent(path), method: "POST", body: Data(body.utf8),
        headers: [
          "Authorization": "GoogleLogin auth=\(auth)",
          "Content-Type": "application/x-www-form-urlencoded",
        ]))
    guard response.status == 200 else {
      throw FreshRSS.Failure(description: "POST \(path): HTTP \(response.status)")
    }
    return String(decoding: response.body, as: UTF8.self)
  }
}

/// Media RSS feed files for FreshRSS to fetch from a `TestServer`: `count` items with a
/// thumbnail, an image and a credit each, newest last, dated from 2026-11-01 an hour apart.
public enum SyncFeeds {
  /// `artist` credits every item to one name (else "Artist 0", "Artist 1", "Artist 2" in turn).
  public static func write(
    _ name: String, items count: Int, artist: String? = nil, into folder: URL
  ) throws {
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
      <title>Feed \(name)</title><link>http://example.org/\(name)</link><description>d</description>

      """
    let start = 1_793_491_200.0  // 2026-11-01T00:00:00Z
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    for index in 0..<count {
      let date = formatter.string(from: Date(timeIntervalSince1970: start + Double(index) * 3600))
      xml += """
        <item><title>\(name) piece \(index)</title><link>http://example.org/\(name)/\(index)</link>\
        <guid>\(name)-\(index)</guid><pubDate>\(date)</pubDate>\
        <description>&lt;p&gt;About \(name) \(index)&lt;/p&gt;</description>\
        <media:thumbnail url="http://127.0.0.1:9/t/\(name)-\(index).png" width="150" height="150"/>\
        <media:content url="http://127.0.0.1:9/full/\(name)-\(index).jpg" medium="image"/>\
        <media:credit role="author">\(artist ?? "Artist \(index % 3)")</media:credit></item>

        """
    }
    xml += "</channel></rss>\n"
    try Data(xml.utf8).write(to: folder.appendingPathComponent(name + ".xml"))
  }
}
