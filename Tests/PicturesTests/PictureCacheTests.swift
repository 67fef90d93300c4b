import Testing
import TestSupport

@testable import Pictures

@Suite("Cache")
struct PictureCacheTests {
  private static func key(_ n: Int, depth: ColorDepth = .truecolor) -> PictureCache.Key {
    PictureCache.Key(url: "https://x/\(n).png", columns: 20, rows: 8, depth: depth)
  }

  private static let box = PictureCells.blank(columns: 20, rows: 8)

  @Test("a 20x8 box is estimated at its cells' storage plus a little")
  func estimate() {
    #expect(MemoryLayout<PictureCell>.stride == 32)
    #expect(Self.box.estimatedByteCount == 160 * 32 + MemoryLayout<PictureCells>.size + 32)
  }

  @Test("what goes in comes out, under its whole key")
  func roundTrip() {
    let cache = PictureCache()
    cache.insert(Self.box, for: Self.key(1))
    #expect(cache.cells(for: Self.key(1)) == Self.box)
    #expect(cache.cells(for: Self.key(1, depth: .indexed8)) == nil)
    #expect(cache.cells(for: Self.key(2)) == nil)
    #expect(cache.count == 1 && cache.byteCount == Self.box.estimatedByteCount)
  }

  @Test("the least recently used goes first; reading counts as use")
  func leastRecentlyUsed() {
    let cache = PictureCache(byteBudget: Self.box.estimatedByteCount * 3)
    for n in 1...3 { cache.insert(Self.box, for: Self.key(n)) }
    _ = cache.cells(for: Self.key(1))
    cache.insert(Self.box, for: Self.key(4))
    #expect(cache.cells(for: Self.key(2)) == nil)
    #expect([1, 3, 4].allSatisfy { cache.cells(for: Self.key($0)) != nil })
    cache.checkInvariants()
  }

  @Test("a value bigger than the budget is not kept and evicts nothing")
  func tooBig() {
    let cache = PictureCache(byteBudget: 10_000)
    cache.insert(Self.box, for: Self.key(1))
    cache.insert(PictureCells.blank(columns: 80, rows: 40), for: Self.key(2))
    #expect(cache.count == 1 && cache.cells(for: Self.key(1)) != nil)
  }

  @Test("seeded random inserts, reads and removals stay within budget, checked every step")
  func withinBudget() {
    var random = SplitMixGenerator(seed: 20_261_122)
    let cache = PictureCache(byteBudget: 200_000)
    var model: [PictureCache.Key: PictureCells] = [:]
    for step in 0..<5_000 {
      let n = Int(random.next() % 300)
      let action = random.next() % 10
      if action < 6 {
        let cells = PictureCells.blank(columns: 1 + n % 40, rows: 1 + n % 12)
        cache.insert(cells, for: Self.key(n))
        model[Self.key(n)] = cells
      } else if action < 9 {
        if let got = cache.cells(for: Self.key(n)) { #expect(got == model[Self.key(n)]) }
      } else {
        cache.remove(Self.key(n))
      }
      #expect(cache.byteCount <= 200_000, "step \(step)")
      cache.checkInvariants()
    }
    #expect(cache.count > 10, "the budget holds more than a handful")
  }

  @Test("many threads at once keep the bookkeeping sound")
  func concurrent() async {
    let cache = PictureCache(byteBudget: 100_000)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          for n in 0..<500 {
            cache.insert(Self.box, for: Self.key(worker * 1000 + n))
            _ = cache.cells(for: Self.key(worker * 1000 + n / 2))
          }
        }
      }
    }
    cache.checkInvariants()
    #expect(cache.byteCount <= 100_000)
  }
}
