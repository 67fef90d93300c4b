import FeedModel
import Foundation
import HTTP
import Sync

extension Feeds {
  /// One row per feed of each sync account, from its local copy (nothing is fetched), in
  /// the layout of the feeds file's: the last sync, the title with its folders, the unread
  /// counts of the state, `NAME: URL`.
  static func accountRows(
    _ counts: [FeedKey: FeedCounts], tag: String? = nil, now: Date
  ) -> [Row] {
    guard let (access, accounts) = AccountAccess.listed() else { return [] }
    var rows: [Row] = []
    for account in accounts {
      guard let sync = try? access.sync(account, client: SharedHTTPClient()),
        let feeds = try? sync.localFeeds()
      else {
        warn("account \(account.name): its local copy cannot be read")
        continue
      }
      let status = syncAge(sync.lastSync(), now: now)
      for feed in feeds where tag == nil || feed.folders.contains(tag ?? "") {
        var title = ServerText.oneLine(feed.title)
        if title.isEmpty { title = "-" }
        if !feed.folders.isEmpty {
          title += " [" + feed.folders.map { ServerText.oneLine($0) }.joined(separator: ", ") + "]"
        }
        var unread = "-"
        if let count = counts[FeedKey(account.address(ofFeed: feed.id))], count.total > 0 {
          unread = "\(count.unread)/\(count.total) unread"
        }
        rows.append(
          Row(
            state: status, title: title, unread: unread,
            source: "\(account.name): \(ServerText.oneLine(feed.url))"))
      }
    }
    return rows
  }
}
