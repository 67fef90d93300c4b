import CZlib
import Locking

/// zlib streams kept for reuse by `ItemCodec`: setting a stream up (deflate's window and hash
/// tables, about a quarter MiB, allocated and cleared) costs more than compressing a block
/// of items, and `compress2` and `uncompress` set one up per call. A stream is taken for one
/// block and given back; at most `kept` idle ones stay, one per thread that codes at once.
final class ZStreams: Sendable {
  static let deflaters = ZStreams(kind: .deflate)
  static let inflaters = ZStreams(kind: .inflate)

  enum Kind { case deflate, inflate }

  /// Idle streams kept: about the number of threads that code blocks at once.
  private static let kept = 4

  private let kind: Kind
  private let idle = Locked<[Stream]>([])

  /// One `z_stream` at a fixed address (zlib keeps a pointer back to it).
  final class Stream: @unchecked Sendable {
    // @unchecked: used by one thread at a time, between `take` and `give back`.
    let pointer = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    let kind: Kind

    init?(kind: Kind) {
      self.kind = kind
      pointer.initialize(to: z_stream())
      let version = zlibVersion()
      let size = Int32(MemoryLayout<z_stream>.size)
      // Raw deflate (negative window bits): no header and no Adler-32 to compute.
      let status =
        switch kind {
        case .deflate:
          deflateInit2_(
            pointer, ItemCodec.level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, version, size)
        case .inflate:
          inflateInit2_(pointer, -15, version, size)
        }
      guard status == Z_OK else {
        pointer.deallocate()
        return nil
      }
    }

    deinit {
      switch kind {
      case .deflate: deflateEnd(pointer)
      case .inflate: inflateEnd(pointer)
      }
      pointer.deallocate()
    }
  }

  private init(kind: Kind) {
    self.kind = kind
  }

  /// Runs `body` with a stream of this kind (reset by `body`), taken from the idle ones or
  /// made; gives it back afterwards.
  func using<Result>(_ body: (UnsafeMutablePointer<z_stream>) -> Result) -> Result {
    let taken = idle.withLock { $0.popLast() }
    // zlib cannot make a stream only without memory: nothing sensible remains.
    guard let stream = taken ?? Stream(kind: kind) else {
      preconditionFailure("zlib could not set up a stream")
    }
    defer {
      idle.withLock { streams in
        if streams.count < Self.kept { streams.append(stream) }
      }
    }
    return body(stream.pointer)
  }
}
