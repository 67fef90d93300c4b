import FeedModel
import Foundation
import HTTP
import Sync

extension Feeds {
  /// One row per feed of each sync account, from its local copy (nothing is fetched): the
  /// last sync, then `NAME: "Title" URL [folders]` and the unread counts of the state.
  static func accountRows(
    _ counts: [FeedKey: FeedCounts], tag: String? = nil, now: Date
  ) -> [(String, String)] {
    guard let (access, accounts) = AccountAccess.listed() else { return [] }
    var rows: [(String, String)] = []
    for account in accounts {
      guard let sync = try? access.sync(account, client: SharedHTTPClient()),
        let feeds = try? sync.localFeeds()
      else {
        warn("account \(account.name): its local copy cannot be read")
        continue
      }
      let status = syncAge(sync.lastSync(), now: now)
      for feed in feeds where tag == nil || feed.folders.contains(tag ?? "") {
        var text =
          "\(account.name): \(ServerText.oneLine(feed.url)) "
          + "\"\(ServerText.oneLine(feed.title))\""
        if !feed.folders.isEmpty {
          text += " [" + feed.folders.map { ServerText.oneLine($0) }.joined(separator: ", ") + "]"
        }
        if let count = counts[FeedKey(account.address(ofFeed: feed.id))], count.total > 0 {
          text += "  \(count.unread)/\(count.total) unread"
        }
        rows.append((status, text))
      }
    }
    return rows
  }
}
