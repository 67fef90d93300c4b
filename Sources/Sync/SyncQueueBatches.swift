import ReadingState

/// The queue of marks as requests: what `AccountSync` sends, in order.
///
/// Of several marks of the same flag of the same item only the last is sent (it decides the
/// flag; the earlier ones go from the queue with it). Consecutive marks of one kind go in
/// one batch (the backend splits a batch into requests its server takes). A
/// `mark-all-as-read` keeps its place, so a mark made after it still wins.
struct SyncQueueBatches {
  struct Batch: Sendable, Equatable {
    var action: SQLiteStateStore.SentAction
    /// The queue entries this batch settles: its own and those it made unnecessary.
    var seqs: [Int64]
  }

  /// Items per batch: a batch is settled in the queue as soon as the server took it, so a
  /// batch is one `edit-tag` request (`GReaderClient.editBatch`).
  static let batchSize = 250

  static func batches(_ queue: [QueuedMark]) -> [Batch] {
    var last: [FlagKey: Int] = [:]
    for (index, mark) in queue.enumerated() {
      if case .mark(let action, let remote) = mark.action {
        last[FlagKey(remote: remote, isRead: action.isRead)] = index
      }
    }
    var riders: [Int: [Int64]] = [:]
    var batches: [Batch] = []
    var open: (mark: RemoteMark, remotes: [Int64], indices: [Int])?
    func close() {
      guard let batch = open else { return }
      let seqs = batch.indices.flatMap { [queue[$0].seq] + (riders[$0] ?? []) }
      batches.append(Batch(action: .mark(batch.mark, remotes: batch.remotes), seqs: seqs))
      open = nil
    }
    for (index, mark) in queue.enumerated() {
      switch mark.action {
      case .mark(let action, let remote):
        guard let final = last[FlagKey(remote: remote, isRead: action.isRead)], final == index
        else {
          if let final = last[FlagKey(remote: remote, isRead: action.isRead)] {
            riders[final, default: []].append(mark.seq)
          }
          continue
        }
        if let current = open, current.mark == action, current.remotes.count < batchSize {
          open?.remotes.append(remote)
          open?.indices.append(index)
        } else {
          close()
          open = (action, [remote], [index])
        }
      case .markAllRead(let stream, let until):
        close()
        batches.append(Batch(action: .markAllRead(stream: stream, until: until), seqs: [mark.seq]))
      }
    }
    close()
    return batches
  }

  private struct FlagKey: Hashable {
    var remote: Int64
    var isRead: Bool
  }
}

extension RemoteMark {
  /// True for the marks of the read flag (read, unread); false for the star.
  var isRead: Bool { self == .read || self == .unread }
}
