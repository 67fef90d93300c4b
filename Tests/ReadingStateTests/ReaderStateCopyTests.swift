import Foundation
import Locking
import Testing

@testable import FeedModel
@testable import ReadingState

/// `ReaderState.openReadOnly`, `artfeed render`'s state: the file read in place, opened on
/// the writer's thread, nothing written back.
@Suite("Reader state copy (render)")
struct ReaderStateCopyTests {
  /// A copy and the events its writer sends.
  final class Copy {
    let state: ReaderState
    let events = Locked<[StateEvent]>([])

    init(_ home: DataHome) {
      let events = self.events
      state = ReaderState.openReadOnly(
        environment: home.environment, notify: { event in events.withLock { $0.append(event) } })
    }

    /// The counts after everything asked before.
    func counts(_ feeds: [FeedKey]) -> StateCounts? {
      state.requestCounts(allItems: feeds)
      #expect(state.finishWrites())
      return events.withLock { events in
        events.compactMap { event -> StateCounts? in
          if case .counts(let counts) = event { return counts }
          return nil
        }.last
      }
    }
  }

  @Test("every lookup shows the file's marks and visits; the copy's changes stay in memory")
  func fileMarks() throws {
    let home = try DataHome()
    let file = try home.open()
    try file.apply(.observe(feedA, keys(1...5), complete: true), at: at(0))
    try file.apply(.setRead(keys(2...3), true), at: at(1))
    try file.apply(.setStarred(keys(4...4), true), at: at(2))
    try file.apply(.visit(feedA, at(3)), at: at(3))
    let copy = Copy(home)
    let expected = [(false, false), (true, false), (true, false), (false, true), (false, false)]
    let wanted = expected.map { [$0.0, $0.1] }
    #expect(readAndStarred(copy.state.answered(keys(1...5))) == wanted)
    #expect(readAndStarred(copy.state.marks(for: keys(1...5))) == wanted)
    #expect(readAndStarred(copy.state.peek(keys(1...5))) == wanted)
    #expect(copy.state.visit(feedA) == at(3))
    let counts = try #require(copy.counts([feedA]))
    #expect(counts.feeds[feedA]?.total == 5 && counts.feeds[feedA]?.unread == 3)
    #expect(counts.starred == 1)
    // Changes reach the copy's counts, never the file.
    copy.state.setRead(keys(1...1), true)
    copy.state.setStarred(keys(5...5), true)
    let changed = try #require(copy.counts([feedA]))
    #expect(changed.feeds[feedA]?.unread == 2 && changed.starred == 2)
    #expect(try file.readCount() == 2)
    #expect(try file.counts()[feedA]?.unread == 3)
    #expect(!copy.state.isSaved)
    #expect(copy.events.withLock { $0.allSatisfy { if case .counts = $0 { true } else { false } } })
  }

  @Test(
    "with no file, or one that is not a database, the copy starts empty and counts",
    arguments: [nil, "not a database, just text\n"])
  func emptyCopy(fileText: String?) throws {
    let home = try DataHome()
    if let fileText {
      try fileText.write(toFile: home.statePath, atomically: true, encoding: .utf8)
    }
    let copy = Copy(home)
    #expect(copy.state.answered(keys(1...3))?.map(\.read) == [false, false, false])
    copy.state.setStarred(keys(7...7), true)
    #expect(copy.counts([feedA])?.starred == 1)
    // Nothing was created or changed on disk.
    let after = try? String(contentsOfFile: home.statePath, encoding: .utf8)
    #expect(after == fileText)
  }
}
