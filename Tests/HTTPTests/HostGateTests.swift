import Foundation
import TestSupport
import Testing

@testable import HTTP

/// Polite fetching: at most two requests at a time to one host, whoever asks.
@Suite("Two requests at a time per host", .serialized, .timeLimit(.minutes(1)))
struct HostGateTests {
  static func maxInFlight(_ server: TestServer) async throws -> Int {
    let body = try await CurlClient.shared.send(HTTPRequest(url: server.url("/inflight"))).body
    return try JSONDecoder().decode([String: Int].self, from: body)["max"] ?? -1
  }

  struct Timeout: Error, CustomStringConvertible {
    var description: String
  }

  /// Polls `condition` every 5 ms; throws after 20 s.
  static func until(_ what: String, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(TimeScale.seconds(20))
    while !condition() {
      guard Date() < deadline else { throw Timeout(description: "timed out waiting for \(what)") }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  @Test("six requests to one server through the shared client: never more than two at once")
  func oneHost() async throws {
    let server = try TestServer()
    defer { server.stop() }
    _ = try await CurlClient.shared.send(HTTPRequest(url: server.url("/inflight?clear=1")))
    let client = SharedHTTPClient()
    let statuses = await withTaskGroup(of: Int.self) { group in
      for index in 0..<6 {
        let url = server.url("/stall/headers?seconds=0.3&n=\(index)")
        group.addTask { (try? await client.send(HTTPRequest(url: url)).status) ?? -1 }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses == Array(repeating: 200, count: 6))
    #expect(try await Self.maxInFlight(server) == 2)
    #expect(HostGate.shared.running(Backoff.key(for: server.url("/"))) == 0)
  }

  @Test("two servers are two hosts: each gets its own two")
  func twoHosts() async throws {
    let first = try TestServer()
    let second = try TestServer()
    defer { first.stop(); second.stop() }
    let client = SharedHTTPClient()
    for server in [first, second] {
      _ = try await CurlClient.shared.send(HTTPRequest(url: server.url("/inflight?clear=1")))
    }
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<4 {
        for server in [first, second] {
          let url = server.url("/stall/headers?seconds=0.3&n=\(index)")
          group.addTask { _ = try? await client.send(HTTPRequest(url: url)) }
        }
      }
    }
    #expect(try await Self.maxInFlight(first) == 2)
    #expect(try await Self.maxInFlight(second) == 2)
  }

  @Test("a waiter cancelled in line leaves it at once; the others go on")
  func cancelledWaiter() async throws {
    let gate = HostGate(limit: 1)
    #expect(await gate.enter("h"))
    let waiter = Task { await gate.enter("h") }
    try await Self.until("the waiter in line") { gate.waiting("h") == 1 }
    waiter.cancel()
    #expect(await waiter.value == false, "cancelled: no place taken")
    #expect(gate.waiting("h") == 0, "it left the line")
    let next = Task { await gate.enter("h") }
    try await Self.until("the next in line") { gate.waiting("h") == 1 }
    gate.leave("h")
    #expect(await next.value, "the next in line gets the place")
    gate.leave("h")
    #expect(gate.running("h") == 0)
    // Cancelled before it even asked: no place either.
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await gate.enter("h")
    }
    #expect(await early.value == false)
    #expect(gate.running("h") == 0)
    // Cancelled while holding a place: nothing is remembered for it.
    let holder = Task { () -> Bool in
      let entered = await gate.enter("h")
      try? await Task.sleep(for: .milliseconds(100))
      if entered { gate.leave("h") }
      return entered
    }
    try await Self.until("the holder's place taken") { gate.running("h") == 1 }
    holder.cancel()
    #expect(await holder.value)
    #expect(gate.running("h") == 0 && gate.leftovers == 0)
  }
}
