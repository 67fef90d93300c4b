import Foundation
import Locking

/// `ARTFEED_PIXEL_LOG=FILE`: a diagnostic log of where a picture's time goes, one line per
/// step with the milliseconds since the process started: the picture loader's steps (asked,
/// started, bytes read, decoded, fitted, encoded, posted) and the pixel writer's frames.
/// Off (and free: one check of an optional) unless the variable is set.
public enum PixelLog {
  private static let file: Locked<FileHandle?> = Locked(
    path.flatMap {
      _ = FileManager.default.createFile(atPath: $0, contents: nil)
      return FileHandle(forWritingAtPath: $0)
    })
  private static let started = ContinuousClock.now

  /// True when the log is on (callers skip building lines otherwise).
  public static let isOn = path != nil

  /// The variable, read with `getenv`: `ProcessInfo`'s environment builds a dictionary of
  /// every variable to answer for one.
  private static let path = getenv("ARTFEED_PIXEL_LOG").map { String(cString: $0) }

  /// Appends `line`, stamped with the time since start.
  public static func note(_ line: @autoclosure () -> String) {
    guard isOn else { return }
    let elapsed = started.duration(to: .now).components
    let milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
    let text = String(format: "%10.1f ", milliseconds) + line() + "\n"
    file.withLock { $0?.write(Data(text.utf8)) }
  }
}
