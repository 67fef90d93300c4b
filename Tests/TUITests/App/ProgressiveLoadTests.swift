import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

/// A feed arriving in batches: the first screen shows at once, the list grows under the
/// reader, `G` follows the end, and keys work between batches.
@Suite("Progressive loading")
struct ProgressiveLoadTests {
  static let items: [FeedItem] = (0..<1_000).map {
    Fixtures.item($0, author: Fixtures.artists[$0 % 3], thumbnail: $0 % 2 == 0)
  }

  static func batch(_ range: Range<Int>, title: String = "Big") -> LoadedList {
    LoadedList(title: title, items: Array(items[range]), freshness: .local)
  }

  /// A state whose first load is under way; returns it and the load's generation.
  static func loading() -> (AppState, Int) {
    var state = AppState(isOffline: true, width: 60, height: 20)
    guard case .load(let generation, _) = state.startLoading().first else {
      preconditionFailure("startLoading asks for a load")
    }
    return (state, generation)
  }

  @Test("the first batch replaces the placeholder and the title counts items as they arrive")
  func firstBatchAndCount() {
    var (state, generation) = Self.loading()
    #expect(state.screenText.contains("Loading…"))
    state.send([.loadProgress(generation: generation, Self.batch(0..<64))])
    let firstLine = state.screenText.split(separator: "\n").first.map(String.init) ?? ""
    #expect(firstLine.contains("Big · 64 items · loading"))
    #expect(state.screenText.contains("Item number 0 by ann"))
    state.send([.loadProgress(generation: generation, Self.batch(64..<192))])
    #expect(state.screenText.contains("Big · 192 items · loading"))
    state.send([.loaded(generation: generation, .success(Self.batch(192..<200, title: "Final")))])
    let title = state.screenText.split(separator: "\n").first.map(String.init) ?? ""
    #expect(title.contains("Final · 200 items · offline"))
    #expect(!title.contains("loading"))
    #expect(state.list.items.map(\.guid) == Self.items[..<200].map(\.guid))
  }

  @Test("the selection stays on its item, on the same line, while batches arrive")
  func selectionStays() {
    var (state, generation) = Self.loading()
    state.send([.loadProgress(generation: generation, Self.batch(0..<64))])
    state.press(.down, .down, .down)
    let before = state.screenText
    let selected = state.list.selectedItem?.guid
    for start in stride(from: 64, to: 1_000, by: 128) {
      state.send([
        .loadProgress(generation: generation, Self.batch(start..<min(1_000, start + 128)))
      ])
      #expect(state.list.selectedItem?.guid == selected)
    }
    let after = state.screenText
    // Only the title bar's count and the status line's position count change.
    #expect(
      before.split(separator: "\n").dropFirst().dropLast()
        == after.split(separator: "\n").dropFirst().dropLast())
  }

  @Test("G goes to the current end and follows it until the reader moves away")
  func endFollows() {
    var (state, generation) = Self.loading()
    state.send([.loadProgress(generation: generation, Self.batch(0..<64))])
    state.press(.character("G"))
    #expect(state.list.selection == 63)
    state.send([.loadProgress(generation: generation, Self.batch(64..<300))])
    #expect(state.list.selection == 299)
    #expect(state.screenText.contains("Item number 299 by"))
    state.send([.loadProgress(generation: generation, Self.batch(300..<500))])
    #expect(state.list.selection == 499)
    state.press(.character("k"))
    state.send([.loadProgress(generation: generation, Self.batch(500..<700))])
    #expect(state.list.selection == 498, "moving away stops the following")
    state.press(.character("G"))
    state.send([.loaded(generation: generation, .success(Self.batch(700..<1_000)))])
    #expect(state.list.selection == 999)
    #expect(state.screenText.contains("1000/1000"))
    #expect(!state.list.followsEnd)
  }

  @Test("keys work between batches: moving, opening an item, help, the search prompt")
  func keysBetweenBatches() {
    var (state, generation) = Self.loading()
    state.send([.loadProgress(generation: generation, Self.batch(0..<64))])
    state.press(.pageDown)
    state.send([.loadProgress(generation: generation, Self.batch(64..<128))])
    state.press(.enter)
    #expect(state.detail != nil)
    state.send([.loadProgress(generation: generation, Self.batch(128..<256))])
    state.press(.escape)
    #expect(state.detail == nil)
    state.press(.character("/"))
    state.type("zo")
    #expect(state.prompt == "zo")
    state.send([.loadProgress(generation: generation, Self.batch(256..<400))])
    state.press(.escape)
    #expect(state.list.count == 400, "the feed list under the prompt grew too")
    let commands = state.send(
      [.loaded(generation: generation, .success(Self.batch(400..<500)))])
    #expect(commands.isEmpty)
    #expect(state.list.count == 500)
  }

  @Test("a search answered while loading is asked again when the load ends")
  func partialSearchAgain() {
    var (state, generation) = Self.loading()
    state.send([.loadProgress(generation: generation, Self.batch(0..<64))])
    state.send(
      [.key(.character("/"))] + "bob".map { Event.key(.character($0)) },
      catalog: Array(Self.items[..<64]))
    state.press(.enter)
    #expect(state.searchQuery == "bob")
    let commands = state.update(.loaded(generation: generation, .success(Self.batch(64..<100))))
    #expect(commands.contains { if case .search(_, "bob", _) = $0 { true } else { false } })
  }

  @Test("a reload gathers its batches out of sight and keeps the selected item")
  func reloadOutOfSight() {
    var (state, generation) = Self.loading()
    state.send([.loaded(generation: generation, .success(Self.batch(0..<100)))])
    state.selectRow(20)
    let selected = state.list.selectedItem?.guid
    guard case .load(let next, _) = state.update(.key(.character("r"))).first else {
      Issue.record("r reloads")
      return
    }
    state.send([.loadProgress(generation: next, Self.batch(10..<80))])
    #expect(state.list.count == 100, "the list on screen stays until the reload ends")
    state.send([.loaded(generation: next, .success(Self.batch(80..<120)))])
    #expect(state.list.count == 110)
    #expect(state.list.selectedItem?.guid == selected)
  }

  @Test("rows measured per batch stay within what the screen shows, following the end or not")
  func measuredPerBatch() {
    var (state, generation) = Self.loading()
    let many = CostTests.manyItems
    state.send([
      .loadProgress(
        generation: generation,
        LoadedList(title: "Many", items: Array(many[..<64]), freshness: .local))
    ])
    var start = 64
    var step = 0
    while start < many.count {
      let end = min(many.count, start + 4_096)
      if step == 20 { state.press(.character("G")) }
      state.resetListStats()
      state.send([
        .loadProgress(
          generation: generation,
          LoadedList(title: "Many", items: Array(many[start..<end]), freshness: .local))
      ])
      let measured = state.list.stats.rowsMeasured
      #expect(measured <= 2 * 18, "batch \(step): \(measured) rows measured")
      start = end
      step += 1
    }
    #expect(state.list.count == many.count)
    #expect(state.list.stats.measuredRows < 100)
  }

  /// A notice given while the feed loads (a damaged state file moved aside, a picture note)
  /// stays on the status line after the load's end: the end cleared it after a frame or two.
  @Test("the load's end keeps a notice given meanwhile, and clears the last load's error")
  func noticeSurvivesTheLoad() throws {
    var (state, generation) = Self.loading()
    func lastLine() -> String {
      state.screenText.split(separator: "\n").last.map(String.init) ?? ""
    }
    /// `r`, and the generation of the load it asks for.
    func reload() throws -> Int {
      let commands = state.update(.key(.character("r")))
      for case .load(let generation, _) in commands { return generation }
      throw ReloadAskedNoLoad(commands: commands)
    }
    _ = state.update(.notice("State file damaged, moved aside"))
    state.send([.loadProgress(generation: generation, Self.batch(0..<16))])
    state.send([.loaded(generation: generation, .success(Self.batch(16..<20)))])
    #expect(lastLine().contains("State file damaged, moved aside"), "\(lastLine())")
    // A reload that fails says so; the next that succeeds takes the error away.
    let failing = try reload()
    state.send([.loaded(generation: failing, .failure(LoadError("the server said no")))])
    #expect(lastLine().contains("Error: the server said no"), "\(lastLine())")
    let next = try reload()
    state.send([.loaded(generation: next, .success(Self.batch(0..<20)))])
    #expect(!lastLine().contains("Error"), "\(lastLine())")
  }

  struct ReloadAskedNoLoad: Error {
    let commands: [Command]
  }

}
