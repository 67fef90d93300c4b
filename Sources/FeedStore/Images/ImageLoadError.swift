/// Why a picture's bytes could not be had, in the few words a thumbnail box can show.
public struct ImageLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The words for the box, at most 10 columns: "no file", "HTTP 404", "too large", "offline".
  public var reason: String

  public init(_ reason: String) { self.reason = reason }

  public var description: String { reason }

  /// The work was cancelled (the row scrolled away); never shown.
  public static let cancelled = ImageLoadError("cancelled")

  /// The reason a transport failure gives.
  init(_ error: TransportError) {
    switch error {
    case .dns: self.init("no host")
    case .refused: self.init("refused")
    case .timedOut, .connectTimedOut: self.init("timed out")
    case .tls: self.init("TLS error")
    case .tooLarge: self.init("too large")
    case .redirectLoop, .redirectRefused: self.init("redirects")
    case .cancelled: self = .cancelled
    case .other: self.init("net error")
    }
  }
}
