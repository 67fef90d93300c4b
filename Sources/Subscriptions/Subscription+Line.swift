import FeedModel

/// A subscription as a line of the feeds file.
extension Subscription {
  /// Reads a source and its tags (`tokens` after the first) as the feeds file holds them.
  init(tokens: [String], line: Int, resolver: SourceResolver) throws(SubscriptionError) {
    guard let source = tokens.first else { throw .unreadableSource(source: "", reason: "empty") }
    self.init(source: source, address: try resolver.address(source), line: line)
    for token in tokens.dropFirst() {
      if token == "!" {
        hidden = true
      } else if token.hasPrefix("~") {
        title = String(token.dropFirst())
      } else {
        tags.append(token)
      }
    }
  }

  /// The words of this subscription's line, as `add` writes them: source, tags, title, `!`.
  var tokens: [String] {
    [source] + tags + (title.map { ["~" + $0] } ?? []) + (hidden ? ["!"] : [])
  }
}
