import FeedModel
import Foundation

extension FeedsFile {
  /// Appends a line for `source` with its tags and title; refuses a source already there.
  ///
  /// - Returns: the subscription as written (with its line number).
  @discardableResult
  public mutating func add(_ source: String, tags: [String] = [], title: String? = nil)
    throws(SubscriptionError) -> Subscription
  {
    if let existing = subscription(matching: source) {
      throw .alreadySubscribed(source: source, line: existing.line)
    }
    for field in tags + (title.map { [$0] } ?? []) where field.contains(where: \.isNewline) {
      throw .badField("a tag or title cannot hold a line break")
    }
    for field in tags + (title.map { [$0] } ?? []) {
      if let control = ControlCharacters.first(in: field) {
        throw .badField(
          "\"\(ControlCharacters.escaped(field))\" \(ControlCharacters.reason(control)); "
            + "a tag or title is plain text")
      }
    }
    if let empty = tags.first(where: { $0.isEmpty || $0 == "!" || $0.hasPrefix("~") }) {
      throw .badField("\"\(empty)\" cannot be a tag (use --title for a title)")
    }
    return append(
      Subscription(source: source, address: try resolver.address(source), tags: tags, title: title))
  }

  /// Appends a line for `subscription` (not checked for duplicates) and returns it numbered.
  mutating func append(_ subscription: Subscription) -> Subscription {
    var subscription = subscription
    subscription.line = lines.count + 1
    // A file written with CRLF line ends gets one more of the same.
    let crlf = lines.first?.bytes.last == UInt8(ascii: "\r")
    lines.append(
      Line(bytes: Self.bytes(for: subscription, crlf: crlf), content: .subscription(subscription)))
    endsWithNewline = true
    return subscription
  }

  /// Removes the line of the subscription that means the same feed as `source`.
  ///
  /// - Returns: the subscription removed.
  @discardableResult
  public mutating func remove(_ source: String) throws(SubscriptionError) -> Subscription {
    guard let subscription = subscription(matching: source) else {
      throw .notSubscribed(source: source)
    }
    lines.remove(at: subscription.line - 1)
    renumber(from: subscription.line - 1)
    return subscription
  }

  /// Line numbers after a removal: every subscription below moves up one.
  private mutating func renumber(from index: Int) {
    for position in index..<lines.count {
      if case .subscription(var subscription) = lines[position].content {
        subscription.line = position + 1
        lines[position].content = .subscription(subscription)
      }
    }
  }
}
