/// Colour pairs handed out on demand, the bookkeeping the curses backend needs: a terminal
/// has a fixed number of pairs (64 on an 8-colour terminal, 65,536 on most 256-colour ones),
/// and pictures need many (a 12 x 6 thumbnail used 39-79).
///
/// Pairs are numbered 1...capacity. A colour combination keeps its pair while it is used;
/// when every pair is taken, the one used longest ago is redefined (ncurses' `alloc_pair`
/// policy). One rule more than `alloc_pair`: a pair used in the current frame is never
/// redefined, so nothing already drawn changes colour; a combination that finds no pair in a
/// full frame gets nil and is drawn in default colours. Pure: tests drive it without curses.
public struct ColorPairBook {
  /// Foreground and background colour numbers as curses takes them (-1: default).
  public struct Colors: Hashable, Sendable {
    public var foreground: Int32
    public var background: Int32

    public init(foreground: Int32, background: Int32) {
      self.foreground = foreground
      self.background = background
    }
  }

  /// What `pair(for:)` gives: the pair number, and whether the caller must (re)define it.
  public struct Grant: Equatable, Sendable {
    public var pair: Int32
    public var isNew: Bool
  }

  public let capacity: Int
  private var numbers: [Colors: Int32] = [:]
  private var owners: [Colors?]
  private var lastFrame: [UInt64]
  /// Pairs by last use, oldest first, lazily: entries whose frame no longer matches are stale.
  private var order: [(pair: Int32, frame: UInt64)] = []
  private var orderStart = 0
  private var frame: UInt64 = 1
  /// Pairs redefined so far (for figures and tests).
  public private(set) var redefinitions = 0

  public init(capacity: Int) {
    self.capacity = max(0, capacity)
    owners = Array(repeating: nil, count: self.capacity + 1)
    lastFrame = Array(repeating: 0, count: self.capacity + 1)
  }

  /// Starts a new frame: pairs used before it may be redefined from now on.
  public mutating func beginFrame() { frame += 1 }

  /// The pair for `colors`, or nil when every pair is in use in this frame.
  public mutating func pair(for colors: Colors) -> Grant? {
    if let number = numbers[colors] {
      touch(number)
      return Grant(pair: number, isNew: false)
    }
    guard let number = freePair() else { return nil }
    if let old = owners[Int(number)] {
      numbers[old] = nil
      redefinitions += 1
    }
    owners[Int(number)] = colors
    numbers[colors] = number
    touch(number)
    return Grant(pair: number, isNew: true)
  }

  /// The colours a pair stands for now (tests compare it with what was drawn).
  public func colors(ofPair pair: Int32) -> Colors? {
    guard pair > 0, Int(pair) < owners.count else { return nil }
    return owners[Int(pair)]
  }

  /// Marks a pair used in this frame; the order list gets one entry per pair and frame and
  /// is compacted when stale entries pile up, so it stays within a few times the capacity.
  private mutating func touch(_ number: Int32) {
    guard lastFrame[Int(number)] != frame else { return }
    lastFrame[Int(number)] = frame
    order.append((number, frame))
    if order.count - orderStart > 2 * capacity + 1024 {
      order = order[orderStart...].filter { lastFrame[Int($0.pair)] == $0.frame }
      orderStart = 0
    }
  }

  /// A never-used pair, else the pair used longest ago if that was before this frame.
  private mutating func freePair() -> Int32? {
    if numbers.count < capacity { return Int32(numbers.count + 1) }
    while orderStart < order.count {
      let (number, used) = order[orderStart]
      if lastFrame[Int(number)] != used {
        orderStart += 1
        continue
      }
      guard used < frame else { return nil }
      orderStart += 1
      return number
    }
    return nil
  }
}
