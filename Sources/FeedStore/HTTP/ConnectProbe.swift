import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bare TCP connect, used to tell "cannot connect" from "connected, but the server is slow".
///
/// FoundationNetworking gives no connect timeout and no event for "connected", so when a
/// request has had no response head after `connectTimeout`, the client opens one connection of
/// its own to the same host and port. If that cannot connect either within a short budget,
/// the request fails as `.connectTimedOut`; if it connects, the server is reachable and the
/// request runs on to its total deadline. Blocking: call it off the cooperative pool.
enum ConnectProbe {
  enum Outcome: Equatable {
    case connected
    case timedOut
    case failed
  }

  /// With a proxy, libcurl connects to the proxy, not to the host: probing the host says
  /// nothing, so there is no connect deadline then.
  static var proxyConfigured: Bool {
    let environment = ProcessInfo.processInfo.environment
    return ["http_proxy", "https_proxy", "all_proxy", "HTTPS_PROXY", "ALL_PROXY"].contains {
      !(environment[$0] ?? "").isEmpty
    }
  }

  /// Tries the first address of `host` with a non-blocking connect and `poll`.
  static func check(host: String, port: Int, within seconds: Double) -> Outcome {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
      return .failed
    }
    defer { freeaddrinfo(list) }
    let fd = socket(
      info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard fd >= 0 else { return .failed }
    defer { close(fd) }
    if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return .connected }
    guard errno == EINPROGRESS else { return .failed }
    var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    let ready = poll(&pollfd, 1, Int32(max(seconds, 0.001) * 1000))
    guard ready > 0 else { return ready == 0 ? .timedOut : .failed }
    var error: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
    return error == 0 ? .connected : .failed
  }
}
