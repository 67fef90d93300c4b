import ArgumentParser
import Foundation
import HTTP
import Sync

/// `artfeed sync [NAME]`: brings the server's marks, sends the queued ones, then new items.
struct Sync: ParsableCommand {
  /// The order of a sync's steps, in the words the help and README both use (a test keeps
  /// README's sentence the same as this one).
  static let steps = """
    A sync first applies the server's read and starred sets (marks made on another device; a \
    mark changed on the server since the last sync wins over one queued here for the same \
    flag), then sends the marks queued here in the order they were made, then fetches the \
    items new since the last sync, newest first.
    """

  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Sync accounts: fetch the server's marks, send marks made here, then new items.",
    discussion: """
      Marks made in artfeed (read, unread, starred, mark-all) wait in the state database until \
      a sync reaches the server. \(steps) One line per account, with the requests made and \
      the bytes received. Exit status: 0 synced, 64 --offline, 65 the server is not the \
      Google Reader API, 69 it cannot be reached (the local copy stays, the marks stay \
      queued), 77 it refused the login.
      """,
    version: Artfeed.version)

  @Argument(help: "The account to sync (default: every account).", completion: .accountNames)
  var name: String?

  @OptionGroup var network: NetworkOptions

  func validate() throws {
    if network.offline { throw ValidationError("sync needs the network: drop --offline") }
  }

  func run() throws {
    do {
      try sync()
    } catch let failure {
      fail(failure)
    }
  }

  private func sync() throws(CommandFailure) {
    let access = try AccountAccess()
    let accounts: [Account]
    if let name {
      accounts = [try access.account(named: name)]
    } else {
      accounts = try access.accounts()
    }
    guard !accounts.isEmpty else {
      say("no accounts (artfeed account add greader URL --user NAME adds one)")
      return
    }
    var firstFailure: CommandFailure?
    for account in accounts {
      let client = CountingClient(SharedHTTPClient())
      let sync = try access.sync(account, client: client, network: network)
      let start = Date()
      let result = runBlocking { () async -> Result<SyncReport, AccountError> in
        do throws(AccountError) {
          return .success(try await sync.sync())
        } catch {
          return .failure(error)
        }
      }
      let counts = client.current
      let traffic =
        "\(counts.requests) requests, \(counts.receivedBytes) bytes received, "
        + String(format: "%.2f s", Date().timeIntervalSince(start))
      switch result {
      case .success(let report):
        say("\(account.name): \(Self.describe(report)) (\(traffic))")
      case .failure(let error):
        let queued = (try? sync.queuedCount()) ?? 0
        let kept =
          error.kind == .unavailable
          ? "; \(queued) marks stay queued; local copy (\(syncAge(sync.lastSync()))) kept" : ""
        let failure = CommandFailure(error)
        warnLine("\(account.name): \(error.description)\(kept)")
        if firstFailure == nil { firstFailure = failure }
      }
    }
    if let firstFailure { endProcess(firstFailure.code) }
  }

  static func describe(_ report: SyncReport) -> String {
    var parts = [
      "\(report.feeds) feeds", "\(report.added) new items", "\(report.sent) marks sent",
      "\(report.fromServer.read + report.fromServer.starred) marks from the server",
    ]
    if report.fromServer.conflicts > 0 {
      parts.append("\(report.fromServer.conflicts) marks made here replaced by later ones there")
    }
    if report.removed > 0 { parts.append("\(report.removed) items gone from the server removed") }
    if report.isPartial { parts.append("more to fetch: sync again") }
    return parts.joined(separator: ", ")
  }
}

/// Prints `artfeed: message` to standard error.
func warnLine(_ message: String) {
  TerminalText.writeError("artfeed: \(message)\n")
}
