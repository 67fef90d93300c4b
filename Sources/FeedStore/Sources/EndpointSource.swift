import FeedCore
import Foundation

/// A DeviantArt-style Media RSS endpoint: `?q=boost:popular` to open on, `?q=by:NAME` for
/// an artist, and `offset=N` (or the feed's own `atom:link rel="next"`) for the next page.
public final class EndpointSource: FeedSource {
  /// The endpoint, e.g. `https://backend.deviantart.com/rss.xml`; its own query is kept.
  public let endpoint: URL
  let loader: FeedLoader

  public init(endpoint: URL, loader: FeedLoader) {
    self.endpoint = endpoint
    self.loader = loader
  }

  public var searchesOnline: Bool { true }

  public func loadMain() async throws(LoadError) -> LoadedList {
    try await fetch(url(query: "boost:popular"), fallbackTitle: "Popular")
  }

  public func search(artist query: String) async throws(LoadError) -> LoadedList {
    let name = query.trimmingCharacters(in: .whitespacesAndNewlines)
    var list = try await fetch(url(query: "by:" + name), fallbackTitle: nil)
    list.title = "Artist: \(name)"
    return list
  }

  public func page(at url: URL) async throws(LoadError) -> LoadedList {
    try await fetch(url, fallbackTitle: nil)
  }

  /// The endpoint with `q` (and `offset`) set, everything else of its query kept.
  public func url(query: String, offset: Int? = nil) -> URL {
    Self.url(endpoint, setting: ["q": query, "offset": offset.map(String.init)])
  }

  private func fetch(_ url: URL, fallbackTitle: String?) async throws(LoadError) -> LoadedList {
    let loaded = try await loader.load(.web(url), isEndpoint: true)
    var list = loaded.list(title: fallbackTitle)
    if !list.items.isEmpty, list.nextPage == nil {
      list.nextPage = offsetPage(after: url, count: list.items.count)
    }
    return list
  }

  /// The page after one that started at `offset=N` and held `count` items.
  func offsetPage(after url: URL, count: Int) -> URL {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
    let offset = items.last { $0.name == "offset" }?.value.flatMap { Int($0) } ?? 0
    return Self.url(url, setting: ["offset": String(offset + count)])
  }

  /// `url` with query parameters set (nil removes one); the others keep their order.
  static func url(_ url: URL, setting values: [String: String?]) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url
    }
    var items = (components.queryItems ?? []).filter { values[$0.name] == nil }
    for name in values.keys.sorted() {
      if let value = values[name] ?? nil { items.append(URLQueryItem(name: name, value: value)) }
    }
    components.queryItems = items
    // `+` means a space to most servers; DeviantArt's `boost:popular` has none, but a name may.
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
    return components.url ?? url
  }
}
