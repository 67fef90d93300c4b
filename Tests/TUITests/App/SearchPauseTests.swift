import Foundation
import Testing

@testable import TUIRuntime

/// An online search's typing pause: a deadline the loop opens, or a cancellation.
@Suite("Search pause")
struct SearchPauseTests {
  @Test("opened, the waiting task goes on; opened before it waits, too")
  func opened() async {
    let pause = SearchPause(due: .now)
    let waiting = Task.detached { await pause.wait() }
    pause.open()
    #expect(await waiting.value)
    let early = SearchPause(due: .now)
    early.open()
    #expect(await early.wait())
  }

  @Test("cancelled, the wait ends with false, before or while it waits")
  func cancelled() async {
    let pause = SearchPause(due: .now + .seconds(3600))
    let waiting = Task.detached { await pause.wait() }
    waiting.cancel()
    #expect(await waiting.value == false)
    let already = Task.detached { () -> Bool in
      withUnsafeCurrentTask { $0?.cancel() }
      return await SearchPause(due: .now + .seconds(3600)).wait()
    }
    #expect(await already.value == false)
  }
}
