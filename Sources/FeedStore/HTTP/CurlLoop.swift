import CCurl
import Foundation
import Locking

/// One thread that owns a libcurl multi handle and runs every request of the process on it.
///
/// Requests arrive through a locked inbox and `curl_multi_wakeup` (the one multi call that
/// may come from any thread); everything else, handles and callbacks, stays on the loop's
/// thread. Each turn adds the new requests, ends the cancelled and the overdue ones, lets
/// libcurl move every transfer on, finishes the completed ones, then sleeps in
/// `curl_multi_poll` until a socket, a libcurl timer, the next deadline or a wakeup.
final class CurlLoop: @unchecked Sendable {
  // `@unchecked Sendable`: `multi` is touched off the loop's thread only by
  // `curl_multi_wakeup`; `running` belongs to the loop's thread; the inbox is locked.
  private let multi: UnsafeMutableRawPointer
  private let inbox = Locked<[CurlTransfer]>([])
  private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
  private let userAgent: String

  init?(userAgent: String) {
    guard curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK, let multi = curl_multi_init()
    else { return nil }
    self.multi = multi
    self.userAgent = userAgent
    Thread.detachNewThread { [self] in
      Thread.current.name = "artfeed-http"
      run()
    }
  }

  /// Hands a transfer to the loop.
  func add(_ transfer: CurlTransfer) {
    inbox.withLock { $0.append(transfer) }
    curl_multi_wakeup(multi)
  }

  /// Wakes the loop so it sees a cancellation at once.
  func wake() {
    curl_multi_wakeup(multi)
  }

  private func run() {
    while true {
      startNew()
      endStopped()
      var stillRunning: Int32 = 0
      curl_multi_perform(multi, &stillRunning)
      finishCompleted()
      curl_multi_poll(multi, nil, 0, waitMilliseconds(), nil)
    }
  }

  private func startNew() {
    for transfer in inbox.withLock({ taken in
      defer { taken = [] }; return taken
    }) {
      if transfer.isCancelled {
        transfer.finish(.failure(.cancelled))
        continue
      }
      transfer.configure(userAgent: userAgent)
      guard curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
        transfer.finish(.failure(.other("could not start the request")))
        continue
      }
      running[transfer.easy] = transfer
    }
  }

  /// Ends the transfers cancelled by their caller or past their deadline, whether or not
  /// libcurl is calling them back (a stalled connection calls nothing).
  private func endStopped() {
    let now = DispatchTime.now().uptimeNanoseconds
    for transfer in running.values {
      if transfer.isCancelled {
        transfer.stop(.cancelled)
      } else if now >= transfer.deadline {
        transfer.stop(.timedOut(seconds: transfer.request.timeout))
      } else {
        continue
      }
      end(transfer, code: CURLE_ABORTED_BY_CALLBACK)
    }
  }

  private func finishCompleted() {
    var left: Int32 = 0
    while let message = curl_multi_info_read(multi, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
        let transfer = running[easy]
      else { continue }
      end(transfer, code: message.pointee.data.result)
    }
  }

  /// Takes the transfer out of the multi handle and resumes its caller.
  private func end(_ transfer: CurlTransfer, code: CURLcode) {
    curl_multi_remove_handle(multi, transfer.easy)
    running[transfer.easy] = nil
    transfer.finish(CurlOutcome.result(of: transfer, code: code))
  }

  /// Until libcurl's next timer or the nearest deadline. With neither (no request under way)
  /// the longest wait `curl_multi_poll` takes (it refuses a negative one): an idle process
  /// makes no wake-ups, and a wakeup ends any wait.
  private func waitMilliseconds() -> Int32 {
    let longest = Int(Int32.max)
    var curlWait = -1
    curl_multi_timeout(multi, &curlWait)
    var wait = curlWait >= 0 ? curlWait : longest
    let now = DispatchTime.now().uptimeNanoseconds
    for transfer in running.values {
      let left = transfer.deadline > now ? Int((transfer.deadline - now) / 1_000_000) + 1 : 0
      wait = min(wait, left)
    }
    return Int32(min(wait, longest))
  }
}
