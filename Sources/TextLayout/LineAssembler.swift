/// Collects the output lines of one `LineWrapper.wrap` call.
///
/// The line being built is kept as a byte range of the source while it is an exact copy of
/// it (words separated by the very spaces the source had), which is nearly always; a tab
/// expansion or a placeholder switches it to an owned byte buffer.
/// Either way a line becomes a `String` only once, when it is finished.
struct LineAssembler {
  let source: UnsafeBufferPointer<UInt8>
  /// When true, lines are only counted (`lineCount`), never turned into strings.
  let countsOnly: Bool
  private(set) var lines: [WrappedLine] = []
  private(set) var lineCount = 0

  /// Display width of the line so far.
  private(set) var width = 0
  /// Whether anything (even a zero-width cluster) has been put on the line.
  private(set) var hasContent = false

  private var rangeStart = 0
  private var rangeEnd = 0
  private var isContiguous = true
  private var buffer: [UInt8] = []

  init(source: UnsafeBufferPointer<UInt8>, countsOnly: Bool = false) {
    self.source = source
    self.countsOnly = countsOnly
  }

  /// Appends `source[start..<end]` (`width` cells), preceded by `spaces` spaces.
  ///
  /// `spacesAreVerbatim` says the spaces are literally the source bytes just before `start`
  /// (no tab was expanded since the previous word).
  @inline(__always)
  mutating func append(
    start: Int, end: Int, width: Int, spaces: Int, spacesAreVerbatim: Bool
  ) {
    if !isContiguous {
      appendToBuffer(start: start, end: end, spaces: spaces)
    } else if !hasContent && (spaces == 0 || spacesAreVerbatim && spaces <= start) {
      rangeStart = start - spaces
      rangeEnd = end
    } else if hasContent && (spaces == 0 || spacesAreVerbatim) && rangeEnd + spaces == start {
      rangeEnd = end
    } else {
      switchToBuffer()
      appendToBuffer(start: start, end: end, spaces: spaces)
    }
    self.width &+= spaces &+ width
    hasContent = true
  }

  /// Appends bytes that are not in the source (the placeholder), `width` cells wide.
  mutating func append(foreign bytes: [UInt8], width: Int) {
    if isContiguous { switchToBuffer() }
    buffer.append(contentsOf: bytes)
    self.width &+= width
    hasContent = true
  }

  /// Finishes the current line (possibly empty) and starts a new one.
  mutating func finishLine() {
    lineCount += 1
    if !countsOnly {
      lines.append(WrappedLine(text: currentText(), width: width))
    }
    isContiguous = true
    rangeStart = 0
    rangeEnd = 0
    width = 0
    hasContent = false
  }

  private func currentText() -> String {
    if isContiguous {
      return String(
        decoding: UnsafeBufferPointer(rebasing: source[rangeStart..<rangeEnd]), as: UTF8.self)
    }
    return String(decoding: buffer, as: UTF8.self)
  }

  private mutating func switchToBuffer() {
    buffer.removeAll(keepingCapacity: true)
    if hasContent {
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: source[rangeStart..<rangeEnd]))
    }
    isContiguous = false
  }

  private mutating func appendToBuffer(start: Int, end: Int, spaces: Int) {
    if spaces > 0 {
      buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
    }
    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<end]))
  }
}
