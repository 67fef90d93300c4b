import Foundation
import Testing

extension EndToEnd {
  /// `account set`, `mark-read --account` and `sync` on accounts that need no server: what
  /// they say, what they leave in the files.
  @Suite("Account commands without a server")
  struct AccountCommandTests {
    let scratch: Scratch

    init() throws {
      scratch = try Scratch()
    }

    var environment: [String: String] {
      [
        "XDG_CONFIG_HOME": scratch.path("config"), "XDG_CACHE_HOME": scratch.path("cache"),
        "XDG_DATA_HOME": scratch.path("data"), "HOME": scratch.path("home"),
      ]
    }

    var accountsFile: String { scratch.path("config/artfeed/accounts.json") }

    /// An accounts file with one account `name` on a closed port.
    func writeAccount(_ name: String, command: [String]? = nil) throws {
      try FileManager.default.createDirectory(
        atPath: scratch.path("config/artfeed"), withIntermediateDirectories: true)
      let words = command.map {
        ", \"passwordCommand\": [\"" + $0.joined(separator: "\", \"") + "\"]"
      }
      let text = """
        {"accounts": [{"name": "\(name)", "kind": "greader", "url": "http://127.0.0.1:9/api/greader.php",
        "user": "ann"\(words ?? "")}]}
        """
      try text.write(toFile: accountsFile, atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) throws -> Spawned {
      try ArtfeedCommand.run(arguments, environment: environment)
    }

    @Test("account set changes the password command after checking it, and drops the login")
    func setPasswordCommand() throws {
      try writeAccount("home")
      let token = scratch.path("data/artfeed/accounts/home.token")
      try FileManager.default.createDirectory(
        atPath: scratch.path("data/artfeed/accounts"), withIntermediateDirectories: true)
      try "ann/old\n".write(toFile: token, atomically: true, encoding: .utf8)
      let refused = try run(["account", "set", "home", "--password-command", "/bin/false"])
      #expect(refused.status == 77, "\(refused.errors)")
      #expect(FileManager.default.fileExists(atPath: token))
      let set = try run(["account", "set", "home", "--password-command", "echo 'new pw'"])
      #expect(set.status == 0, "\(set.errors)")
      #expect(set.output.contains("password command changed"))
      let text = try String(contentsOfFile: accountsFile, encoding: .utf8)
      #expect(text.contains(#""passwordCommand" : ["#) && text.contains("new pw"), "\(text)")
      #expect(!FileManager.default.fileExists(atPath: token), "the old login was kept")
      let none = try run(["account", "set", "home"])
      #expect(none.status == 64)
      let dropped = try run(["account", "set", "home", "--no-password-command"])
      #expect(dropped.status == 0)
      #expect(!(try String(contentsOfFile: accountsFile, encoding: .utf8)).contains("new pw"))
    }

    @Test("mark-read --account before the first sync says it marks nothing, and queues nothing")
    func markReadBeforeSync() throws {
      try writeAccount("home")
      let marked = try run(["mark-read", "--account", "home"])
      #expect(marked.status == 0, "\(marked.errors)")
      #expect(marked.output.contains("nothing of every feed of home is synced here yet"))
      let listed = try run(["account", "list"])
      #expect(listed.output.contains("0 marks to send"), "\(listed.output)")
    }

    @Test("an account name from the accounts file that leaves its folder is refused by sync")
    func hostileName() throws {
      try writeAccount("../../../x", command: ["echo", "pw"])
      let synced = try run(["sync"])
      #expect(synced.status != 0)
      #expect(synced.errors.contains("cannot name its files"), "\(synced.errors)")
      let made =
        FileManager.default.enumerator(atPath: scratch.url.path)?
        .compactMap { $0 as? String }.filter { $0.hasPrefix("x.") || $0.contains("/x.") } ?? []
      #expect(made.isEmpty, "\(made)")
      #expect(!FileManager.default.fileExists(atPath: scratch.path("x.token")))
    }
  }
}
