// Wrap throughput: LineWrapper.wrap at width 80 over a large mixed-script text, beside
// `fold -s -w 80` on the same file in the same run. Run with:
//   swift run -c release LayoutBenchmark [megabytes]
// or, as a filter beside `fold -s -w WIDTH FILE` (FoldMode.swift):
//   swift run -c release LayoutBenchmark --fold WIDTH FILE
import Foundation
import TextLayout

if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--fold",
  let width = Int(CommandLine.arguments[2])
{
  exit(FoldMode.run(width: width, path: CommandLine.arguments[3]))
}

let tableStart = DispatchTime.now().uptimeNanoseconds
let firstWidth = DisplayWidth.of("中" as Unicode.Scalar)
let tableMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - tableStart) / 1e6
print(
  "width table built on first use in \(String(format: "%.2f", tableMilliseconds)) ms"
    + " (width of 中: \(firstWidth))")

let megabytes = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 24
let repetitions = 5
let wrapWidth = 80

let text = BenchmarkText.make(bytes: megabytes * 1_000_000, seed: 0x5EED)
let byteCount = text.utf8.count
let path = FileManager.default.temporaryDirectory
  .appendingPathComponent("artfeed-layout-benchmark-\(getpid()).txt").path
do {
  try text.write(toFile: path, atomically: true, encoding: .utf8)
} catch {
  print("cannot write \(path): \(error)")
  exit(1)
}
defer { try? FileManager.default.removeItem(atPath: path) }

let asciiBytes = text.utf8.reduce(0) { $0 + ($1 < 0x80 ? 1 : 0) }
print(
  "input: \(byteCount) bytes (\(String(format: "%.1f", Double(byteCount) / 1e6)) MB,"
    + " \(Int(Double(asciiBytes) / Double(byteCount) * 100))% ASCII bytes,"
    + " \(text.count) grapheme clusters), \(path)")

// MARK: - LineWrapper

guard let fileText = try? String(contentsOfFile: path, encoding: .utf8), fileText == text else {
  print("the file did not read back as the generated text")
  exit(1)
}
/// Best wall-clock seconds of `repetitions` runs of `body`.
func bestSeconds(_ body: () -> Void) -> Double {
  var best = Double.infinity
  for _ in 0..<repetitions {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  return best
}

var lines: [WrappedLine] = []
let bestWrap = bestSeconds { lines = LineWrapper.wrap(fileText, width: wrapWidth) }
let wrapRate = Double(byteCount) / 1e6 / bestWrap
var counted = 0
let bestCount = bestSeconds { counted = LineWrapper.lineCount(fileText, width: wrapWidth) }

// MARK: - Checks: widths are what DisplayWidth says, within 80, and no content width is lost

/// Spaces in a string (each is 1 cell wide).
func spaceCount(_ text: String) -> Int {
  var count = 0
  for byte in text.utf8 where byte == 0x20 { count += 1 }
  return count
}

var widestLine = 0
var mismatches = 0
var outputInkWidth = 0
for line in lines {
  widestLine = max(widestLine, line.width)
  if DisplayWidth.of(line.text) != line.width { mismatches += 1 }
  outputInkWidth += line.width - spaceCount(line.text)
}
let inputInkWidth = DisplayWidth.of(fileText) - spaceCount(fileText)
let checksPass =
  mismatches == 0 && widestLine <= wrapWidth && inputInkWidth == outputInkWidth
  && counted == lines.count
print(
  "LineWrapper.wrap width \(wrapWidth): best \(String(format: "%.1f", bestWrap * 1000)) ms of"
    + " \(repetitions), \(String(format: "%.1f", wrapRate)) MB/s, \(lines.count) lines")
print(
  "LineWrapper.lineCount (no strings built): best \(String(format: "%.1f", bestCount * 1000)) ms,"
    + " \(String(format: "%.1f", Double(byteCount) / 1e6 / bestCount)) MB/s, \(counted) lines")
print(
  "  checks: widest line \(widestLine), width mismatches \(mismatches), non-space width in"
    + " \(inputInkWidth) / out \(outputInkWidth), lineCount == wrap().count:"
    + " \(checksPass ? "OK" : "FAILED")")

// MARK: - fold -s -w 80 on the same file

func runFold() -> Double? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/fold")
  process.arguments = ["-s", "-w", String(wrapWidth), path]
  process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
  let start = DispatchTime.now().uptimeNanoseconds
  do { try process.run() } catch { return nil }
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let foldSeconds = (0..<repetitions).compactMap { _ in runFold() }
if let bestFold = foldSeconds.min() {
  let foldRate = Double(byteCount) / 1e6 / bestFold
  print(
    "fold -s -w \(wrapWidth) (whole process): best \(String(format: "%.1f", bestFold * 1000)) ms"
      + " of \(foldSeconds.count), \(String(format: "%.1f", foldRate)) MB/s")
  print("ratio wrap/fold: \(String(format: "%.2f", wrapRate / foldRate)) (target >= 0.50)")
} else {
  print("fold did not run")
}
if !checksPass { exit(1) }
