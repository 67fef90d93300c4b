import Foundation
import Testing

/// Compares a whole screen with its recorded text, `Snapshots/NAME.txt` in the calling test
/// target (found from the caller's `#filePath`).
///
/// The file is written when it is missing, or for every snapshot when `RECORD_SNAPSHOTS=1`
/// (the test then fails, so that a recording is looked at before it is committed). A mismatch
/// fails with a line diff. Trailing spaces are the screen's business: compare trimmed lines.
public func assertSnapshot(
  _ lines: [String], named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = Snapshots.folder(from: filePath).appendingPathComponent(name + ".txt")
  let actual = lines.joined(separator: "\n") + "\n"
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !record, let recorded = try? String(contentsOf: url, encoding: .utf8) else {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record(
        "recorded \(url.path): look at it, then run again", sourceLocation: sourceLocation)
    } catch {
      Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  if recorded != actual {
    var expected = recorded.components(separatedBy: "\n")
    if expected.last == "" { expected.removeLast() }
    let difference = Snapshots.difference(expected: expected, actual: lines)
    Issue.record(
      "screen differs from \(url.lastPathComponent) (RECORD_SNAPSHOTS=1 records it anew):\n\(difference)",
      sourceLocation: sourceLocation)
  }
}

/// Where snapshots live and how two screens differ.
public enum Snapshots {
  /// `Tests/TARGET/Snapshots` for a file anywhere under `Tests/TARGET/`.
  public static func folder(from filePath: String) -> URL {
    var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while url.deletingLastPathComponent().lastPathComponent != "Tests", url.path != "/" {
      url = url.deletingLastPathComponent()
    }
    return url.appendingPathComponent("Snapshots")
  }

  /// The lines that differ, numbered from 1: `-` recorded, `+` now.
  public static func difference(expected: [String], actual: [String]) -> String {
    var out: [String] = []
    for index in 0..<max(expected.count, actual.count) {
      let old = index < expected.count ? expected[index] : nil
      let new = index < actual.count ? actual[index] : nil
      guard old != new else { continue }
      if let old { out.append(String(format: "%3d - ", index + 1) + old) }
      if let new { out.append(String(format: "%3d + ", index + 1) + new) }
    }
    return out.joined(separator: "\n")
  }
}
