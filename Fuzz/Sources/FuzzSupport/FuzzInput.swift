import CFuzzerDriver

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a fuzzer's bytes as a sequence of choices: small integers first, the rest as data.
///
/// Running out of bytes is not an error: every read then gives zero, so every input, even
/// an empty one, is a complete run.
public struct FuzzInput {
  public let bytes: [UInt8]
  public private(set) var position = 0

  public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    if let data, size > 0 {
      bytes = Array(UnsafeBufferPointer(start: data, count: size))
    } else {
      bytes = []
    }
  }

  public var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A little-endian 16-bit number from the next two bytes.
  public mutating func uint16() -> Int {
    Int(byte()) | Int(byte()) << 8
  }

  /// A number in `range`, from one byte (two when the range is wider than 256).
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = range.upperBound - range.lowerBound + 1
    let raw = span > 256 ? uint16() : Int(byte())
    return range.lowerBound + raw % span
  }

  /// Everything not read yet.
  public mutating func rest() -> [UInt8] {
    defer { position = bytes.count }
    return position < bytes.count ? Array(bytes[position...]) : []
  }
}

/// Stops the run with a message libFuzzer records with the input, when an invariant fails.
public func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() {
    fatalError("invariant violated: \(message())", file: file, line: line)
  }
}

/// Runs libFuzzer with the process's arguments on `test`, then exits with its status.
///
/// SwiftPM gives every executable its own entry point (`<Target>_main`, aliased to `main`),
/// so each fuzzer has an `@main` that calls this instead of relying on libFuzzer's `main`.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
