import ArtfeedResources
import FeedCore
import FeedModel
import Foundation
import TUI

/// The bundled feeds, parsed by the same parser the app uses.
enum Bundled {
  static func items(byArtist query: String) throws -> [FeedItem] {
    var all: [FeedItem] = []
    for file in BundledFeeds.all() { all += try FeedParser.parse(contentsOf: file).items }
    return ArtistMatch.search(all, query: query)
  }
}
