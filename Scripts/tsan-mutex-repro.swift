// ThreadSanitizer does not see Synchronization.Mutex on Linux: four threads add to a dictionary
// only inside `withLock`, and TSan reports "Swift access race" on it (3 reports on Swift 6.3.1,
// x86_64). The same program with NSLock (pthread, which TSan intercepts) reports none. Mutex's
// lock is a futex word managed by libswiftSynchronization.so (it imports `syscall`, no pthread
// function), which is not instrumented: TSan never sees the lock's happens-before edge.
// docs/adr/0008-shared-state-behind-locking-locked.md.
//
//   swiftc -swift-version 6 -sanitize=thread -g Scripts/tsan-mutex-repro.swift -o /tmp/repro
//   TSAN_OPTIONS=halt_on_error=0 /tmp/repro 2>&1 | grep -c "WARNING: ThreadSanitizer"
import Foundation
import Synchronization

final class Box: Sendable {
  let table = Mutex<[Int: Int]>([:])
}
let box = Box()
let group = DispatchGroup()
for t in 0..<4 {
  DispatchQueue.global().async(group: group) {
    for i in 0..<20_000 { box.table.withLock { $0[i % 64, default: 0] += t } }
  }
}
group.wait()
print(box.table.withLock { $0.count })
