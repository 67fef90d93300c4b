import Foundation

/// How much longer than usual the tests may wait: `ARTFEED_TIME_SCALE` (a number, default 1).
///
/// Under a sanitizer everything runs 2-15x slower, and a deadline that bounds a wait for
/// something to happen (a screen to show a text, loading to settle, a loopback answer) fails
/// for no fault of the code. Scripts/sanitizers.sh sets it. Timeouts whose firing a test checks
/// (a stalled request must fail within its deadline) are not scaled.
public enum TimeScale {
  /// The factor: at least 1, whatever the variable says.
  public static let factor: Double = {
    let text = ProcessInfo.processInfo.environment["ARTFEED_TIME_SCALE"] ?? ""
    return max(1, Double(text) ?? 1)
  }()

  /// `seconds` stretched by the factor.
  public static func seconds(_ seconds: Double) -> Double { seconds * factor }
}
