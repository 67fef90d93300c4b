/// Hostile servers: what `feedserver.py` does to a client's memory and time (issue 17), each
/// with what artfeed must make of it. Bombs are small on the wire and huge decoded; trickles
/// send a byte now and then for ever; redirects point outside http and https.
extension HostileCorpus {
  /// One hostile behaviour of the loopback test server.
  public struct HostileServer: Sendable, CustomStringConvertible {
    /// How the request must end.
    public enum Outcome: Sendable, Equatable {
      /// At the 50 MB cap on decoded bytes, at once ("response larger than 50 MB").
      case tooLarge
      /// At the declared length, before any body ("response larger than 50 MB").
      case refusedAtHeaders
      /// On the whole request's deadline ("timed out after N s").
      case timedOut
      /// Not followed, and said so ("follows redirects to http and https only").
      case redirectRefused
      /// The feed the redirect points to (its bomb of a body is never decoded).
      case servesFeed
    }

    public var name: String
    /// The server path (`/bomb?mb=1000`).
    public var path: String
    public var outcome: Outcome

    public var description: String { name }
  }

  public static let servers: [HostileServer] = [
    HostileServer(name: "gzip bomb, 1 GB from 1 MB", path: "/bomb?mb=1000", outcome: .tooLarge),
    HostileServer(
      name: "gzip of gzip, 1 GB from 2 KB", path: "/bomb?mb=1000&layers=2", outcome: .tooLarge),
    HostileServer(name: "gzip bomb, 10 GB from 10 MB", path: "/bomb?mb=10000", outcome: .tooLarge),
    HostileServer(name: "endless gzip stream", path: "/gzipstream", outcome: .tooLarge),
    HostileServer(
      name: "bomb as a redirect's body", path: "/bomb?mb=1000&status=301", outcome: .servesFeed),
    HostileServer(
      name: "10 GB declared, trickling", path: "/trickle?declared=10737418240",
      outcome: .refusedAtHeaders),
    HostileServer(name: "trickle, no length", path: "/trickle", outcome: .timedOut),
    HostileServer(
      name: "trickle under its declared length", path: "/trickle?declared=1000000",
      outcome: .timedOut),
    HostileServer(
      name: "headers never come", path: "/stall/headers?seconds=60", outcome: .timedOut),
    HostileServer(
      name: "redirect to file:///etc/passwd",
      path: "/redirect/to?location=file%3A%2F%2F%2Fetc%2Fpasswd", outcome: .redirectRefused),
    HostileServer(
      name: "redirect to ftp:", path: "/redirect/to?location=ftp%3A%2F%2F127.0.0.1%2Fx",
      outcome: .redirectRefused),
  ]
}
