/// A terminal the app can draw on and read from.
///
/// The curses backend is the real one; tests use a scripted screen. One run loop owns it.
public protocol Screen: AnyObject {
  /// Columns and lines, as the terminal reports them now.
  var size: (width: Int, height: Int) { get }
  /// Shows a frame.
  func draw(_ buffer: ScreenBuffer)
  /// The next input event, or nil when none arrived within the timeout.
  func nextEvent(timeoutMilliseconds: Int) -> Event?
}
