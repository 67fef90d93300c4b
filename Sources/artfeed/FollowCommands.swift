import ArgumentParser
import FeedCore
import FeedModel
import Foundation
import ReadingState

/// `artfeed follow NAME...`: follows artists, as `f` does in the browser.
struct Follow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "follow",
    abstract: "Follow artists: their new work shows under Following in the feed list.",
    discussion: """
      An artist is followed across every source: case, accents, spaces, hyphens, \
      underscores and dots do not matter ("Raven Quill" also follows raven-quill and \
      RAVEN_QUILL). The name is kept as given the first time. Follows live in the state \
      database beside the marks and go with state export. Exit status: 0 followed, 1 when \
      an artist was followed already (the others are followed), 73 the state cannot be \
      written.
      """,
    version: Artfeed.version)

  @Argument(help: "The artists' names.")
  var names: [String]

  func validate() throws {
    try FollowNames.check(names)
  }

  func run() throws {
    do throws(CommandFailure) {
      let store = try StateAccess().openForWriting()
      let now = Date()
      var already: [ArtistFollow] = []
      for name in names {
        let result: (follow: ArtistFollow, isNew: Bool)
        do throws(StateError) {
          result = try store.follow(name, at: now)
        } catch {
          throw CommandFailure(error)
        }
        guard result.isNew else {
          already.append(result.follow)
          continue
        }
        say("following \(Feed.oneLine(name))")
      }
      guard already.isEmpty else {
        let listed = already.map { follow in
          "\(Feed.oneLine(follow.name)) (since \(Feed.listingDate(follow.since)) UTC)"
        }
        throw .refused("already following " + listed.joined(separator: ", "))
      }
    } catch {
      fail(error)
    }
  }
}

/// `artfeed unfollow NAME...`: stops following artists.
struct Unfollow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unfollow",
    abstract: "Stop following artists.",
    discussion: """
      NAME is matched as follow matches it (any spelling of the artist). Exit status: 0 \
      unfollowed, 1 when an artist was not followed (the others are unfollowed), 73 the \
      state cannot be written.
      """,
    version: Artfeed.version)

  @Argument(help: "The artists' names.")
  var names: [String]

  func validate() throws {
    try FollowNames.check(names)
  }

  func run() throws {
    do throws(CommandFailure) {
      let access = try StateAccess()
      // No state file: nothing is followed, and none is made to say so.
      let store =
        FileManager.default.fileExists(atPath: access.location.path)
        ? try access.openForWriting() : nil
      var missing: [String] = []
      for name in names {
        let removed: ArtistFollow?
        do throws(StateError) {
          removed = try store?.unfollow(name)
        } catch {
          throw CommandFailure(error)
        }
        guard let removed else {
          missing.append(Feed.oneLine(name))
          continue
        }
        say("no longer following \(Feed.oneLine(removed.name))")
      }
      guard missing.isEmpty else {
        throw .refused("not following " + missing.joined(separator: ", "))
      }
    } catch {
      fail(error)
    }
  }
}

/// `artfeed following [--json]`: the followed artists.
struct Following: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "following",
    abstract: "List the followed artists and since when.",
    discussion: """
      One line per artist, in the order of their folded names: the time it was followed \
      (YYYY-MM-DD HH:MM, UTC) and the name as first given. --json prints {"follows": \
      [{"name", "key", "since"}]}, key being the folded name artists are matched by and \
      since an ISO 8601 time. Nothing is printed when no artist is followed. Exit status: \
      0, or 73 when the state cannot be read.
      """,
    version: Artfeed.version)

  @Flag(help: "Print the list as JSON.")
  var json = false

  /// `following --json`'s document.
  struct Listing: Encodable {
    struct Artist: Encodable {
      var name: String
      var key: String
      var since: String
    }

    var follows: [Artist]
  }

  func run() throws {
    do throws(CommandFailure) {
      let follows = try Self.read()
      if json {
        return JSONOutput.write(
          Listing(
            follows: follows.map {
              Listing.Artist(name: $0.name, key: $0.key, since: JSONOutput.time($0.since))
            }))
      }
      TerminalText.write(
        follows.map { "\(Feed.listingDate($0.since))  \(Feed.oneLine($0.name))\n" }.joined())
    } catch {
      fail(error)
    }
  }

  /// The followed artists; none when there is no state file yet.
  static func read() throws(CommandFailure) -> [ArtistFollow] {
    guard let store = try StateAccess().openForExport() else { return [] }
    do throws(StateError) {
      return try store.follows()
    } catch {
      throw CommandFailure(StateError(error.kind, "state: \(error.description)"))
    }
  }
}

/// The names `follow` and `unfollow` take.
enum FollowNames {
  /// Throws a usage error naming the first name no artist can have (`ArtistFollow.problem`).
  static func check(_ names: [String]) throws {
    guard !names.isEmpty else { throw ValidationError("give at least one artist's name") }
    for name in names {
      if let problem = ArtistFollow.problem(name: name) {
        throw ValidationError("the name “\(Feed.oneLine(name))” \(problem)")
      }
    }
  }
}
