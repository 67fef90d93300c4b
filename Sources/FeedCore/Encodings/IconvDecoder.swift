#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A streaming conversion to UTF-8 through iconv that never stops on bad input.
///
/// libxml2 hands declared encodings to iconv too, but stops the whole parse at the first byte
/// iconv rejects. Here a rejected byte becomes U+FFFD and decoding goes on; a character cut by
/// a chunk boundary waits for the next chunk. A class because it owns the iconv descriptor.
final class IconvDecoder {
  private let descriptor: iconv_t
  private var pending: [UInt8] = []
  private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
  /// How many bytes iconv rejected (each became U+FFFD).
  private(set) var rejectedBytes = 0

  /// A decoder from `encoding` (an iconv name), or `nil` when iconv does not know it.
  init?(encoding: String) {
    let descriptor = iconv_open("UTF-8", encoding)
    guard let descriptor, descriptor != iconv_t(bitPattern: -1) else { return nil }
    self.descriptor = descriptor
  }

  deinit {
    iconv_close(descriptor)
  }

  /// Converts `input` and appends the UTF-8 to `out`.
  func decode(_ input: UnsafeBufferPointer<UInt8>, final: Bool, into out: inout [UInt8]) {
    if pending.isEmpty {
      convert(input, final: final, into: &out)
    } else {
      let joined = pending + input
      pending.removeAll()
      joined.withUnsafeBufferPointer { convert($0, final: final, into: &out) }
    }
    if final { flushShiftState(into: &out) }
  }

  private func convert(_ input: UnsafeBufferPointer<UInt8>, final: Bool, into out: inout [UInt8]) {
    guard let base = input.baseAddress else { return }
    var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base)
      .assumingMemoryBound(to: CChar.self)
    var inLeft = input.count
    while inLeft > 0 {
      let result = scratch.withUnsafeMutableBufferPointer { buffer -> (Int, Int32) in
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(buffer.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var outLeft = buffer.count
        let status = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
        return (buffer.count - outLeft, status == -1 ? errno : 0)
      }
      out.append(contentsOf: scratch[0..<result.0])
      switch result.1 {
      case 0, E2BIG:
        continue
      case EINVAL where !final:
        // An incomplete character at the end: keep it for the next chunk.
        if let inPointer {
          let start = UnsafeRawPointer(inPointer).assumingMemoryBound(to: UInt8.self)
          pending = Array(UnsafeBufferPointer(start: start, count: inLeft))
        }
        return
      default:
        // EILSEQ (or EINVAL at the very end): one byte becomes U+FFFD, then carry on.
        out.append(contentsOf: UTF8Bytes.replacement)
        rejectedBytes += 1
        inPointer = inPointer.map { $0 + 1 }
        inLeft -= 1
      }
    }
  }

  private func flushShiftState(into out: inout [UInt8]) {
    let written = scratch.withUnsafeMutableBufferPointer { buffer -> Int in
      var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(buffer.baseAddress)?
        .assumingMemoryBound(to: CChar.self)
      var outLeft = buffer.count
      _ = iconv(descriptor, nil, nil, &outPointer, &outLeft)
      return buffer.count - outLeft
    }
    out.append(contentsOf: scratch[0..<written])
  }
}
