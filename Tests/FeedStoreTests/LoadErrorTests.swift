import Testing

@testable import FeedStore

@Suite("LoadError")
struct LoadErrorTests {
  @Test("a plain error is an unavailable one and prints its line")
  func plain() {
    let error = LoadError("x: refused")
    #expect(error.kind == .unavailable)
    #expect(error.description == "x: refused")
  }
}
