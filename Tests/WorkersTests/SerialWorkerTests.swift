import Foundation
import Locking
import Testing
import Workers

/// The thread a serial worker's blocks run on, in place of a serial `DispatchQueue`
/// (docs/adr/0083).
@Suite("Serial worker")
struct SerialWorkerTests {
  @Test("a serial worker runs blocks in order, answers sync, and its thread ends with it")
  func serialWorker() throws {
    let name = "t-serial-\(getpid() % 1000)"
    var worker: SerialWorker? = SerialWorker(name: name)
    let order = Locked<[Int]>([])
    for index in 0..<100 { worker?.async { order.withLock { $0.append(index) } } }
    let count = worker?.sync { order.withLock { $0.count } }
    #expect(count == 100)
    #expect(order.withLock { $0 } == Array(0..<100))
    // A value that is not Sendable comes back too (what `AccountDatabase.runNow` needs).
    let text = worker?.sync { NSMutableString(string: "made on \(ThreadNames.current())") }
    #expect(text?.description == "made on \(name)")
    #expect(ThreadNames.all().filter { $0 == name }.count == 1)
    worker = nil
    let deadline = Date() + 10
    while ThreadNames.all().contains(name), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(!ThreadNames.all().contains(name), "the worker's thread outlived it")
  }
}
