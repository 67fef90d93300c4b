import FuzzSupport
import ListEngine

/// Fuzzes `ListViewport` with operation sequences read from the input.
///
/// The first bytes size the list and the screen; every following byte pair is one operation
/// (scroll, jump, select, page, resize, re-measure, append, replace, measure above the
/// anchor). After each operation: `checkInvariants()` (anchor, frame, selection rules and the
/// height caches), then offsets that grow by each row's known height, `row(atOffset:)`
/// inverse to `offset(ofRow:)`, a scrollbar inside its track, and no more rows measured than
/// the frame shows (plus the rows a page move or a placed row's offset crosses, and on a screen of height 0 the anchor
/// and selection rows).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListEngine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  var run = Run(&input)
  var steps = 0
  while !input.isAtEnd, steps < 400 {
    run.step(&input)
    steps += 1
  }
  return 0
}

/// Row heights as a pure function of row, width, kind and a per-row salt.
private func height(row: Int, width: Int, kind: Int, salt: Int) -> Int {
  var bits = UInt64(bitPattern: Int64(row &* 31 &+ width &* 7 &+ salt))
  bits = (bits ^ (bits >> 29)) &* 0x9E37_79B9_7F4A_7C15
  let hash = Int((bits >> 32) % 1000)
  if kind == 1 && width >= 20 { return 6 + hash % 3 }
  return 1 + hash % (width < 20 ? 9 : 4)
}

private struct Run {
  var kinds: [UInt8]
  var salts: [Int]
  var list: ListViewport<ArrayRowKinds>
  /// The last operation, for the crash report.
  var operation = "open"

  init(_ input: inout FuzzInput) {
    let rowCount = input.int(in: 0...300)
    kinds = (0..<rowCount).map { UInt8(($0 &* 2_654_435_761 >> 7) % 4 == 0 ? 1 : 0) }
    salts = Array(repeating: 0, count: rowCount)
    let width = input.int(in: 0...120)
    let height = input.int(in: 0...40)
    let kinds = kinds
    let salts = salts
    list = ListViewport(
      kinds: ArrayRowKinds(kinds, kindCount: 2), width: width, height: height,
      initialEstimate: { kind, _ in kind == 1 ? 5 : 2 }, measure: Self.measure(kinds, salts))
    check(extra: 0)
  }

  static func measure(_ kinds: [UInt8], _ salts: [Int]) -> @Sendable (Int, Int) -> Int {
    { row, width in height(row: row, width: width, kind: Int(kinds[row]), salt: salts[row]) }
  }

  mutating func step(_ input: inout FuzzInput) {
    let code = input.byte() % 16
    let argument = Int(Int8(bitPattern: input.byte()))
    let rows = list.rowCount
    operation = "op \(code) arg \(argument) on \(rows) rows \(list.width)x\(list.height)"
    list.resetStats()
    var extra = 0
    switch code {
    case 0:
      // A scroll, like a page move, measures the rows it crosses to land on an exact line.
      extra = abs(argument)
      list.scroll(byLines: argument)
    case 1: list.scroll(toRow: argument + rows / 2)
    case 2: list.jumpToStart()
    case 3: list.jumpToEnd()
    case 4: list.select(row: argument + rows / 2)
    case 5: list.moveSelection(by: argument % 8)
    case 6:
      extra = max(1, list.height) + 1
      if argument >= 0 { list.pageDown() } else { list.pageUp() }
    case 7:
      extra = max(1, list.height) + 1
      if argument >= 0 { list.halfPageDown() } else { list.halfPageUp() }
    case 8: list.resize(width: abs(argument) % 121, height: input.int(in: 0...40))
    case 9:
      let row = argument + rows / 2
      let line = Int(Int8(bitPattern: input.byte())) % 50
      // Placing a row's top off screen walks (and measures) the rows across those lines.
      extra = abs(line) + 1
      list.resize(
        width: input.int(in: 0...120), height: input.int(in: 0...40), placing: row, atLine: line)
    case 10: changeContent(row: abs(argument) % max(1, rows))
    case 11:
      changeAll()
    case 12: append(count: abs(argument) % 40)
    case 13: replace(count: abs(argument) * 2)
    default:
      measureAboveAnchor(lower: abs(argument))
      return
    }
    check(extra: extra)
  }

  private mutating func changeContent(row: Int) {
    guard row < salts.count else { return }
    salts[row] += 1
    list.measure = Self.measure(kinds, salts)
    list.invalidate(row: row)
  }

  private mutating func changeAll() {
    salts = salts.map { $0 + 1 }
    list.measure = Self.measure(kinds, salts)
    list.invalidateAll()
  }

  private mutating func append(count: Int) {
    let added = (0..<count).map { UInt8($0 % 3 == 0 ? 1 : 0) }
    kinds += added
    salts += Array(repeating: 0, count: count)
    list.appendRows(kinds: added, measure: Self.measure(kinds, salts))
  }

  private mutating func replace(count: Int) {
    kinds = (0..<count).map { UInt8($0 % 5 == 0 ? 1 : 0) }
    salts = Array(repeating: 7, count: count)
    list.replaceRows(
      kinds: ArrayRowKinds(kinds, kindCount: 2), measure: Self.measure(kinds, salts))
  }

  /// Measuring rows above the anchor must not move the screen.
  private mutating func measureAboveAnchor(lower: Int) {
    let anchor = list.anchor
    let frame = list.visibleRows
    let start = min(lower, anchor.row)
    list.measure(rows: start..<anchor.row)
    require(list.anchor == anchor && list.visibleRows == frame, "measuring above moved the view")
    check(extra: anchor.row - start)
  }

  private func check(extra: Int) {
    list.checkInvariants()
    let measured = list.stats.rowsMeasured
    // A screen of height 0 shows no rows but still keeps its anchor and selection measured.
    let kept = list.height == 0 ? 2 : 0
    require(
      measured <= list.visibleRows.count + extra + kept,
      "\(operation): measured \(measured) rows for a frame of \(list.visibleRows.count)")
    checkOffsets()
    let track = list.height
    let bar = list.scrollbar(trackHeight: track)
    require(
      bar.start >= 0 && bar.length >= 0 && bar.start + bar.length <= max(0, track),
      "scrollbar \(bar) outside a track of \(track)")
  }

  /// Offsets start at 0, grow by each row's known height (at least 1), and `row(atOffset:)`
  /// finds each row from any of its lines. Rows near the frame and a spread of others.
  private func checkOffsets() {
    let rows = list.rowCount
    require(list.offset(ofRow: 0) == 0, "row 0 is not at offset 0")
    guard rows > 0 else { return }
    var sample = Set(list.visibleRows.map(\.row))
    for index in stride(from: 0, to: rows, by: max(1, rows / 16)) { sample.insert(index) }
    sample.insert(rows - 1)
    for row in sample {
      let top = list.offset(ofRow: row)
      let next = list.offset(ofRow: row + 1)
      let known = list.heights.knownHeight(ofRow: row)
      require(known >= 1, "row \(row) has height \(known)")
      require(next - top == known, "offsets of row \(row) differ from its height")
      require(list.row(atOffset: top) == row, "row(atOffset:) misses row \(row)'s top")
      require(list.row(atOffset: next - 1) == row, "row(atOffset:) misses row \(row)'s bottom")
    }
    require(list.estimatedTotalHeight == list.offset(ofRow: rows), "total height disagrees")
  }
}

@main
enum Main {
  static func main() { runFuzzer(fuzzListEngine) }
}
