import Foundation
import TextLayout

/// `LayoutBenchmark --fold WIDTH FILE`: LineWrapper as a filter, like `fold -s -w WIDTH FILE`,
/// so a script can time both as whole processes on the same file (Scripts/peers.py).
///
/// Reads FILE as UTF-8 (invalid bytes become U+FFFD), wraps it at WIDTH display cells and
/// writes each line followed by "\n" to standard output. `fold` counts bytes and keeps the
/// space at each break; this counts cells and drops it, so the outputs agree only on ASCII text
/// once trailing spaces are stripped.
enum FoldMode {
  /// Wraps the file and writes the lines; returns the process exit status.
  static func run(width: Int, path: String) -> Int32 {
    guard let data = FileManager.default.contents(atPath: path) else {
      FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
      return 1
    }
    let lines = LineWrapper.wrap(String(decoding: data, as: UTF8.self), width: width)
    var out: [UInt8] = []
    out.reserveCapacity(data.count + lines.count)
    for line in lines {
      out += line.text.utf8
      out.append(0x0A)
      if out.count > 1 << 20 { flush(&out) }
    }
    flush(&out)
    return 0
  }

  private static func flush(_ bytes: inout [UInt8]) {
    FileHandle.standardOutput.write(Data(bytes))
    bytes.removeAll(keepingCapacity: true)
  }
}
