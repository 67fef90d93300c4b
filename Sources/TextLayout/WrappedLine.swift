/// One output line of `LineWrapper.wrap`: text ready to draw and its display width.
///
/// Invariants: `width == DisplayWidth.of(text)`, `width` is at most the wrap width, `text`
/// has no trailing space and contains no newline or tab.
public struct WrappedLine: Sendable, Equatable {
  public var text: String
  /// Display width of `text` in cells.
  public var width: Int

  public init(text: String, width: Int) {
    self.text = text
    self.width = width
  }
}
