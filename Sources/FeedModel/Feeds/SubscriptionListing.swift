/// What the feed list opens on: the subscriptions in order, and the titles already known for
/// them.
///
/// `SubscriptionLibrary` (in `Subscriptions`) is one. The front end takes this, not the
/// library, so it imports no module that reads files or the network.
public protocol SubscriptionListing {
  /// The subscriptions, in the feed list's order.
  var subscriptions: [Subscription] { get }
  /// Each subscription's own title as the feed cache remembers it (by index); nil where
  /// none is known yet.
  var knownTitles: [String?] { get }
}
