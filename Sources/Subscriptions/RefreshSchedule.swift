/// Which subscription a refresh starts next: at most `limit` at once in all, at most
/// `perHost` at once on one host, and never a host left idle while it has feeds waiting and
/// the overall limit has room.
///
/// A sliding window over the subscriptions in order fills up with feeds of one host when a
/// feeds file lists a site's feeds together, and they wait at that host's gate while every
/// other host sits idle. Here each host has its own queue (in subscription order); a place
/// that frees goes to the host with room whose next feed comes first in the file, so results
/// still arrive roughly in the file's order (docs/adr/0180). Hosts with room and feeds
/// waiting sit in a heap by their next feed: a step costs O(log hosts), not O(feeds).
///
/// Jobs are positions `0..<hosts.count`; `hosts[job]` is the job's host key, and a job
/// whose key is nil (a file, standard input) is limited by `limit` alone.
struct RefreshSchedule {
  let limit: Int
  let perHost: Int
  /// Each job's host as a number (-1: none), and each host's jobs in order.
  private let hostOf: [Int]
  private let queues: [[Int]]
  /// Per host: the next waiting job's place in its queue, and its jobs running.
  private var heads: [Int]
  private(set) var running: [Int]
  /// Hosts with room and jobs waiting, by their next job; `isReady[host]` says it is in.
  private var ready = MinHeap()
  private var isReady: [Bool]
  private var hostless: [Int] = []
  private var hostlessHead = 0
  private(set) var inFlight = 0
  private(set) var started = 0
  /// Steps taken inside `next` and `finished` (tests: the cost per job stays small).
  private(set) var steps = 0

  init(hosts: [String?], limit: Int, perHost: Int) {
    self.limit = max(1, limit)
    self.perHost = max(1, perHost)
    var numbers: [String: Int] = [:]
    var queues: [[Int]] = []
    var hostOf: [Int] = []
    for (job, host) in hosts.enumerated() {
      guard let host else {
        hostOf.append(-1)
        hostless.append(job)
        continue
      }
      let number = numbers[host] ?? queues.count
      if number == queues.count {
        numbers[host] = number
        queues.append([])
      }
      queues[number].append(job)
      hostOf.append(number)
    }
    self.hostOf = hostOf
    self.queues = queues
    heads = Array(repeating: 0, count: queues.count)
    running = Array(repeating: 0, count: queues.count)
    isReady = Array(repeating: true, count: queues.count)
    for (host, queue) in queues.enumerated() { ready.push(queue[0], host) }
  }

  /// Every job has been started.
  var isDrained: Bool { started == hostOf.count }

  /// The next job to start, or nil when the limits allow none now (or none is left).
  mutating func next() -> Int? {
    guard inFlight < limit else { return nil }
    let hostlessJob = hostlessHead < hostless.count ? hostless[hostlessHead] : nil
    let job: Int
    if let top = ready.top, hostlessJob.map({ top.job < $0 }) ?? true {
      _ = ready.pop()
      steps += 1
      let host = top.host
      job = top.job
      heads[host] += 1
      running[host] += 1
      isReady[host] = false
      offer(host)
    } else if let hostlessJob {
      job = hostlessJob
      hostlessHead += 1
    } else {
      return nil
    }
    inFlight += 1
    started += 1
    return job
  }

  /// `job` (started by `next`) has finished: its places are free.
  mutating func finished(_ job: Int) {
    precondition(inFlight > 0, "finished more jobs than were started")
    inFlight -= 1
    let host = hostOf[job]
    guard host >= 0 else { return }
    running[host] -= 1
    offer(host)
  }

  /// Puts `host` in the heap when it has room and a job waiting.
  private mutating func offer(_ host: Int) {
    guard !isReady[host], running[host] < perHost, heads[host] < queues[host].count else {
      return
    }
    steps += 1
    isReady[host] = true
    ready.push(queues[host][heads[host]], host)
  }

  /// The scheduling rules hold once `next` has returned nil (tests call it after every
  /// step): within both limits, and no place free that a waiting job could take.
  func checkInvariants() {
    precondition(inFlight <= limit, "\(inFlight) in flight over the limit \(limit)")
    for (host, count) in running.enumerated() {
      precondition(count <= perHost, "\(count) at once on host \(host), over \(perHost)")
    }
    guard inFlight < limit else { return }
    precondition(hostlessHead == hostless.count, "a job with no host waits with room free")
    for host in queues.indices where heads[host] < queues[host].count {
      precondition(running[host] == perHost, "host \(host) idle with jobs waiting")
    }
  }
}

/// A binary min-heap of (job, host) by job: the ready hosts of a `RefreshSchedule`.
private struct MinHeap {
  private var items: [(job: Int, host: Int)] = []

  var top: (job: Int, host: Int)? { items.first }

  mutating func push(_ job: Int, _ host: Int) {
    items.append((job, host))
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[child].job < items[parent].job else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> (job: Int, host: Int)? {
    guard let first = items.first else { return nil }
    let last = items.removeLast()
    guard !items.isEmpty else { return first }
    items[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var least = parent
      if left < items.count, items[left].job < items[least].job { least = left }
      if right < items.count, items[right].job < items[least].job { least = right }
      guard least != parent else { return first }
      items.swapAt(parent, least)
      parent = least
    }
  }
}
