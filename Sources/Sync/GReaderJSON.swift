import FeedModel
import Foundation

/// The Google Reader API's JSON answers, as lenient `Decodable`s: servers differ in whether
/// numbers come as numbers or strings, and in which fields they fill.
enum GReaderJSON {
  /// `subscription/list`.
  struct SubscriptionList: Decodable {
    var subscriptions: [Subscription]

    struct Subscription: Decodable {
      var id: String
      var title: String?
      var categories: [Category]?
      var url: String?
      var htmlUrl: String?
    }

    struct Category: Decodable {
      var id: String
      var label: String?
    }
  }

  /// `tag/list`.
  struct TagList: Decodable {
    var tags: [Tag]

    struct Tag: Decodable {
      var id: String
      var type: String?
    }
  }

  /// `stream/contents/...`.
  struct StreamContents: Decodable {
    var items: [Item]
    var continuation: Flexible?
  }

  struct Item: Decodable {
    var id: String
    var crawlTimeMsec: Flexible?
    var timestampUsec: Flexible?
    var published: Flexible?
    var title: String?
    var canonical: [Link]?
    var alternate: [Link]?
    var categories: [String]?
    var origin: Origin?
    var summary: Content?
    var content: Content?
    var enclosure: [Enclosure]?
    var author: String?
  }

  struct Link: Decodable {
    var href: String?
  }

  struct Origin: Decodable {
    var streamId: String?
  }

  struct Content: Decodable {
    var content: String?
  }

  struct Enclosure: Decodable {
    var href: String?
    var type: String?
  }

  /// `stream/items/ids`.
  struct ItemIDs: Decodable {
    var itemRefs: [Reference]?
    var continuation: Flexible?

    struct Reference: Decodable {
      var id: Flexible
    }
  }

  /// `subscription/quickadd`.
  struct QuickAdd: Decodable {
    var numResults: Flexible?
    var streamId: String?
    var streamName: String?
    var query: String?
    var error: String?
  }

  /// A value some servers send as a number and others as a string.
  struct Flexible: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let string = try? container.decode(String.self) {
        text = string
      } else if let number = try? container.decode(Int64.self) {
        text = String(number)
      } else {
        text = String(try container.decode(Double.self))
      }
    }

    var int64: Int64? { Int64(text) ?? UInt64(text).map { Int64(bitPattern: $0) } }
  }
}

/// Item ids in the Google Reader API's two forms.
enum GReaderItemID {
  static let prefix = "tag:google.com,2005:reader/item/"

  /// The 64-bit id of `text`: the long form (`tag:google.com,2005:reader/item/` and 16 hex
  /// digits) or the short decimal form; nil for anything else.
  static func parse(_ text: String) -> Int64? {
    if text.hasPrefix(prefix) {
      return UInt64(text.dropFirst(prefix.count), radix: 16).map { Int64(bitPattern: $0) }
    }
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
    return UInt64(text).map { Int64(bitPattern: $0) }
  }

  /// The long form of `id`, which every server accepts in `i=`.
  static func longForm(_ id: Int64) -> String {
    let hex = String(UInt64(bitPattern: id), radix: 16)
    return prefix + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
  }
}

extension GReaderJSON.Item {
  /// The item as artfeed keeps it; nil when it has no id artfeed can read.
  func remote() -> RemoteItem? {
    guard let id = GReaderItemID.parse(id) else { return nil }
    let crawledUsec =
      timestampUsec?.int64 ?? crawlTimeMsec?.int64.map { $0 * 1000 }
      ?? published?.int64.map { $0 * 1_000_000 } ?? 0
    let categories = categories ?? []
    let labels = categories.compactMap { category -> String? in
      guard category.hasPrefix("user/"),
        let range = ServerText.range(of: "/label/", in: category[...])
      else {
        return nil
      }
      return String(category[range.upperBound...])
    }
    return RemoteItem(
      id: id, feed: origin?.streamId ?? "", crawled: crawledUsec,
      published: published?.int64.map { Date(timeIntervalSince1970: Double($0)) },
      title: title,
      link: (canonical ?? []).first?.href ?? (alternate ?? []).first?.href,
      author: author,
      summaryHTML: summary?.content ?? content?.content,
      enclosures: (enclosure ?? []).compactMap { enclosure in
        enclosure.href.map { RemoteEnclosure(url: $0, type: enclosure.type) }
      },
      labels: labels,
      read: categories.contains { Self.isState($0, "read") },
      starred: categories.contains { Self.isState($0, "starred") })
  }

  /// `user/-/state/com.google/NAME` or `user/123/state/com.google/NAME`.
  static func isState(_ category: String, _ name: String) -> Bool {
    category.hasPrefix("user/") && category.hasSuffix("/state/com.google/" + name)
  }
}
