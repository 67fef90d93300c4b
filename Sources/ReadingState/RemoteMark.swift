/// A change to one flag of items, as the server is told: the offline queue keeps them until
/// an account's backend (`Sync`) sends them.
public enum RemoteMark: String, Sendable, Equatable, CaseIterable {
  case read, unread, star, unstar
}
