import Testing

@testable import Subscriptions

/// The refresh's scheduling rules against seeded random runs: within the overall and the
/// per-host limits, no host idle while it has feeds waiting and the overall limit has room,
/// each host's feeds in order, and a small cost per feed whatever the number of hosts.
@Suite("RefreshSchedule")
struct RefreshScheduleTests {
  /// A small deterministic generator (SplitMix64), so a failing seed can be run again.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Starts what the schedule allows, then finishes a random job, until every job is done;
  /// checks the rules after every step. Returns the start order.
  static func drive(
    _ schedule: inout RefreshSchedule, hosts: [String?], random: inout Seeded
  ) -> [Int] {
    var running: [Int] = []
    var order: [Int] = []
    while true {
      while let job = schedule.next() {
        running.append(job)
        order.append(job)
      }
      schedule.checkInvariants()
      var byHost: [String: Int] = [:]
      for job in running { if let host = hosts[job] { byHost[host, default: 0] += 1 } }
      #expect(byHost.values.allSatisfy { $0 <= schedule.perHost })
      #expect(running.count <= schedule.limit && running.count == schedule.inFlight)
      guard !running.isEmpty else { break }
      let done = running.remove(at: Int.random(in: 0..<running.count, using: &random))
      schedule.finished(done)
    }
    return order
  }

  @Test(
    "random runs: limits kept, no host idle with feeds waiting, every job once, in order",
    arguments: 0..<40)
  func randomRuns(seed: UInt64) {
    var random = Seeded(state: seed)
    let hostCount = Int.random(in: 1...12, using: &random)
    let jobs = Int.random(in: 0...150, using: &random)
    let grouped = Bool.random(using: &random)
    var hosts: [String?] = (0..<jobs).map { job in
      // A few files and standard input: no host.
      if Int.random(in: 0..<10, using: &random) == 0 { return nil }
      let host =
        grouped ? job * hostCount / max(1, jobs) : Int.random(in: 0..<hostCount, using: &random)
      return "127.0.0.\(host + 1):8080"
    }
    if grouped { hosts.sort { ($0 ?? "") < ($1 ?? "") } }
    let limit = Int.random(in: 1...24, using: &random)
    let perHost = Int.random(in: 1...3, using: &random)
    var schedule = RefreshSchedule(hosts: hosts, limit: limit, perHost: perHost)
    let order = Self.drive(&schedule, hosts: hosts, random: &random)
    #expect(order.sorted() == Array(0..<jobs), "seed \(seed)")
    #expect(schedule.isDrained && schedule.inFlight == 0, "seed \(seed)")
    for host in Set(hosts.compactMap { $0 }) {
      let started = order.filter { hosts[$0] == host }
      #expect(started == started.sorted(), "seed \(seed): \(host) out of order")
    }
  }

  @Test("a file's feeds grouped by host: every host starts at once, not the first host's alone")
  func groupedHosts() {
    // Ten hosts of a hundred feeds each, each host's feeds together.
    let hosts: [String?] = (0..<1000).map { "127.0.0.\($0 / 100 + 1)" }
    var schedule = RefreshSchedule(hosts: hosts, limit: 32, perHost: 2)
    var first: [Int] = []
    while let job = schedule.next() { first.append(job) }
    #expect(first.count == 20)
    #expect(Set(first.compactMap { hosts[$0] }).count == 10)
    #expect(schedule.running.allSatisfy { $0 == 2 })
  }

  @Test("the overall limit below hosts times the per-host limit: the earliest feeds go first")
  func overallLimit() {
    let hosts: [String?] = ["a", "a", "a", "b", "b", "c", nil, "c"]
    var schedule = RefreshSchedule(hosts: hosts, limit: 4, perHost: 2)
    var first: [Int] = []
    while let job = schedule.next() { first.append(job) }
    #expect(first == [0, 1, 3, 4])
    schedule.finished(3)
    #expect(schedule.next() == 5)
    schedule.finished(0)
    #expect(schedule.next() == 2)
    schedule.finished(1)
    #expect(schedule.next() == 6)
    #expect(schedule.next() == nil)
  }

  @Test("a step costs O(log hosts): a thousand feeds on a thousand hosts take two steps each")
  func cost() {
    let hosts: [String?] = (0..<1000).map { "host\($0)" }
    var schedule = RefreshSchedule(hosts: hosts, limit: 32, perHost: 2)
    var random = Seeded(state: 7)
    _ = Self.drive(&schedule, hosts: hosts, random: &random)
    // One pop per start and one push per host that becomes ready: no scan over the hosts.
    #expect(schedule.steps <= 2 * hosts.count)
  }
}
