import Foundation
import TestSupport
import Testing

@testable import FeedModel
@testable import ReadingState

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// `artfeed feeds/mark-read/state` against a real state file, as scripts run them; each
  /// test with its own XDG folders.
  @Suite("State commands")
  struct StateCommandTests {
    struct Home {
      let scratch: Scratch
      var environment: [String: String] {
        [
          "XDG_CONFIG_HOME": scratch.path("config"), "XDG_CACHE_HOME": scratch.path("cache"),
          "XDG_DATA_HOME": scratch.path("data"),
        ]
      }
      var statePath: String { scratch.path("data/artfeed/state.db") }

      init() throws { scratch = try Scratch() }

      func run(_ arguments: [String]) throws -> Spawned {
        try ArtfeedCommand.run(arguments, environment: environment)
      }
    }

    static let glitchcat = Paths.packageRoot.appendingPathComponent(
      "Resources/feeds/artist-glitchcat404.rss"
    ).path
    static let inkwell = Paths.packageRoot.appendingPathComponent(
      "Resources/feeds/artist-inkwell-moth.rss"
    ).path

    /// A home subscribed to two bundled feeds (16 and 17 items), refreshed once.
    func subscribed() throws -> Home {
      let home = try Home()
      for feed in [Self.glitchcat, Self.inkwell] {
        #expect(try home.run(["add", feed]).status == 0)
      }
      let refreshed = try home.run(["refresh"])
      #expect(refreshed.status == 0, "\(refreshed.errors)")
      return home
    }

    @Test("feeds counts unread items; mark-read SOURCE and --all mark them read")
    func markRead() throws {
      let home = try subscribed()
      let before = try home.run(["feeds"])
      #expect(before.output.contains("16/16 unread  \(Self.glitchcat)"), "\(before.output)")
      #expect(before.output.contains("17/17 unread  \(Self.inkwell)"))
      let one = try home.run(["mark-read", Self.glitchcat])
      #expect(one.status == 0 && one.output == "16 items marked read\n", "\(one.errors)")
      let middle = try home.run(["feeds"]).output
      #expect(
        middle.contains("0/16 unread   \(Self.glitchcat)")
          && middle.contains("17/17 unread  \(Self.inkwell)"), "\(middle)")
      #expect(try home.run(["mark-read", "--all"]).output == "17 items marked read\n")
      #expect(
        try home.run(["feeds"]).output.split(separator: "\n").contains {
          $0.contains(" 0/17 unread ") && $0.hasSuffix(Self.inkwell)
        })
    }

    @Test("render shows the file's marks on its rows and its counts, and changes nothing")
    func renderShowsFileMarks() throws {
      let home = try subscribed()
      #expect(try home.run(["mark-read", Self.glitchcat]).status == 0)
      func render(_ feed: String) throws -> (title: String, signs: [String], rows: Int) {
        let shown = try home.run(["render", feed, "--width", "80", "--height", "24", "--no-images"])
        #expect(shown.status == 0, "\(shown.errors)")
        let lines = shown.output.split(separator: "\n").map(String.init)
        // Each row's first line carries its signs (unread, starred), and its second the
        // byline: a row on screen has both.
        let signs = lines.compactMap { line in
          line.first(where: { $0 == "●" || $0 == "★" }).map(String.init)
        }
        return (lines.first ?? "", signs, lines.count(where: { $0.contains("  by ") }))
      }
      // A feed with nothing read: every row shows the unread sign.
      let unread = try render(Self.inkwell)
      #expect(unread.title.contains("17 items · 17 unread"), "\(unread.title)")
      #expect(unread.rows >= 2 && unread.signs == Array(repeating: "●", count: unread.rows))
      // Every item read in the file: no row shows the unread sign.
      let read = try render(Self.glitchcat)
      #expect(read.title.contains("16 items · 0 unread"), "\(read.title)")
      #expect(read.rows >= 2 && read.signs.isEmpty, "\(read.signs)")
      // Every item starred as well (a later change, imported).
      let exported = try home.run(["state", "export"]).output
      let data = try #require(exported.data(using: .utf8))
      var snapshot = try JSONDecoder().decode(StateSnapshot.self, from: data)
      for index in snapshot.items.indices {
        snapshot.items[index].starred = true
        snapshot.items[index].changed += 10
      }
      let file = home.scratch.path("starred.json")
      try JSONEncoder().encode(snapshot).write(to: URL(fileURLWithPath: file))
      #expect(try home.run(["state", "import", file]).status == 0)
      let before = try home.run(["state", "export"]).output
      let starred = try render(Self.glitchcat)
      #expect(starred.rows >= 2 && starred.signs == Array(repeating: "★", count: starred.rows))
      // render records the feed it loads in memory: the file is as it was.
      _ = try render(Self.inkwell)
      #expect(try home.run(["state", "export"]).output == before)
    }

    @Test("mark-read of an unknown source exits 1; neither or both of SOURCE and --all is 64")
    func markReadErrors() throws {
      let home = try subscribed()
      let unknown = try home.run(["mark-read", "https://nope.example/"])
      #expect(unknown.status == 1 && unknown.errors.contains("is not subscribed"))
      #expect(try home.run(["mark-read"]).status == 64)
      #expect(try home.run(["mark-read", Self.glitchcat, "--all"]).status == 64)
    }

    @Test("export, then import into a fresh data folder, restores the counts")
    func exportImport() throws {
      let home = try subscribed()
      #expect(try home.run(["mark-read", Self.inkwell]).status == 0)
      let exported = try home.run(["state", "export"])
      #expect(exported.status == 0)
      let file = home.scratch.path("export.json")
      try exported.output.write(toFile: file, atomically: true, encoding: .utf8)
      try FileManager.default.removeItem(atPath: home.scratch.path("data"))
      let imported = try home.run(["state", "import", file])
      #expect(imported.status == 0 && imported.output == "17 of 17 items merged\n")
      #expect(try home.run(["refresh"]).status == 0)
      #expect(
        try home.run(["feeds"]).output.split(separator: "\n").contains {
          $0.contains(" 0/17 unread ") && $0.hasSuffix(Self.inkwell)
        })
      #expect(try home.run(["state", "export"]).output == exported.output)
    }

    @Test(
      "import of a bad file exits 65 in one line, a missing one 66; nothing is written",
      arguments: [("{\"format\":1", 65), ("{\"format\":1,\"feeds\":[]}", 65), ("", 65)])
    func badImport(text: String, status: Int32) throws {
      let home = try Home()
      let file = home.scratch.path("bad.json")
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      let result = try home.run(["state", "import", file])
      #expect(result.status == status, "\(result.errors)")
      #expect(
        result.errors.hasPrefix("artfeed: \(file): ")
          && result.errors.filter { $0 == "\n" }.count == 1)
      #expect(!FileManager.default.fileExists(atPath: home.statePath))
      #expect(try home.run(["state", "import", home.scratch.path("missing.json")]).status == 66)
    }

    @Test("two artfeeds importing at once lose no mark")
    func twoProcesses() throws {
      let home = try Home()
      var files: [String] = []
      for writer in 0..<2 {
        let items = (0..<5000).map { index in
          StateSnapshot.Item(
            id: ItemKey(rawValue: Int64(writer * 1_000_000 + index)).description, read: true,
            starred: index % 7 == 0, firstSeen: 1_700_000_000, changed: 1_700_000_000)
        }
        let path = home.scratch.path("part\(writer).json")
        try StateSnapshot(items: items, feeds: []).encoded().write(to: URL(fileURLWithPath: path))
        files.append(path)
      }
      for _ in 0..<3 {
        let processes = try files.map { file in
          try Self.start(["state", "import", file], environment: home.environment)
        }
        for process in processes {
          process.waitUntilExit()
          #expect(process.terminationStatus == 0)
        }
      }
      let store = try SQLiteStateStore(path: home.statePath)
      #expect(try store.export().items.count == 10_000)
    }

    @Test("six artfeeds opening a fresh data folder at once all save their marks")
    func sixOpenersAtOnce() throws {
      for round in 0..<5 {
        let home = try Home()
        var processes: [Process] = []
        for writer in 0..<6 {
          let item = StateSnapshot.Item(
            id: ItemKey(rawValue: Int64(writer + 1)).description, read: true, starred: false,
            firstSeen: 1_700_000_000, changed: 1_700_000_000)
          let path = home.scratch.path("one\(writer).json")
          try StateSnapshot(items: [item], feeds: []).encoded().write(
            to: URL(fileURLWithPath: path))
          processes.append(
            try Self.start(["state", "import", path], environment: home.environment))
        }
        for process in processes { process.waitUntilExit() }
        let statuses = processes.map(\.terminationStatus)
        #expect(statuses.allSatisfy { $0 == 0 }, "round \(round): \(statuses)")
        let store = try SQLiteStateStore(path: home.statePath)
        #expect(try store.export().items.count == 6, "round \(round)")
      }
    }

    @Test(
      "artfeeds opening the state while another connection holds a write transaction wait",
      arguments: ["a fresh file (rollback journal)", "a WAL database"])
    func openWhileWriting(kind: String) throws {
      let home = try Home()
      try FileManager.default.createDirectory(
        atPath: home.scratch.path("data/artfeed"), withIntermediateDirectories: true)
      let holder: SQLiteConnection
      if kind.hasPrefix("a fresh") {
        holder = try SQLiteConnection(path: home.statePath)
      } else {
        holder = try SQLiteStateStore(path: home.statePath).db
      }
      try holder.execute("BEGIN IMMEDIATE; CREATE TABLE held(x); INSERT INTO held VALUES(1)")
      let path = home.scratch.path("one.json")
      let item = StateSnapshot.Item(
        id: ItemKey(rawValue: 42).description, read: true, starred: false,
        firstSeen: 1_700_000_000, changed: 1_700_000_000)
      try StateSnapshot(items: [item], feeds: []).encoded().write(to: URL(fileURLWithPath: path))
      let processes = try (0..<3).map { _ in
        try Self.start(["state", "import", path], environment: home.environment)
      }
      // Each is seen waiting for the lock (the state file open, a thread asleep in SQLite's
      // busy wait) before the lock is let go; one that gave up instead has exited.
      var seen = Set<Int32>()
      try poll("each import waiting for the lock") {
        for process in processes
        where Self.waitsForLock(process.processIdentifier, on: home.statePath) {
          seen.insert(process.processIdentifier)
        }
        return seen.count == processes.count || processes.contains { !$0.isRunning }
      }
      let waiting = processes.filter(\.isRunning).count
      #expect(waiting == 3, "they wait for the lock")
      try holder.execute("COMMIT")
      for process in processes { process.waitUntilExit() }
      #expect(processes.map(\.terminationStatus) == [0, 0, 0])
      let store = try SQLiteStateStore(path: home.statePath)
      #expect(try store.export().items.count == 1)
      let held = try store.db.integer("SELECT count(*) FROM held")
      #expect(held == 1)
    }

    @Test("kill -9 during a 100k-item mark-read: the database opens, checks ok, all or none", .long)
    func killDuringBulkMark() throws {
      let home = try Home()
      let prepared = home.scratch.path("prepared.db")
      do {
        let store = try SQLiteStateStore(path: prepared)
        let keys = (0..<100_000).map { ItemKey(rawValue: Int64($0) &* 0x1E37_79B9_7F4A_7C15) }
        try store.apply(.observe(feedKey, keys, complete: true), at: Date())
        try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      }
      try FileManager.default.createDirectory(
        atPath: home.scratch.path("data/artfeed"), withIntermediateDirectories: true)
      var outcomes: [String] = []
      var killedMidWrite = 0
      let walSize = {
        (try? FileManager.default.attributesOfItem(atPath: home.statePath + "-wal"))?[.size]
          as? Int ?? 0
      }
      /// One `mark-read --all` on a fresh copy, killed when `wait` returns (it gets the
      /// process and returns the WAL's size then).
      func attempt(_ name: String, wait: (Process) -> Int) throws {
        try? FileManager.default.removeItem(atPath: home.statePath)
        try? FileManager.default.removeItem(atPath: home.statePath + "-wal")
        try? FileManager.default.removeItem(atPath: home.statePath + "-shm")
        try FileManager.default.copyItem(atPath: prepared, toPath: home.statePath)
        let process = try Self.start(["mark-read", "--all"], environment: home.environment)
        let wal = wait(process)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal
        let store = try SQLiteStateStore(path: home.statePath)
        #expect(try store.db.text("PRAGMA integrity_check") == "ok")
        let unread = try #require(try store.counts()[feedKey]).unread
        #expect(unread == 0 || unread == 100_000, "\(name): \(unread) unread")
        if killed, wal > 1 << 20, unread == 100_000 { killedMidWrite += 1 }
        outcomes.append("\(name):\(killed ? "killed" : "done"),wal=\(wal),unread=\(unread)")
      }
      for delay in stride(from: 0, through: 1200, by: 60) {
        try attempt("\(delay)ms") { _ in
          usleep(UInt32(delay) * 1000)
          return walSize()
        }
      }
      // Fixed delays can miss the write's window (it is a few tens of ms, and where it
      // falls depends on the machine's load): aim at it, killing as soon as the WAL grows.
      for _ in 0..<20 where killedMidWrite == 0 {
        try attempt("aimed") { process in
          var wal = 0
          while process.isRunning, wal <= 1 << 20 {
            wal = walSize()
            usleep(200)
          }
          return wal
        }
      }
      // At least one kill landed while the mark's pages were already in the WAL, uncommitted.
      #expect(killedMidWrite > 0, "\(outcomes)")
      print("kill -9 outcomes: \(outcomes.joined(separator: " "))")
    }

    /// Sets the state file's schema version, as an edited or damaged header would have it.
    static func setVersion(_ version: Int64, of path: String) throws {
      let raw = try SQLiteConnection(path: path)
      try raw.execute("PRAGMA user_version = \(version)")
    }

    /// Commands that write exit 73 with one line; render and feeds go on with the state in
    /// memory; nothing is killed by a signal and the file is left as it was.
    @Test(
      "a state file of an unknown version: commands refuse it in one line, render goes on",
      arguments: [Int64(-1), Int64(Int32.min), 0, 99, Int64(Int32.max)])
    func unknownVersion(version: Int64) throws {
      let home = try subscribed()
      #expect(try home.run(["mark-read", Self.glitchcat]).status == 0)
      let backup = home.scratch.path("backup.json")
      #expect(try home.run(["state", "export", "--output", backup]).status == 0)
      try Self.setVersion(version, of: home.statePath)
      let before = try Data(contentsOf: URL(fileURLWithPath: home.statePath))
      for arguments in [
        ["mark-read", "--all"], ["state", "export"], ["state", "import", backup], ["refresh"],
      ] {
        let result = try home.run(arguments)
        #expect(result.status < 128, "\(arguments): killed by signal \(result.status - 128)")
        // refresh fetches, and says the state was not recorded.
        guard arguments[0] != "refresh" else { continue }
        let lines = result.errors.split(separator: "\n")
        #expect(
          lines.contains { $0.contains("state version \(version)") }, "\(arguments): \(lines)")
        #expect(result.status == 73 && lines.count == 1, "\(arguments): \(result.errors)")
      }
      #expect(try home.run(["state", "export"]).output.isEmpty)
      for arguments in [
        ["render", Self.glitchcat, "--width", "80", "--height", "10", "--no-images"],
        ["render", "--width", "80", "--height", "10"], ["feeds"],
      ] {
        let result = try home.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.status) \(result.errors)")
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: home.statePath)) == before)
    }

    /// The ways a state file cannot be used, each made on `path` (a state with marks).
    static let unusable: [String] = [
      "truncated", "zero-filled", "version 99", "version -1", "read-only mount",
    ]

    static func spoil(_ path: String, how: String) throws {
      let size = try #require(
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
      switch how {
      case "truncated":
        #expect(truncate(path, off_t(size / 2)) == 0)
      case "zero-filled":
        try Data(count: size).write(to: URL(fileURLWithPath: path))
      case "version 99": try setVersion(99, of: path)
      case "version -1": try setVersion(-1, of: path)
      default: try mountReadOnly(folderOf: path)
      }
    }

    /// Moves the state's folder onto a tmpfs mounted read-only (as root: CI's container, this
    /// machine); elsewhere makes the folder and the file read-only, which SQLite meets the
    /// same way (it cannot make the -shm file a WAL database needs).
    static func mountReadOnly(folderOf path: String) throws {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      let saved = folder + ".saved"
      try FileManager.default.moveItem(atPath: folder, toPath: saved)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      let (status, _) = try Spawn.run([
        "/bin/mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", folder,
      ])
      for name in try FileManager.default.contentsOfDirectory(atPath: saved) {
        try FileManager.default.copyItem(atPath: saved + "/" + name, toPath: folder + "/" + name)
      }
      if status == 0 {
        let (remounted, _) = try Spawn.run(["/bin/mount", "-o", "remount,ro", folder])
        #expect(remounted == 0)
      } else {
        chmod(path, 0o400)
        chmod(folder, 0o500)
      }
    }

    static func unmount(folderOf path: String) {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      _ = try? Spawn.run(["/bin/umount", "-l", folder])
      chmod(folder, 0o700)
    }

    @Test(
      "state export of an unusable state fails in one line, the old backup kept",
      arguments: unusable)
    func exportUnusable(how: String) throws {
      let home = try subscribed()
      #expect(try home.run(["mark-read", Self.glitchcat]).status == 0)
      let backup = home.scratch.path("backup.json")
      #expect(try home.run(["state", "export", "--output", backup]).status == 0)
      let good = try Data(contentsOf: URL(fileURLWithPath: backup))
      #expect(try StateSnapshot.decode(good).items.count == 16)
      // A big state file, so that truncating it cuts pages a read needs.
      do {
        let store = try SQLiteStateStore(path: home.statePath)
        let keys = (0..<20_000).map { ItemKey(rawValue: Int64($0) &* 0x1E37_79B9_7F4A_7C15) }
        try store.apply(.observe(feedKey, keys, complete: true), at: Date())
        try store.apply(.setRead(keys, true), at: Date())
        try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      }
      try Self.spoil(home.statePath, how: how)
      defer { if how == "read-only mount" { Self.unmount(folderOf: home.statePath) } }
      let toOutput = try home.run(["state", "export"])
      #expect(toOutput.status == 73 && toOutput.output.isEmpty, "\(toOutput.status)")
      #expect(
        toOutput.errors.hasPrefix("artfeed: state: ")
          && toOutput.errors.count(where: { $0 == "\n" }) == 1, "\(toOutput.errors)")
      let toFile = try home.run(["state", "export", "--output", backup])
      #expect(toFile.status == 73, "\(toFile.errors)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == good)
      let left = try FileManager.default.contentsOfDirectory(atPath: home.scratch.path(""))
      #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    }

    @Test("state export to a full disk fails in one line and leaves the backup there as it was")
    func exportToFullDisk() throws {
      let home = try subscribed()
      #expect(try home.run(["mark-read", "--all"]).status == 0)
      let old = Data("{\"format\":1,\"feeds\":[],\"items\":[]}\n".utf8)
      let disk = try FullDisk(
        at: home.scratch.path("full"), folders: [], files: ["backup.json": old])
      print("full disk: \(disk.kind.rawValue)")
      let backup = disk.path + "/backup.json"
      let environment = home.environment.merging([
        "LANG": "C.UTF-8", "XDG_CONFIG_HOME": Paths.noConfig,
      ]) { a, _ in a }
      // Big enough to pass the file-size limit where a tmpfs cannot be mounted.
      do {
        let store = try SQLiteStateStore(path: home.statePath)
        let keys = (0..<2_000).map { ItemKey(rawValue: Int64($0) + 1_000) }
        try store.apply(.setRead(keys, true), at: Date())
      }
      let toFile = try Spawn.capture(
        disk.wrap([Paths.artfeed.path, "state", "export", "--output", backup]),
        environment: environment)
      #expect(toFile.status == 73, "\(toFile.errors)")
      #expect(toFile.errors.count(where: { $0 == "\n" }) == 1, "\(toFile.errors)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == old)
      let left = try FileManager.default.contentsOfDirectory(atPath: disk.path)
      #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
      // Standard output redirected to the full disk: the same failure, not exit 0.
      let redirected = try Spawn.capture(
        disk.wrap([
          "/bin/sh", "-c", "exec \"$0\" state export > \"$1\"", Paths.artfeed.path,
          disk.path + "/other.json",
        ]), environment: environment)
      #expect(redirected.status == 73, "\(redirected.errors)")
      #expect(redirected.errors.contains("standard output: "), "\(redirected.errors)")
    }

    @Test("an import refused for one field names it, writes nothing and creates nothing")
    func importRefusedField() throws {
      let home = try subscribed()
      #expect(try home.run(["mark-read", Self.glitchcat]).status == 0)
      let before = try home.run(["state", "export"]).output
      let file = home.scratch.path("future.json")
      var items = (0..<13).map { index in
        StateSnapshot.Item(
          id: ItemKey(rawValue: Int64(index) + 1).description, read: false, starred: true,
          firstSeen: 1_700_000_000, changed: 1_700_000_000)
      }
      // A date in the year 9999000: it would win every later merge.
      items[12].changed = 315_506_908_800_000
      try StateSnapshot(items: items, feeds: []).encoded().write(to: URL(fileURLWithPath: file))
      let refused = try home.run(["state", "import", file])
      #expect(refused.status == 65, "\(refused.errors)")
      #expect(refused.errors.hasPrefix("artfeed: \(file): items[12].changed: "))
      #expect(refused.errors.count(where: { $0 == "\n" }) == 1, "\(refused.errors)")
      #expect(try home.run(["state", "export"]).output == before)
      // A control character in a feed key, on standard input through a pipe.
      let key = home.scratch.path("key.json")
      try Data(
        "{\"format\":1,\"feeds\":[{\"key\":\"x\\u001b[2J\",\"lastVisit\":1}],\"items\":[]}".utf8
      )
      .write(to: URL(fileURLWithPath: key))
      let piped = try Spawn.capture(
        ["/bin/sh", "-c", "cat \"$1\" | exec \"$0\" state import -", Paths.artfeed.path, key],
        environment: home.environment.merging(["XDG_CONFIG_HOME": Paths.noConfig]) { a, _ in a })
      #expect(piped.status == 65 && piped.errors.contains("feeds[0].key holds a control"))
      #expect(try home.run(["state", "export"]).output == before)
      let fresh = try Home()
      #expect(try fresh.run(["state", "import", file]).status == 65)
      #expect(!FileManager.default.fileExists(atPath: fresh.statePath))
    }

    @Test("an export read from standard input through a pipe imports whole")
    func importFromPipe() throws {
      let home = try subscribed()
      #expect(try home.run(["mark-read", Self.inkwell]).status == 0)
      let file = home.scratch.path("export.json")
      #expect(try home.run(["state", "export", "-o", file]).status == 0)
      let fresh = try Home()
      let piped = try Spawn.capture(
        ["/bin/sh", "-c", "cat \"$1\" | exec \"$0\" state import -", Paths.artfeed.path, file],
        environment: fresh.environment.merging(["XDG_CONFIG_HOME": Paths.noConfig]) { a, _ in a })
      #expect(piped.status == 0 && piped.output == "17 of 17 items merged\n", "\(piped.errors)")
      let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
      #expect(mode == 0o600)
    }

    let feedKey = FeedKey(rawValue: "https://big.example/feed.xml")

    /// True when process `pid` has the database at `path` open and one of its threads is
    /// asleep in `nanosleep` (SQLite's busy handler, or the opening's retry, both `usleep`):
    /// it met the lock and waits for it.
    static func waitsForLock(_ pid: pid_t, on path: String) -> Bool {
      let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      let descriptors =
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
      let open = descriptors.contains {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)"))
          == file
      }
      guard open else { return false }
      let threads =
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
      return threads.contains { thread in
        let call =
          (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/syscall", encoding: .utf8))
        // x86-64's nanosleep (35) and clock_nanosleep (230), aarch64's (101 and 115).
        let number = call?.split(separator: " ").first.map(String.init) ?? ""
        #if arch(x86_64)
          return number == "35" || number == "230"
        #else
          return number == "101" || number == "115"
        #endif
      }
    }

    /// Starts the binary without waiting for it.
    static func start(_ arguments: [String], environment: [String: String]) throws -> Process {
      let process = Process()
      process.executableURL = Paths.artfeed
      process.arguments = arguments
      process.environment = ProcessInfo.processInfo.environment.merging(
        environment.merging(["XDG_CONFIG_HOME": Paths.noConfig]) { a, _ in a }
      ) { _, b in b }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }

    @Test("state export names the bundled feeds by a stable name, not the build folder's path")
    func bundledStableName() throws {
      let home = try Home()
      let tmux = try Tmux.shell(width: 100, height: 20, dataHome: home.scratch.path("data"))
      try tmux.enter(
        "XDG_CACHE_HOME=\(home.scratch.path("cache")) \"$ARTFEED\" --no-images; echo EXIT=$?")
      try tmux.waitFor("the bundled list") { $0.first?.contains("64 items · 64 unread") == true }
      try tmux.send("m")
      try tmux.waitFor("one read") { $0.first?.contains("63 unread") == true }
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
      let exported = try home.run(["state", "export"])
      #expect(exported.status == 0, "\(exported.errors)")
      #expect(exported.output.contains("\"artfeed:bundled/popular.rss\""), "\(exported.output)")
      #expect(
        !exported.output.contains(".resources"), "the build folder's path: \(exported.output)")
    }
  }
}
