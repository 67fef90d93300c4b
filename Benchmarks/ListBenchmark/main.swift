import ArtfeedResources
import FeedCore
import Foundation
import ListEngine
import TUI

// ListBenchmark: frame cost of ListViewport (measures only what is on screen) against a naive
// engine that lays out every row, at 1k, 100k, 1M and 10M rows.
//
//     swift run -c release ListBenchmark [--synthetic] [--skip-naive-above N] [--repetitions R]
//
// Rows are the bundled popular feed's items repeated, measured by the app's own row layout
// (`ItemList.rowHeight`: sanitize, truncate, wrap with display widths); `--synthetic` uses
// cheap generated ASCII rows instead.

// MARK: - The rows (swap here for the real row layout)

let synthetic = CommandLine.arguments.contains("--synthetic")

/// The bundled popular feed: the rows' content, repeated to any row count.
let realItems: [FeedItem] = {
  guard !synthetic else { return [] }
  guard let popular = BundledFeeds.popular, let feed = try? FeedParser.parse(contentsOf: popular),
    !feed.items.isEmpty
  else {
    print("ListBenchmark: cannot read the bundled popular feed; use --synthetic")
    exit(1)
  }
  return feed.items
}()

/// The kinds of one period of rows.
let kindPattern: [Int] =
  synthetic ? SyntheticRows.kindPattern : realItems.map { ItemList.rowKind(of: $0) }

/// How a row is measured: its height in lines at a width.
let measureRow: @Sendable (Int, Int) -> Int = {
  if synthetic {
    return { row, width in SyntheticRows.height(row: row, width: width) }
  }
  let items = realItems
  return { row, width in ItemList.rowHeight(of: items[row % items.count], width: width) }
}()
/// The starting height estimate per kind and width.
let estimateKind: @Sendable (Int, Int) -> Int = {
  if synthetic {
    return { kind, width in SyntheticRows.estimate(kind: kind, width: width) }
  }
  return ItemList.initialEstimate
}()

// MARK: - Arguments

func argument(_ name: String, default value: Int) -> Int {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let parsed = Int(arguments[index + 1])
  else { return value }
  return parsed
}

let rowCounts = [1_000, 100_000, 1_000_000, 10_000_000]
let naiveLimit = argument("--skip-naive-above", default: 10_000_000)
let repetitions = argument("--repetitions", default: 15)
let (width, height) = FrameSequence.openSize

// MARK: - Report

func nanoseconds(_ duration: Duration) -> Int64 {
  duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
}

func microseconds(_ nanoseconds: Int64) -> String {
  let value = Double(nanoseconds) / 1_000
  let text = value >= 100_000 ? "\(Int(value / 1_000)) ms" : "\(Double(Int(value * 10)) / 10) us"
  return text.padding(toLength: 12)
}

extension String {
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}

func printSteps(_ label: String, rows: Int, _ steps: [StepResult]) -> Int64 {
  var total: Int64 = 0
  for step in steps {
    total += step.nanoseconds
    let perFrame = step.nanoseconds / Int64(step.frames)
    let measured =
      step.frames == 1
      ? "\(step.rowsMeasured)"
      : "\(step.rowsMeasured / step.frames) avg, \(step.maxRowsMeasuredPerFrame) max"
    print(
      "\(String(rows).padding(toLength: 10))\(label.padding(toLength: 9))"
        + "\(step.name.padding(toLength: 17))\(microseconds(perFrame))"
        + "\(microseconds(step.nanoseconds))\(measured.padding(toLength: 19))"
        + "\(step.maxVisibleRows)")
  }
  print(
    "\(String(rows).padding(toLength: 10))\(label.padding(toLength: 9))"
      + "\("whole sequence".padding(toLength: 29))\(microseconds(total))")
  return total
}

print(
  "ListBenchmark: \(width)x\(height) screen, "
    + (synthetic
      ? "SyntheticRows measure, kinds [basic, basic, image] (periodic),"
      : "the bundled popular feed's \(realItems.count) items repeated, measured by the app's row layout,")
)
print("median of \(repetitions) runs (naive engine: 3 below 1M rows, 1 above)")

/// Opens a viewport over `kinds` at the benchmark's size.
func openList<Kinds: RowKinds>(_ kinds: Kinds) -> ListViewport<Kinds> {
  ListViewport(
    kinds: kinds, width: width, height: height, initialEstimate: estimateKind,
    measure: measureRow)
}

// Warm up (caches, allocator, lazy symbol binding) so the first size is not penalised.
_ = FrameSequence.median(
  repetitions: repetitions,
  open: { openList(PeriodicRowKinds(pattern: kindPattern, rowCount: 1_000)) },
  visibleRows: { $0.visibleRows.count })

// The cost of one measurement, to tell the engine's own cost from the rows'.
let measureClock = ContinuousClock()
var measuredLines = 0
let measureStart = measureClock.now
for row in 0..<20_000 { measuredLines &+= measureRow(row, width) }
let measureCost = nanoseconds(measureClock.now - measureStart) / 20_000
print("one row measurement at \(width) columns: \(measureCost) ns (mean of 20000 rows)")
print("")
print(
  "rows      engine   step             per frame   step total  rows measured/frame visible rows")

var listTotals: [Int: Int64] = [:]
var checksum = measuredLines
for rowCount in rowCounts {
  let kinds = PeriodicRowKinds(pattern: kindPattern, rowCount: rowCount)
  let list = FrameSequence.median(
    repetitions: repetitions, open: { openList(kinds) }, visibleRows: { $0.visibleRows.count })
  listTotals[rowCount] = printSteps("list", rows: rowCount, list.steps)
  checksum &+= list.thumbs

  // The same rows through ArrayRowKinds (binary-search ranks), as a loaded feed would use.
  let clock = ContinuousClock()
  let buildStart = clock.now
  let arrayKinds = ArrayRowKinds(
    (0..<rowCount).map { UInt8(kindPattern[$0 % kindPattern.count]) }, kindCount: 2)
  let buildTime = clock.now - buildStart
  let arrayList = FrameSequence.median(
    repetitions: repetitions, open: { openList(arrayKinds) },
    visibleRows: { $0.visibleRows.count })
  _ = printSteps("list/arr", rows: rowCount, arrayList.steps)
  print(
    "\(String(rowCount).padding(toLength: 10))list/arr ArrayRowKinds built once in \(microseconds(nanoseconds(buildTime)))"
      + " (kinds array + rank index, on feed load)")
  checksum &+= arrayList.thumbs
  guard rowCount <= naiveLimit else {
    print("\(String(rowCount).padding(toLength: 10))naive    skipped (--skip-naive-above)")
    continue
  }
  let naive = FrameSequence.median(
    repetitions: rowCount < 1_000_000 ? 3 : 1,
    open: { NaiveEngine(rowCount: rowCount, width: width, height: height, measure: measureRow) },
    visibleRows: { $0.visibleRows.count })
  _ = printSteps("naive", rows: rowCount, naive.steps)
  checksum &+= naive.thumbs
  let same = naive.digests == list.digests
  print("\(String(rowCount).padding(toLength: 10))frames identical in both engines: \(same)")
}

print("")
if let base = listTotals[1_000] {
  for rowCount in rowCounts.dropFirst() {
    guard let total = listTotals[rowCount] else { continue }
    let ratio = Double(total) / Double(base)
    let verdict = ratio <= 1.5 ? "within" : "NOT within"
    print(
      "list whole sequence at \(rowCount) rows / at 1000 rows: \(Double(Int(ratio * 100)) / 100)"
        + " (\(verdict) the 1.5x target)")
  }
}
print("(thumb checksum \(checksum))")
