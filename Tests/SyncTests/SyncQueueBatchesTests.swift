import Testing

@testable import ReadingState
@testable import Sync

/// How queued marks are sent: coalesced per flag, in order, a request's worth at a time.
@Suite("Sync queue batches")
struct SyncQueueBatchesTests {
  func mark(_ seq: Int64, _ action: RemoteMark, _ remote: Int64) -> QueuedMark {
    QueuedMark(seq: seq, action: .mark(action, remote: remote), at: seq)
  }

  @Test("the last mark of a flag wins; earlier ones ride along and leave with it")
  func coalesce() {
    let queue = [
      mark(1, .read, 10), mark(2, .star, 10), mark(3, .read, 11), mark(4, .unread, 10),
      mark(5, .unread, 12),
    ]
    let batches = SyncQueueBatches.batches(queue)
    #expect(
      batches == [
        .init(action: .mark(.star, remotes: [10]), seqs: [2]),
        .init(action: .mark(.read, remotes: [11]), seqs: [3]),
        .init(action: .mark(.unread, remotes: [10, 12]), seqs: [4, 1, 5]),
      ])
    #expect(Set(batches.flatMap(\.seqs)) == Set(1...5))
  }

  @Test("a mark-all-read keeps its place between marks")
  func markAllKeepsOrder() {
    let queue = [
      mark(1, .read, 10),
      QueuedMark(seq: 2, action: .markAllRead(stream: "feed/1", until: 9), at: 2),
      mark(3, .unread, 10),
    ]
    #expect(
      SyncQueueBatches.batches(queue) == [
        .init(action: .markAllRead(stream: "feed/1", until: 9), seqs: [2]),
        .init(action: .mark(.unread, remotes: [10]), seqs: [3, 1]),
      ])
  }

  @Test("batches hold at most one request's items")
  func batchSize() {
    let queue = (1...600).map { mark(Int64($0), .read, Int64($0)) }
    let sizes = SyncQueueBatches.batches(queue).map { batch -> Int in
      if case .mark(_, let remotes) = batch.action { return remotes.count }
      return 0
    }
    #expect(sizes == [250, 250, 100])
  }
}
