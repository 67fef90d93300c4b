/// SplitMix64: a seeded generator, so a random test replays the same way on every run.
public struct SplitMixGenerator: RandomNumberGenerator {
  public var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// A big test input made when its test runs, and shown in the test's name by `name` only
/// (not the hundreds of thousands of characters it holds).
public struct NamedInput: Sendable {
  public let name: String
  public let make: @Sendable () -> String

  public init(name: String, make: @escaping @Sendable () -> String) {
    self.name = name
    self.make = make
  }
}
