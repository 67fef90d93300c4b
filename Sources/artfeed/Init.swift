import ArgumentParser
import ArtfeedResources
import Foundation
import Subscriptions

/// `artfeed init`: puts the example feeds file in place, if there is none.
struct Init: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Copy the example feeds file into place (never over an existing one).",
    discussion: """
      Writes $XDG_CONFIG_HOME/artfeed/feeds (else ~/.config/artfeed/feeds): DeviantArt's \
      popular deviations, a Flickr tag and a YouTube channel, all Media RSS. Exit status: 0 \
      written, 1 a feeds file exists already (it is left as it is).
      """,
    version: Artfeed.version)

  func run(_ access: FeedsFileAccess) throws(CommandFailure) {
    guard let example = BundledExamples.feedsFile, let data = try? Data(contentsOf: example)
    else {
      throw .unreadable("the example feeds file is missing from this build (Resources/examples)")
    }
    let created: Bool
    do {
      created = try FeedsFile.create(at: access.location, data: data)
    } catch {
      throw CommandFailure(error)
    }
    guard created else {
      throw .refused("\(access.location.path) exists already; it was left as it is")
    }
    say("wrote \(access.location.path): edit it, or use artfeed add and artfeed remove")
  }
}
