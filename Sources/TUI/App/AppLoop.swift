import Foundation
import Synchronization

/// Events posted from background work, drained by the run loop.
public final class EventInbox: Sendable {
  private let queue = Mutex<[Event]>([])

  public init() {}

  public func post(_ event: Event) {
    queue.withLock { $0.append(event) }
  }

  func drain() -> [Event] {
    queue.withLock { events in
      defer { events.removeAll() }
      return events
    }
  }
}

/// The one loop that owns the screen and the state (bubbletea's model: events in, state
/// updated by `update`, commands out, frames drawn).
///
/// Input never waits on work: loading and searching run in tasks that post their results to
/// the inbox, and the loop polls input with a short timeout so results show at once.
public struct AppLoop {
  public var state: AppState
  let screen: any Screen
  let source: any ItemSource
  let inbox = EventInbox()
  /// Asked between events: true when a signal asked the program to stop.
  let shouldStop: () -> Bool
  /// Runs an argument vector without a shell (for `o`); returns an error message on failure.
  let openLink: (String) -> String?

  public init(
    state: AppState, screen: any Screen, source: any ItemSource,
    shouldStop: @escaping () -> Bool, openLink: @escaping (String) -> String?
  ) {
    self.state = state
    self.screen = screen
    self.source = source
    self.shouldStop = shouldStop
    self.openLink = openLink
  }

  /// Runs until the reader quits or `shouldStop` says so. `initial` are commands to start with
  /// (the first load, an `--artist` search).
  public mutating func run(initial: [Command]) {
    var pending = initial
    var lastTick = Date()
    var needsDraw = true
    while true {
      for command in pending {
        if command == .quit { return }
        perform(command)
      }
      pending = []
      if needsDraw { screen.draw(state.render()) }
      needsDraw = false
      if shouldStop() { return }
      if let event = screen.nextEvent(timeoutMilliseconds: 100) {
        pending += state.update(event)
        needsDraw = true
      }
      for event in inbox.drain() {
        pending += state.update(event)
        needsDraw = true
      }
      if state.isLoading, Date().timeIntervalSince(lastTick) > 0.1 {
        lastTick = Date()
        pending += state.update(.tick)
        needsDraw = true
      }
    }
  }

  /// Starts the work a command asks for; its result comes back through the inbox.
  func perform(_ command: Command) {
    let source = self.source
    let inbox = self.inbox
    switch command {
    case .quit:
      break
    case .load(let generation):
      Task.detached {
        do throws(LoadError) {
          inbox.post(.loaded(generation: generation, .success(try await source.loadMain())))
        } catch {
          inbox.post(.loaded(generation: generation, .failure(error)))
        }
      }
    case .search(let generation, let query):
      Task.detached {
        do throws(LoadError) {
          let items = try await source.items(byArtist: query)
          inbox.post(.searchResults(generation: generation, query: query, .success(items)))
        } catch {
          inbox.post(.searchResults(generation: generation, query: query, .failure(error)))
        }
      }
    case .openLink(let url):
      if let failure = openLink(url) {
        inbox.post(.notice("Error: \(failure)"))
      }
    }
  }
}
