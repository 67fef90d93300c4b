import TestSupport
import Testing

@testable import Pictures

/// Pins: pictures of starred and saved items are never evicted (`PictureCache.keep`).
@Suite("Cache pins")
struct PictureCachePinTests {
  private static func key(_ n: Int, columns: Int = 20) -> PictureCache.Key {
    PictureCache.Key(url: "https://x/\(n).png", columns: columns, rows: 8, depth: .truecolor)
  }

  private static let box = PictureCells.blank(columns: 20, rows: 8)
  private static let weight = box.estimatedByteCount

  @Test("eviction passes over pinned pictures, however old, and keeps them")
  func evictionKeepsPinned() {
    let cache = PictureCache(byteBudget: Self.weight * 4)
    cache.keep(["https://x/1.png"])
    for n in 1...20 { cache.insert(Self.box, for: Self.key(n)) }
    #expect(cache.cells(for: Self.key(1)) != nil, "the oldest, pinned, is still there")
    #expect(cache.isPinned(Self.key(1)) && cache.pinnedByteCount == Self.weight)
    #expect(cache.count == 4 && cache.cells(for: Self.key(2)) == nil)
    cache.checkInvariants()
  }

  @Test("pinning after the fact pins every box of the address; reading does not unpin")
  func pinLater() {
    let cache = PictureCache(byteBudget: Self.weight * 6)
    cache.insert(Self.box, for: Self.key(1))
    cache.insert(Self.box, for: Self.key(1, columns: 21))
    cache.keep(["https://x/1.png"])
    _ = cache.cells(for: Self.key(1))
    for n in 2...30 { cache.insert(Self.box, for: Self.key(n)) }
    #expect(
      cache.cells(for: Self.key(1)) != nil && cache.value(for: Self.key(1, columns: 21)) != nil)
    cache.checkInvariants()
  }

  @Test("unpinning makes a picture the most recently used, then evictable like any other")
  func unpin() {
    let cache = PictureCache(byteBudget: Self.weight * 4)
    cache.keep(["https://x/1.png"])
    for n in 1...4 { cache.insert(Self.box, for: Self.key(n)) }
    cache.keep(["https://x/1.png"], false)
    #expect(!cache.isPinned(Self.key(1)) && cache.pinnedByteCount == 0)
    cache.insert(Self.box, for: Self.key(5))
    #expect(cache.cells(for: Self.key(1)) != nil, "the newest after unpinning survives one insert")
    for n in 6...9 { cache.insert(Self.box, for: Self.key(n)) }
    #expect(cache.cells(for: Self.key(1)) == nil, "then it ages out")
    cache.checkInvariants()
  }

  @Test("a budget smaller than the pinned set: pins take half of it, the rest is cached as usual")
  func budgetSmallerThanPins() {
    let cache = PictureCache(byteBudget: Self.weight * 4)
    cache.keep((1...10).map { "https://x/\($0).png" })
    for n in 1...10 { cache.insert(Self.box, for: Self.key(n)) }
    // Two pinned (half of four), the later ones evictable: the last two inserted are there.
    #expect(cache.pinnedByteCount == Self.weight * 2)
    #expect(cache.isPinned(Self.key(1)) && cache.isPinned(Self.key(2)))
    #expect(!cache.isPinned(Self.key(3)) && cache.cells(for: Self.key(3)) == nil)
    #expect(cache.cells(for: Self.key(10)) != nil && cache.count == 4)
    // Pictures not pinned still find room: the screen's pictures are never starved.
    for n in 11...12 { cache.insert(Self.box, for: Self.key(n)) }
    #expect(cache.cells(for: Self.key(11)) != nil && cache.cells(for: Self.key(12)) != nil)
    #expect(cache.byteCount <= cache.byteBudget)
    cache.checkInvariants()
  }

  @Test("seeded random inserts, pins and unpins keep pins and the budget, checked every step")
  func randomized() {
    var random = SplitMixGenerator(seed: 20_261_128)
    let cache = PictureCache(byteBudget: Self.weight * 40)
    var pinnedBefore: Set<PictureCache.Key> = []
    for step in 0..<4_000 {
      let n = Int(random.next() % 120)
      let action = random.next() % 10
      switch action {
      case 0: cache.keep(["https://x/\(n).png"])
      case 1: cache.keep(["https://x/\(n).png"], false)
      case 2: cache.remove(Self.key(n))
      default: cache.insert(Self.box, for: Self.key(n))
      }
      // What was pinned is still pinned and cached, unless this step unpinned or removed it
      // (an insert replaces it, pinned again).
      for key in pinnedBefore where !(key == Self.key(n) && (action == 1 || action == 2)) {
        #expect(cache.isPinned(key), "step \(step): \(key.url) lost its pin")
      }
      pinnedBefore = Set((0..<120).map { Self.key($0) }.filter { cache.isPinned($0) })
      #expect(cache.byteCount <= cache.byteBudget, "step \(step)")
      #expect(cache.pinnedByteCount <= cache.byteBudget / 2, "step \(step)")
      cache.checkInvariants()
    }
  }
}
