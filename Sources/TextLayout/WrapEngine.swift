/// The single pass behind `LineWrapper.wrap`: splits the UTF-8 bytes into clusters, groups
/// clusters into words (runs with no break opportunity inside) and places words greedily.
///
/// ASCII is handled a byte at a time without the grapheme scanner (between two ASCII bytes
/// there is always a cluster boundary); the scanner is used from the first non-ASCII byte on,
/// and for the ASCII byte just before one (it may take a combining mark).
struct WrapEngine {
  private static let placeholderBytes = Array(String(LineWrapper.placeholder).utf8)

  let bytes: UnsafeBufferPointer<UInt8>
  let width: Int
  let scanner: GraphemeScanner
  var output: LineAssembler

  /// Columns of whitespace seen since the last word, placed only if another word follows on
  /// the same line.
  private var pendingSpaces = 0
  /// Whether the pending spaces are plain source spaces (no tab was expanded).
  private var pendingIsVerbatim = true

  /// The word being collected: `bytes[wordStart..<wordEnd]`, `wordWidth` cells.
  private var wordStart = 0
  private var wordEnd = 0
  private var wordWidth = 0
  /// Break class of the word's last cluster.
  private var lastClass = BreakClass()

  init(bytes: UnsafeBufferPointer<UInt8>, width: Int, table: WidthTable, countsOnly: Bool) {
    self.bytes = bytes
    self.width = width
    self.scanner = GraphemeScanner(bytes: bytes, table: table)
    self.output = LineAssembler(source: bytes, countsOnly: countsOnly)
  }

  mutating func run() {
    let count = bytes.count
    var index = 0
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 && (index + 1 == count || bytes[index + 1] < 0x80) {
        if byte <= 0x20 && handleWhitespace(byte) {
          index += 1
          continue
        }
        let end = asciiRunEnd(from: index)
        add(
          start: index, end: end, width: byte == 0x7F || byte < 0x20 ? 0 : end - index,
          first: BreakClass.ascii(byte), last: BreakClass.ascii(bytes[end - 1]))
        index = end
      } else {
        let cluster = scanner.cluster(from: index, limit: count)
        if cluster.end == index + 1 && byte <= 0x20 && handleWhitespace(byte) {
          index += 1
          continue
        }
        let breakClass =
          byte < 0x80
          ? BreakClass.ascii(byte) : BreakClass.cluster(first: cluster.first, width: cluster.width)
        add(
          start: index, end: cluster.end, width: cluster.width, first: breakClass,
          last: breakClass)
        index = cluster.end
      }
    }
    flushWord()
    output.finishLine()
  }

  /// The end of the run of one-byte clusters of printable, non-space ASCII that starts with the
  /// one-byte cluster at `start`. There is no break opportunity inside such a run, so it joins
  /// the current word as a whole. A control character is a run of its own.
  @inline(__always)
  private func asciiRunEnd(from start: Int) -> Int {
    let count = bytes.count
    guard bytes[start] &- 0x21 < 0x5E else { return start + 1 }
    var end = start + 1
    while end < count && bytes[end] &- 0x21 < 0x5E && (end + 1 == count || bytes[end + 1] < 0x80) {
      end += 1
    }
    return end
  }

  /// Handles a space, tab or newline cluster; returns false for any other byte.
  @inline(__always)
  private mutating func handleWhitespace(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "):
      flushWord()
      pendingSpaces += 1
    case UInt8(ascii: "\t"):
      flushWord()
      let column = output.width + pendingSpaces
      pendingSpaces += LineWrapper.tabStop - column % LineWrapper.tabStop
      pendingIsVerbatim = false
    case UInt8(ascii: "\n"):
      flushWord()
      output.finishLine()
      resetPending()
    default:
      return false
    }
    return true
  }

  /// Adds non-space clusters with no break opportunity between them (one cluster, or a run of
  /// ASCII) to the current word, first ending the word if there is a break opportunity before
  /// them. `first` and `last` are the classes of the first and last cluster.
  @inline(__always)
  private mutating func add(
    start: Int, end: Int, width: Int, first: BreakClass, last: BreakClass
  ) {
    if wordEnd > wordStart {
      if BreakClass.allowsBreak(between: lastClass, and: first) {
        flushWord()
        wordStart = start
      }
    } else {
      wordStart = start
    }
    wordEnd = end
    wordWidth &+= width
    lastClass = last
  }

  /// Places the collected word, if any, greedily.
  private mutating func flushWord() {
    guard wordEnd > wordStart else { return }
    defer {
      wordStart = wordEnd
      wordWidth = 0
      resetPending()
    }
    if output.width + pendingSpaces + wordWidth <= width {
      output.append(
        start: wordStart, end: wordEnd, width: wordWidth, spaces: pendingSpaces,
        spacesAreVerbatim: pendingIsVerbatim)
      return
    }
    if output.hasContent { output.finishLine() }
    if wordWidth <= width {
      output.append(
        start: wordStart, end: wordEnd, width: wordWidth, spaces: 0, spacesAreVerbatim: true)
    } else {
      placeLongWord()
    }
  }

  /// Places a word wider than the line cluster by cluster, on a line that starts empty.
  private mutating func placeLongWord() {
    var index = wordStart
    while index < wordEnd {
      let cluster = scanner.cluster(from: index, limit: wordEnd)
      if cluster.width > width {
        if output.width + 1 > width { output.finishLine() }
        output.append(foreign: Self.placeholderBytes, width: 1)
      } else {
        if output.width + cluster.width > width { output.finishLine() }
        output.append(
          start: index, end: cluster.end, width: cluster.width, spaces: 0,
          spacesAreVerbatim: true)
      }
      index = cluster.end
    }
  }

  private mutating func resetPending() {
    pendingSpaces = 0
    pendingIsVerbatim = true
  }
}
