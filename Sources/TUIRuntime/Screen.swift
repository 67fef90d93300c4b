import TUI
/// A terminal the app can draw on and read from.
///
/// The curses backend is the real one; tests use a scripted screen. One run loop owns it.
public protocol Screen: AnyObject {
  /// Columns and lines, as the terminal reports them now.
  var size: (width: Int, height: Int) { get }
  /// Shows a frame.
  func draw(_ buffer: ScreenBuffer)
  /// Sleeps until input arrives, `wake` is signalled, or `timeoutMilliseconds` pass (nil: no
  /// limit), and returns the input event if there was one. Never polls on a timer of its own.
  func nextEvent(wake: WakeSignal, timeoutMilliseconds: Int?) -> Event?
}
