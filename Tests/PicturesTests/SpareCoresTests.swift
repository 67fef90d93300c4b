import Foundation
import Testing

@testable import Pictures

/// The bands' core check: other processes' runnable threads now, not the load average.
@Suite("Spare cores at this instant")
struct SpareCoresTests {
  @Test("the runnable count is the fourth field's number before the slash")
  func loadavg() {
    #expect(SpareCores.runningThreads(loadavg: "0.52 0.58 0.59 3/467 12345\n") == 3)
    #expect(SpareCores.runningThreads(loadavg: "7.42 7.07 4.90 10/161 15863") == 10)
    #expect(SpareCores.runningThreads(loadavg: "0.52 0.58") == nil)
    #expect(SpareCores.runningThreads(loadavg: "0.52 0.58 0.59 467 1") == nil)
  }

  @Test("a thread's state is the field after the command's last parenthesis")
  func threadState() {
    #expect(SpareCores.isRunning(stat: "123 (artfeed) R 1 123 123 0 -1"))
    #expect(!SpareCores.isRunning(stat: "123 (artfeed) S 1 123 123 0 -1"))
    // A command can hold a parenthesis and a space, and even an R after them.
    #expect(!SpareCores.isRunning(stat: "124 (a) R (b) S 1 124"))
    #expect(SpareCores.isRunning(stat: "124 (a) S (b) R 1 124"))
    #expect(!SpareCores.isRunning(stat: "garbage"))
  }

  @Test("two free cores on two: no other process runnable; this process's threads do not count")
  func decision() {
    // Idle but for the decode and the run loop drawing its frame.
    #expect(SpareCores.isFree(2, running: 2, ours: 2, cores: 2))
    // One busy loop elsewhere (the load-2 case): the second band would share its core.
    #expect(!SpareCores.isFree(2, running: 2, ours: 1, cores: 2))
    #expect(!SpareCores.isFree(2, running: 9, ours: 1, cores: 2))
    #expect(SpareCores.isFree(2, running: 3, ours: 1, cores: 4))
    #expect(!SpareCores.isFree(2, running: 4, ours: 1, cores: 4))
  }

  @Test("this process's own count sees the calling thread, and the system's count reads")
  func live() throws {
    #expect(SpareCores.ownRunningThreads() >= 1)
    let text = try String(contentsOfFile: "/proc/loadavg", encoding: .utf8)
    #expect((SpareCores.runningThreads(loadavg: text) ?? 0) >= 1)
  }
}
