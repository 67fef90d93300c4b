import FeedModel
import Foundation
import Locking

/// The real transport: libcurl's multi interface on a thread of its own (`CurlLoop`).
///
/// Not `URLSession`: FoundationNetworking (libcurl underneath, the same library) delivers
/// body chunks with no way to stop libcurl mid-body, and on this toolchain (swift 6.3.x) its
/// `cancel()` waits for a work queue that a fast-decoding transfer never frees: a gzip bomb
/// is inflated whole whatever the cap and `--timeout`, and an endless gzip stream never ends.
/// Here every decoded chunk passes our callback before libcurl decodes the next, and
/// returning 0 ends the transfer at once (docs/adr/0102).
///
/// Deadlines: the whole request, connect to last byte, is `timeout` (the loop ends an
/// overdue transfer even when libcurl calls nothing back); connecting alone is
/// `connectTimeout`. Redirects: five at most, http and https only, and only within the
/// request's origin when it says so (`RedirectRule`). The body cap counts decoded bytes; a
/// declared `Content-Length` over it ends the request at the headers.
public final class CurlClient: HTTPClient {
  /// The client every part of the program uses; its thread starts with the first request.
  public static let shared = CurlClient()

  /// Sent with every request.
  public static var userAgent: String {
    "artfeed/\(ArtfeedVersion.number) (+terminal feed browser; Swift)"
  }

  /// The longest deadline armed (a day): longer and non-finite ones are cut to it (the
  /// command line refuses them before they get here).
  static let maxSeconds: Double = 86_400

  private let loop: Result<CurlLoop, CurlLibrary.LoadFailure>

  private init() {
    loop = Result { () throws(CurlLibrary.LoadFailure) in try CurlLoop(userAgent: Self.userAgent) }
  }

  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    let loop: CurlLoop
    switch self.loop {
    case .success(let started): loop = started
    case .failure(let failure): throw .other("libcurl could not be started: \(failure.reason)")
    }
    let ticket = Ticket()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard let transfer = CurlTransfer(request, continuation: continuation) else {
          continuation.resume(returning: .failure(.other("libcurl could not start a request")))
          return
        }
        if ticket.attach(transfer) { transfer.cancel() }
        loop.add(transfer)
      }
    } onCancel: {
      ticket.cancel()
      loop.wake()
    }
    return try result.get()
  }
}

/// Links a request's cancellation, which may come before its transfer exists, to it.
private final class Ticket: Sendable {
  private let state = Locked<(transfer: CurlTransfer?, cancelled: Bool)>((nil, false))

  /// Keeps the transfer; true when the request was cancelled already.
  func attach(_ transfer: CurlTransfer) -> Bool {
    state.withLock {
      $0.transfer = transfer
      return $0.cancelled
    }
  }

  func cancel() {
    let transfer = state.withLock {
      $0.cancelled = true
      return $0.transfer
    }
    transfer?.cancel()
  }
}
