import FeedModel
import HTTP

extension ImageLoadError {
  /// The reason a transport failure gives.
  init(_ error: TransportError) {
    switch error {
    case .dns: self.init("no host")
    case .refused: self.init("refused")
    case .timedOut, .connectTimedOut: self.init("timed out")
    case .tls: self.init("TLS error")
    case .tooLarge: self.init("too large")
    case .redirectLoop, .redirectRefused, .crossOriginRedirect: self.init("redirects")
    case .cancelled: self = .cancelled
    case .other: self.init("net error")
    }
  }
}
