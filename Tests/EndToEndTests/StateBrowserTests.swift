import Foundation
import TestSupport
import Testing

@testable import FeedModel
@testable import ReadingState

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// The reading state in the real browser under tmux: marks that survive a restart, two
  /// browsers on one state, kill -9 in the middle of `A`, a damaged state file and one that
  /// cannot be written. Every session has its own XDG folders.
  @Suite("Reading state in the browser")
  struct StateBrowserTests {
    /// A reader's folders: a feeds file with two bundled feeds (16 and 17 items), and the
    /// data folder where the state lives.
    struct Home {
      let scratch: Scratch
      var config: String { scratch.path("config") }
      var data: String { scratch.path("data") }
      var statePath: String { scratch.path("data/artfeed/state.db") }

      init(feeds: [String] = [StateCommandTests.glitchcat, StateCommandTests.inkwell]) throws {
        scratch = try Scratch()
        try FileManager.default.createDirectory(
          atPath: scratch.path("config/artfeed"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try (feeds.joined(separator: "\n") + "\n").write(
          toFile: scratch.path("config/artfeed/feeds"), atomically: true, encoding: .utf8)
      }

      /// The browser on this home's feeds and state.
      func browser(width: Int = 100, height: Int = 20) throws -> Tmux {
        let tmux = try Tmux.shell(width: width, height: height, dataHome: data)
        try tmux.enter("XDG_CONFIG_HOME=\(config) \"$ARTFEED\"; echo EXIT=$?")
        return tmux
      }
    }

    /// The feed list once both feeds are read and counted.
    @discardableResult
    static func feedList(_ tmux: Tmux, unread: String) throws -> [String] {
      try tmux.waitFor("the feed list with \(unread)") { screen in
        screen.first?.contains("2 feeds · 33 items · \(unread) unread") == true
          && screen.joined().contains("★ Starred")
      }
    }

    static func quit(_ tmux: Tmux) throws {
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test(
      "marks, a star and counts survive quitting, whole screens as recorded; Starred opens the star"
    )
    func persist() throws {
      let home = try Home()
      do {
        let tmux = try home.browser()
        let list = try Self.feedList(tmux, unread: "33")
        #expect(list[1].contains("▸ All items") && list[1].contains("33/33 unread"))
        // All items, Starred, Following, then the feeds.
        #expect(list[4].contains("16/16 unread") && list[5].contains("17/17 unread"))
        // glitchcat404's page: the first item read (m), the second starred (s).
        try tmux.send("j", "j", "j", "Enter")
        try tmux.waitFor("the feed's page") { $0.first?.contains("16 items · 16 unread") == true }
        try tmux.send("m")
        try tmux.waitFor("one read") { $0.first?.contains("16 items · 15 unread") == true }
        try tmux.send("j", "s")
        try tmux.waitFor("starred") { $0.last?.contains("Starred") == true }
        try tmux.send("Escape")
        // The title bar follows `m` at once (AppState+Marks, countShown), so the recount that
        // `s` asked for may still be on its way when the total reads 32: wait for its figures.
        try tmux.waitFor("the feed list with 32 unread, one starred") { screen in
          screen.count > 3 && screen[0].contains("2 feeds · 33 items · 32 unread")
            && screen[2].contains("1 starred") && screen[4].contains("15/16 unread")
        }
        try Self.quit(tmux)
      }
      // A new browser on the same state: the same counts, the same marks.
      let tmux = try home.browser()
      let list = try Self.feedList(tmux, unread: "32")
      #expect(list[2].contains("1 starred") && list[4].contains("15/16 unread"), "\(list)")
      try tmux.send("j", "Enter")
      let starred = try tmux.waitFor("the starred items") { screen in
        screen.first?.contains("Starred · 1 item") == true
      }
      // Unread and starred: ● left of its title, ★ on the line below.
      #expect(starred[2].contains("●") && starred[3].contains("★"), "\(starred)")
      try tmux.send("Escape", "j", "j", "Enter")
      let page = try tmux.waitFor("glitchcat's page") {
        $0.first?.contains("16 items · 15 unread") == true
      }
      // The first row is read: no mark left of its title (line 2); the second is starred.
      let firstTitle = Array(page[2])
      #expect(!firstTitle.contains("●") && !firstTitle.contains("★"), "\(page)")
      #expect(page.joined().contains("★"))
      // The whole screens as the terminal shows them after the restart, pictures off (their
      // cells are libchafa's): the page's marks, then the feed list's counts.
      try tmux.send("i")
      try tmux.waitFor("pictures off") { $0.joined().contains("image") }
      assertSnapshot(
        try tmux.snapshotScreen("the page's marks", named: "state-page-100x20"),
        named: "state-page-100x20")
      try tmux.send("Escape")
      try Self.feedList(tmux, unread: "32")
      assertSnapshot(
        try tmux.snapshotScreen("the feed list's counts", named: "state-feeds-100x20"),
        named: "state-feeds-100x20")
      try tmux.resize(width: 40, height: 12)
      try tmux.waitFor("the feed list at 40x12") { $0.count == 12 }
      assertSnapshot(
        try tmux.snapshotScreen("the feed list at 40x12", named: "state-feeds-40x12"),
        named: "state-feeds-40x12")
      try Self.quit(tmux)
      let store = try SQLiteStateStore(path: home.statePath)
      #expect(try store.db.text("PRAGMA integrity_check") == "ok")
      #expect(try store.readCount() == 1)
      #expect(try store.starredCount() == 1)
    }

    @Test("two browsers on one state: marks made in one show in the other after r and R")
    func twoInstances() throws {
      let home = try Home()
      let first = try home.browser()
      let second = try home.browser()
      for tmux in [first, second] {
        try Self.feedList(tmux, unread: "33")
        try tmux.send("j", "j", "j", "Enter")
        try tmux.waitFor("glitchcat's page") { $0.first?.contains("16 unread") == true }
      }
      // The first marks every item of the feed read; the second sees it on r.
      try first.send("A")
      try first.waitFor("all read") { $0.first?.contains("16 items · 0 unread") == true }
      try poll("the marks on disk") {
        (try? SQLiteStateStore(path: home.statePath, check: .schema).counts())?.values
          .contains { $0.total == 16 && $0.unread == 0 } == true
      }
      // The second draws a frame after the marks are on disk (j moves its selection), and
      // that frame still has the counts it had: they change on r, not by themselves.
      try second.send("j")
      let moved = try second.waitFor("the second's selection moved") {
        $0.last?.contains("2/16") == true
      }
      #expect(moved.first?.contains("16 items · 16 unread") == true, "not before r")
      try second.send("r")
      let refreshed = try second.waitFor("the other's marks") { screen in
        screen.first?.contains("16 items · 0 unread") == true
      }
      #expect(!refreshed.joined().contains("●"), "every row is read: no unread mark")
      // The second marks one unread; the first sees it on R from the feed list. (Counts are
      // read from the file each time they are asked for; the rows' marks on a refresh.)
      try second.send("m")
      try second.waitFor("one unread") { $0.first?.contains("1 unread") == true }
      try poll("the second's mark on disk") {
        (try? SQLiteStateStore(path: home.statePath, check: .schema).counts())?.values
          .contains { $0.total == 16 && $0.unread == 1 } == true
      }
      try first.send("Escape", "R")
      let list = try Self.feedList(first, unread: "18")
      #expect(list[4].contains("1/16 unread"), "\(list)")
      try first.send("Enter")
      let page = try first.waitFor("glitchcat's page, one unread") { screen in
        screen.first?.contains("16 items · 1 unread") == true
      }
      #expect(page.joined().filter { $0 == "●" }.count == 1, "\(page)")
      try first.send("Escape")
      try Self.quit(first)
      try second.send("Escape")
      try Self.quit(second)
    }

    /// A feed of `count` plain items, written to `path`.
    static func writeBigFeed(_ count: Int, to path: String) throws {
      var text = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Big</title>\n"
      text.reserveCapacity(count * 120)
      for index in 0..<count {
        text += "<item><title>Piece \(index)</title><guid>https://big.example/\(index)</guid>"
        text += "<description>Number \(index).</description></item>\n"
      }
      text += "</channel></rss>\n"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test(
      "kill -9 while A writes a big feed's marks: the state opens, checks ok, all or none", .long)
    func killDuringMarkAll() throws {
      let scratch = try Scratch()
      let feed = scratch.path("big.rss")
      let count = 20_000
      try Self.writeBigFeed(count, to: feed)
      let key = FeedKey(try FeedAddress(argument: feed))
      let data = scratch.path("data")
      var outcomes: [String] = []
      for delay in [0, 100, 200, 250, 300, 350, 400, 500] {
        try? FileManager.default.removeItem(atPath: data)
        let tmux = try Tmux.browser(
          width: 80, height: 12, arguments: [feed, "--no-images"], dataHome: data)
        try tmux.waitFor("the feed recorded and counted", timeout: 120) { screen in
          screen.first?.contains("\(count) items · \(count) unread") == true
        }
        let pid = pid_t(try tmux.format("#{pane_pid}")) ?? 0
        #expect(pid > 0)
        try tmux.send("A")
        usleep(UInt32(delay) * 1000)
        kill(pid, SIGKILL)
        try poll("the browser gone") { !ProcessProbe.isRunning(pid) }
        let store = try SQLiteStateStore(path: data + "/artfeed/state.db")
        #expect(try store.db.text("PRAGMA integrity_check") == "ok", "delay \(delay) ms")
        let unread = try #require(try store.counts()[key]).unread
        let read = try store.db.integer("SELECT count(*) FROM items WHERE read") ?? -1
        #expect(
          (unread == count && read == 0) || (unread == 0 && read == Int64(count)),
          "delay \(delay) ms: \(unread) unread, \(read) read")
        outcomes.append("\(delay)ms:\(unread == 0 ? "all" : "none")")
      }
      print("kill -9 during A: \(outcomes.joined(separator: " "))")
    }

    @Test("a damaged state file is moved aside with a one-line message; browsing goes on")
    func damagedFile() throws {
      let home = try Home()
      try FileManager.default.createDirectory(
        atPath: home.data + "/artfeed", withIntermediateDirectories: true)
      try Data(repeating: 0x41, count: 20_000).write(to: URL(fileURLWithPath: home.statePath))
      let tmux = try home.browser(width: 220)
      // The notice stays after the feed has loaded and been counted (the load's end once
      // cleared it after a few frames).
      let screen = try tmux.waitFor("the notice, the list loaded") { screen in
        screen.last?.contains("State file damaged, moved aside") == true
          && screen.first?.contains("33 items · 33 unread") == true
      }
      #expect(screen.last?.contains("started afresh") == true, "\(screen.last ?? "")")
      try Self.feedList(tmux, unread: "33")
      try tmux.send("j", "j", "j", "Enter")
      try tmux.waitFor("the feed's page") { $0.first?.contains("16 unread") == true }
      try tmux.send("m")
      try tmux.waitFor("a mark") { $0.first?.contains("15 unread") == true }
      try tmux.send("Escape")
      try Self.quit(tmux)
      let names = try FileManager.default.contentsOfDirectory(atPath: home.data + "/artfeed")
      #expect(names.contains { $0.hasPrefix("state.db.corrupt-") }, "\(names)")
      let store = try SQLiteStateStore(path: home.statePath)
      #expect(try store.readCount() == 1)
    }

    @Test("a data folder that cannot be written: one clear line, marks kept for the session")
    func unwritableFolder() throws {
      let home = try Home()
      // /proc refuses new folders even to root (whom permissions do not stop).
      let tmux = try Tmux.shell(width: 220, height: 20, dataHome: "/proc/self/artfeed-test")
      try tmux.enter("XDG_CONFIG_HOME=\(home.config) \"$ARTFEED\"; echo EXIT=$?")
      let screen = try tmux.waitFor("the notice, the list loaded") { screen in
        screen.last?.contains("marks kept for this session only") == true
          && screen.first?.contains("33 items · 33 unread") == true
      }
      #expect(
        screen.last?.contains("cannot create /proc/self/artfeed-test") == true,
        "\(screen.last ?? "")")
      try Self.feedList(tmux, unread: "33")
      try tmux.send("j", "j", "j", "Enter")
      try tmux.waitFor("the feed's page") { $0.first?.contains("16 unread") == true }
      try tmux.send("m")
      try tmux.waitFor("a mark, in memory") { $0.first?.contains("15 unread") == true }
      try tmux.send("Escape")
      try Self.feedList(tmux, unread: "32")
      try Self.quit(tmux)
    }
  }
}

extension SQLiteStateStore {
  /// Items marked read, straight from SQL.
  func readCount() throws -> Int64 { try db.integer("SELECT count(*) FROM items WHERE read") ?? -1 }
}
