import Foundation
import HTTP
import TestSupport
import Testing

@testable import Sync

@Suite("Account files, password commands, server answers")
struct AccountFilesTests {
  func mode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test("the accounts file round-trips, is 0600 in a 0700 folder, and is edited under its lock")
  func accountsFile() throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("config/artfeed/accounts.json")
    let account = Account(
      name: "home", url: "https://rss.example/api/greader.php", user: "ann",
      passwordCommand: ["pass", "show", "rss"])
    try AccountsFile.edit(file) { $0.append(account) }
    #expect(try AccountsFile.load(file) == [account])
    #expect(try mode(file.path) == 0o600)
    #expect(try mode(file.deletingLastPathComponent().path) == 0o700)
    // Fifty edits from as many threads: none is lost.
    DispatchQueue.concurrentPerform(iterations: 50) { index in
      _ = try? AccountsFile.edit(file) {
        $0.append(Account(name: "n\(index)", url: "https://x.example/", user: "u"))
      }
    }
    #expect(try AccountsFile.load(file).count == 51)
    // A failed edit writes nothing.
    #expect(throws: AccountError.self) {
      try AccountsFile.edit(file) { (_) throws(AccountError) in
        throw AccountError(.refused, "no")
      }
    }
    #expect(try AccountsFile.load(file).count == 51)
  }

  @Test("a damaged accounts file is an error, and is not replaced")
  func damagedFile() throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("accounts.json")
    try Data("{not json".utf8).write(to: file)
    #expect(throws: AccountError.self) { try AccountsFile.load(file) }
    #expect(throws: AccountError.self) { try AccountsFile.edit(file) { $0 = [] } }
    #expect(try String(contentsOf: file, encoding: .utf8) == "{not json")
  }

  @Test("a symbolic link at a token's name is replaced, its target neither read nor written")
  func tokenLink() throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let target = folder.url.appendingPathComponent("precious")
    try Data("precious\n".utf8).write(to: target)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
    let link = folder.url.appendingPathComponent("home.token")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let store = FileTokenStore(url: link)
    #expect(store.load() == nil, "a token was read through a link")
    try store.save("ann/abc")
    #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
    #expect(try mode(target.path) == 0o644)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
    #expect(try mode(link.path) == 0o600)
    #expect(store.load() == "ann/abc")
  }

  @Test("a token file others may read is made 0600 when read")
  func tokenMode() throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("home.token")
    try Data("ann/abc\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    #expect(FileTokenStore(url: file).load() == "ann/abc")
    #expect(try mode(file.path) == 0o600)
  }

  @Test("an account name from the accounts file that is no file name is refused before use")
  func accountNames() throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let data = folder.url.appendingPathComponent("home/data")
    let file = folder.url.appendingPathComponent("accounts.json")
    let bad = "../../../../x"
    try Data(
      #"{"accounts":[{"name":"\#(bad)","kind":"greader","url":"http://127.0.0.1:9/","user":"u"}]}"#
        .utf8
    ).write(to: file)
    let error = #expect(throws: AccountError.self) { try AccountsFile.load(file) }
    #expect(error?.description.contains("cannot name its files") == true)
    // Whatever file it came from, it never names a file.
    let paths = AccountPaths(
      accountsFile: file, tokens: data.appendingPathComponent("accounts"),
      state: data.appendingPathComponent("state.db"),
      copies: data.appendingPathComponent("cache"))
    let account = Account(name: bad, url: "http://127.0.0.1:9/", user: "u")
    #expect(throws: AccountError.self) {
      try AccountSync.open(account, paths: paths, client: CurlClient.shared)
    }
    let made = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(made == ["accounts.json"], "\(made)")
  }

  @Test("password commands are split like a shell's words, and never run through one")
  func words() throws {
    #expect(try PasswordCommand.words("pass show 'my rss'") == ["pass", "show", "my rss"])
    #expect(try PasswordCommand.words(#"cat "a b"\ c"#) == ["cat", "a b c"])
    #expect(try PasswordCommand.words("echo $HOME; rm x") == ["echo", "$HOME;", "rm", "x"])
    #expect(throws: AccountError.self) { try PasswordCommand.words("echo 'open") }
    #expect(throws: AccountError.self) { try PasswordCommand.words("   ") }
  }

  @Test("a password command's first line is the password; a failure or a hang is one line")
  func run() throws {
    #expect(try PasswordCommand.run(["/bin/echo", "$HOME"]) == "$HOME")
    #expect(try PasswordCommand.run(["/usr/bin/printf", "secret\r\nsecond\n"]) == "secret")
    let failed = #expect(throws: AccountError.self) { try PasswordCommand.run(["/bin/false"]) }
    #expect(failed?.kind == .badLogin)
    let empty = #expect(throws: AccountError.self) { try PasswordCommand.run(["/bin/true"]) }
    #expect(empty?.description.contains("printed no password") == true)
    let start = Date()
    let slow = #expect(throws: AccountError.self) {
      try PasswordCommand.run(["/bin/sleep", "10"], timeout: 0.5)
    }
    #expect(slow?.description.contains("took more than") == true)
    #expect(Date().timeIntervalSince(start) < 5)
    let missing = #expect(throws: AccountError.self) {
      try PasswordCommand.run(["no-such-password-program"])
    }
    #expect(missing?.description.contains("not found") == true)
  }

  @Test("a password command is done when it exits: a background child is not waited for")
  func backgroundChild() throws {
    let start = Date()
    #expect(try PasswordCommand.run(["/bin/sh", "-c", "echo pw; sleep 4 &"]) == "pw")
    #expect(try PasswordCommand.run(["/bin/sh", "-c", "printf pw; sleep 4 &"]) == "pw")
    #expect(Date().timeIntervalSince(start) < 3)
  }

  @Test("the first line is the password, however much follows it")
  func longTail() throws {
    #expect(try PasswordCommand.run(["/usr/bin/yes"]) == "y")
    #expect(
      try PasswordCommand.run(["/bin/sh", "-c", "echo pw; head -c 10000000 /dev/zero"]) == "pw")
    let noLine = #expect(throws: AccountError.self) {
      try PasswordCommand.run(["/usr/bin/head", "-c", "100000", "/dev/zero"])
    }
    #expect(noLine?.description.contains("64 KiB") == true)
    let failed = #expect(throws: AccountError.self) {
      try PasswordCommand.run(["/bin/sh", "-c", "echo locked; exit 3"])
    }
    #expect(failed?.description.contains("status 3") == true)
  }

  @Test("on a timeout the command's whole process group is killed")
  func timeoutKillsGroup() throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let pidFile = folder.url.appendingPathComponent("pid").path
    let error = #expect(throws: AccountError.self) {
      try PasswordCommand.run(
        ["/bin/sh", "-c", "sleep 30 & echo $! > \(pidFile); sleep 30"], timeout: 0.5)
    }
    #expect(error?.description.contains("took more than") == true)
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let orphan = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    // Gone, or a zombie waiting for init: not running.
    var running = true
    for _ in 0..<100 {
      let stat = (try? String(contentsOfFile: "/proc/\(orphan)/stat", encoding: .utf8)) ?? ""
      running = !stat.isEmpty && !stat.contains(") Z ")
      if !running { break }
      usleep(20_000)
    }
    if running { kill(orphan, SIGKILL) }
    #expect(!running, "the command's background child outlived its timeout")
  }

  @Test("item ids in both forms; answers read leniently")
  func itemIDs() throws {
    #expect(
      GReaderItemID.parse("tag:google.com,2005:reader/item/000660fb86b2cadf") == 0x660fb_86b2_cadf)
    #expect(GReaderItemID.parse("1795483273186015") == 1_795_483_273_186_015)
    #expect(GReaderItemID.parse("tag:google.com,2005:reader/item/ffffffffffffffff") == -1)
    #expect(GReaderItemID.parse("abc") == nil && GReaderItemID.parse("") == nil)
    #expect(
      GReaderItemID.longForm(0x660fb_86b2_cadf)
        == "tag:google.com,2005:reader/item/000660fb86b2cadf")
    let json = """
      {"items":[{"id":"tag:google.com,2005:reader/item/0000000000000010","timestampUsec":"1700000000000001",
      "published":1700000000,"title":"A ＆ B","canonical":[{"href":"https://x.example/1"}],
      "categories":["user/-/state/com.google/reading-list","user/-/label/Art","user/-/state/com.google/read"],
      "origin":{"streamId":"feed/3"},"summary":{"content":"<figure class=\\"enclosure\\"><img class=\\"enclosure-thumbnail\\" src=\\"https://x.example/t.png\\" /></figure><p>Hi <b>there</b></p><img src=\\"https://x.example/other.png\\">"},
      "enclosure":[{"href":"https://x.example/full.jpg","type":"image"},{"href":"https://x.example/a.mp3","type":"audio/mpeg"}]},
      {"id":"not an id"}],"continuation":1700000000000001}
      """
    let page = try JSONDecoder().decode(GReaderJSON.StreamContents.self, from: Data(json.utf8))
    #expect(page.continuation?.text == "1700000000000001")
    let items = page.items.compactMap { $0.remote() }
    #expect(items.count == 1)
    let item = try #require(items.first)
    #expect(item.id == 16 && item.feed == "feed/3" && item.crawled == 1_700_000_000_000_001)
    #expect(item.read && !item.starred && item.labels == ["Art"])
    #expect(item.link == "https://x.example/1")
    let text = AccountItemText(item)
    #expect(text.thumbnail == "https://x.example/t.png")
    #expect(text.firstImage == "https://x.example/t.png")
    #expect(text.images == ["https://x.example/full.jpg"])
    #expect(text.summary == "Hi there")
    #expect(text.sort == 1_700_000_000)
  }

  @Test("FreshRSS's credits become the artist; its credits and alt captions leave the text")
  func freshRSSCredits() {
    let html = """
      <p>Hello heron.</p><figure class="enclosure"><p class="enclosure-content">\
      <img src="https://x.example/full.jpg" alt="" title="" /></p>\
      <p class="enclosure-credits">© ann heron</p>\
      <p class="enclosure-credits">© https://a.deviantart.net/avatars/a.png</p>\
      <figcaption class="enclosure-description">A heron in reeds</figcaption></figure>
      """
    let item = RemoteItem(id: 1, feed: "feed/1", crawled: 1, summaryHTML: html)
    let text = AccountItemText(item)
    #expect(text.author == "ann heron")
    #expect(text.summary?.contains("Hello heron.") == true)
    #expect(text.summary?.contains("©") == false && text.summary?.contains("reeds") == false)
    var named = item
    named.author = "Bo"
    #expect(AccountItemText(named).author == "Bo")
    #expect(AccountItemText(RemoteItem(id: 2, feed: "f", crawled: 1)).author == nil)
  }

  @Test("one sync of an account at a time: a second waits, then gives up in one line")
  func syncLock() async throws {
    let folder = try TempDirectory()
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("home.db.sync-lock").path
    let first = try #require(try await SyncLock.take(path, account: "home"))
    let start = Date()
    do {
      _ = try await SyncLock.take(path, account: "home", patience: 0.3)
      Issue.record("a second lock was granted")
    } catch {
      #expect(error.kind == .unavailable && error.description.contains("another artfeed"))
    }
    #expect(Date().timeIntervalSince(start) >= 0.3)
    first.release()
    let again = try await SyncLock.take(path, account: "home", patience: 0.3)
    #expect(again != nil)
    again?.release()
  }

  @Test("byte search forwards and backwards, through multi-byte text")
  func byteSearch() throws {
    let text = "é<img a><img b>ü enclosure-thumbnail <img c>"
    let marker = try #require(ServerText.range(of: "enclosure-thumbnail", in: text[...]))
    #expect(text[marker] == "enclosure-thumbnail")
    let last = try #require(
      ServerText.range(of: "<img", in: text[..<marker.lowerBound], backwards: true))
    #expect(text[last.lowerBound...].hasPrefix("<img b>"))
    let first = try #require(ServerText.range(of: "<img", in: text[...]))
    #expect(text[first.lowerBound...].hasPrefix("<img a>"))
    #expect(ServerText.range(of: "<video", in: text[...]) == nil)
    #expect(ServerText.range(of: "", in: text[...]) == nil)
  }

  @Test("server text for a terminal line: escapes and bidi controls gone, cut at the limit")
  func serverText() {
    #expect(ServerText.oneLine("a\u{1B}[31mb\u{202E}c\n d") == "a [31mb c d")
    #expect(ServerText.oneLine(String(repeating: "x", count: 300), limit: 10) == "xxxxxxxxx…")
  }
}
