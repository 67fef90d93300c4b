import CCurl
import Foundation
import Locking
import Workers

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
  private let curl: CurlLibrary
  private let inbox = Locked<[CurlTransfer]>([])
  private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
  private let userAgent: String

  /// Opens libcurl (the first time) and starts the loop's thread.
  init(userAgent: String) throws(CurlLibrary.LoadFailure) {
    let curl = try CurlLibrary.shared.get()
    guard curl.globalInit(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK, let multi = curl.multiInit()
    else { throw CurlLibrary.LoadFailure(reason: "libcurl could not be initialised") }
    self.curl = curl
    self.multi = multi
    self.userAgent = userAgent
    Thread.detachNewThread { [self] in
      nameCurrentThread("artfeed-http")
      run()
    }
  }

  /// Hands a transfer to the loop.
  func add(_ transfer: CurlTransfer) {
    inbox.withLock { $0.append(transfer) }
    _ = curl.multiWakeup(multi)
  }

  /// Wakes the loop so it sees a cancellation at once.
  func wake() {
    _ = curl.multiWakeup(multi)
  }

  private func run() {
    while true {
      startNew()
      endStopped()
      var stillRunning: Int32 = 0
      _ = curl.multiPerform(multi, &stillRunning)
      finishCompleted()
      _ = curl.multiPoll(multi, nil, 0, waitMilliseconds(), nil)
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
      guard curl.multiAddHandle(multi, transfer.easy) == CURLM_OK else {
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
    while let message = curl.multiInfoRead(multi, &left) {
      guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
        let transfer = running[easy]
      else { continue }
      end(transfer, code: message.pointee.data.result)
    }
  }

  /// Takes the transfer out of the multi handle and resumes its caller.
  private func end(_ transfer: CurlTransfer, code: CURLcode) {
    _ = curl.multiRemoveHandle(multi, transfer.easy)
    running[transfer.easy] = nil
    transfer.finish(CurlOutcome.result(of: transfer, code: code))
  }

  /// Until libcurl's next timer or the nearest deadline. With neither (no request under way)
  /// the longest wait `curl_multi_poll` takes (it refuses a negative one): an idle process
  /// makes no wake-ups, and a wakeup ends any wait.
  private func waitMilliseconds() -> Int32 {
    let longest = Int(Int32.max)
    var curlWait = -1
    _ = curl.multiTimeout(multi, &curlWait)
    var wait = curlWait >= 0 ? curlWait : longest
    let now = DispatchTime.now().uptimeNanoseconds
    for transfer in running.values {
      let left = transfer.deadline > now ? Int((transfer.deadline - now) / 1_000_000) + 1 : 0
      wait = min(wait, left)
    }
    return Int32(min(wait, longest))
  }
}
