import BenchmarkSupport
import CLibXML2
import FeedCore
import Foundation

// Parse throughput of FeedParser against libxml2's own floor, on generated DeviantArt-shaped
// feeds. Run: swift run -c release ParseBenchmark [--items 10000,100000] [--runs 3]
//   [--international 0.02]  (share of words in other scripts or emoji; 0.3 stresses UTF-8)
//
// Each measurement runs in a child process of this executable (`--child floor|parse PATH`), so
// the peak RSS it reports (VmHWM) is that measurement's alone. Both read the same temp file
// in 64 KiB chunks. Two floors: libxml2's SAX2 push parser with no callbacks at all (what
// libxml2 costs by itself), and with empty handlers for the events FeedParser listens to
// (elements, text, CDATA: issue 2's "empty-handler pass"). FeedParser builds the full model
// with plain text. The ratio is printed against both floors.

let arguments = CommandLine.arguments

if arguments.count >= 4, arguments[1] == "--child" {
  runChild(mode: arguments[2], path: arguments[3])
  exit(0)
}

var itemCounts = [10_000, 100_000]
var runs = 3
var internationalShare = 0.02
var index = 1
while index < arguments.count {
  if arguments[index] == "--items", index + 1 < arguments.count {
    itemCounts = arguments[index + 1].split(separator: ",").compactMap { Int($0) }
    index += 1
  } else if arguments[index] == "--international", index + 1 < arguments.count {
    internationalShare = Double(arguments[index + 1]) ?? internationalShare
    index += 1
  } else if arguments[index] == "--runs", index + 1 < arguments.count {
    runs = max(1, Int(arguments[index + 1]) ?? runs)
    index += 1
  }
  index += 1
}

print("ParseBenchmark: \(runs) runs per measurement, each in its own process")
for count in itemCounts {
  var generator = FeedGenerator(seed: 42, internationalShare: internationalShare)
  let document = generator.document(items: count)
  let nonASCII = document.reduce(0) { $0 + ($1 >= 0x80 ? 1 : 0) }
  let path = NSTemporaryDirectory() + "artfeed-parsebench-\(count).rss"
  _ = FileManager.default.createFile(atPath: path, contents: Data(document))
  defer {
    if ProcessInfo.processInfo.environment["KEEP_BENCH_FILE"] == nil {
      try? FileManager.default.removeItem(atPath: path)
    }
  }
  let megabytes = Double(document.count) / 1_000_000
  print(
    String(
      format: "\n%d items, %.1f MB, %.1f%% of the bytes non-ASCII (words in another"
        + " script or emoji: %.0f%%)", count, megabytes,
      100 * Double(nonASCII) / Double(document.count),
      100 * internationalShare))

  // Alternate the two so that load from other processes hits both alike.
  var floorRuns: [Measurement] = []
  var emptyRuns: [Measurement] = []
  var parseRuns: [Measurement] = []
  for _ in 0..<runs {
    floorRuns.append(child("floor", path))
    emptyRuns.append(child("empty", path))
    parseRuns.append(child("parse", path))
  }
  let floor = Summary(floorRuns)
  let empty = Summary(emptyRuns)
  let parse = Summary(parseRuns)
  print("  MB/s, best and (median) of \(runs); wall-clock time, then CPU time")
  print(floor.line("floor (libxml2 SAX2 push, no callbacks)", megabytes: megabytes))
  print(empty.line("floor (libxml2 SAX2, empty handlers)   ", megabytes: megabytes))
  print(parse.line("FeedParser (full models, plain text)   ", megabytes: megabytes))
  for (name, base) in [("no callbacks", floor), ("empty handlers", empty)] {
    print(
      String(
        format: "  ratio FeedParser/floor (%@): wall %.0f%% (median %.0f%%), CPU %.0f%% (median %.0f%%)",
        name, 100 * base.bestSeconds / parse.bestSeconds,
        100 * base.medianSeconds / parse.medianSeconds, 100 * base.bestCPU / parse.bestCPU,
        100 * base.medianCPU / parse.medianCPU))
  }
  let last = parseRuns[parseRuns.count - 1]
  let plainMiB = Double(last.plainTextBytes) / 1_048_576
  print(
    String(
      format: "  items parsed: %d, plain-text size of the model: %.1f MiB", last.items, plainMiB))
  print(
    String(
      format: "  peak RSS / plain-text size: %.2fx (FeedParser process, largest of the runs)",
      parse.peakMiB / plainMiB))
}

// MARK: - Measurements

struct Measurement {
  var seconds: Double
  var cpuSeconds = Double.nan
  var peakMiB: Double
  var items = 0
  var plainTextBytes = 0
}

/// Best and median of several measurements of one kind.
struct Summary {
  var bestSeconds: Double
  var medianSeconds: Double
  var bestCPU: Double
  var medianCPU: Double
  /// The largest peak RSS of the runs.
  var peakMiB: Double

  init(_ runs: [Measurement]) {
    let wall = runs.map(\.seconds).sorted()
    let cpu = runs.map(\.cpuSeconds).sorted()
    bestSeconds = wall[0]
    medianSeconds = Summary.median(wall)
    bestCPU = cpu[0]
    medianCPU = Summary.median(cpu)
    peakMiB = runs.map(\.peakMiB).max() ?? .nan
  }

  static func median(_ sorted: [Double]) -> Double {
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// One line of figures: MB/s by wall and CPU time, best and median, and the peak RSS.
  func line(_ label: String, megabytes: Double) -> String {
    String(
      format: "  %@: wall %6.1f (%6.1f)  CPU %6.1f (%6.1f)  peak RSS %6.1f MiB", label,
      megabytes / bestSeconds, megabytes / medianSeconds, megabytes / bestCPU,
      megabytes / medianCPU, peakMiB)
  }
}

/// Runs this executable as `--child MODE PATH` and reads back its `key=value` report.
func child(_ mode: String, _ path: String) -> Measurement {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  process.arguments = ["--child", mode, path]
  let pipe = Pipe()
  process.standardOutput = pipe
  do {
    try process.run()
  } catch {
    fatalError("cannot start the child process: \(error)")
  }
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  var values: [String: Double] = [:]
  for field in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
    let parts = field.split(separator: "=")
    if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
  }
  return Measurement(
    seconds: values["seconds"] ?? .nan, cpuSeconds: values["cpu_seconds"] ?? .nan,
    peakMiB: (values["vmhwm_kib"] ?? .nan) / 1024,
    items: Int(values["items"] ?? 0), plainTextBytes: Int(values["plain_bytes"] ?? 0))
}

/// The child: one measurement, then `seconds=... cpu_seconds=... vmhwm_kib=... [items=...
/// plain_bytes=...]`. The times cover reading and parsing only (not freeing the model or
/// counting its bytes): wall-clock time, and the process's CPU time over the same span, which
/// is steadier on a shared machine.
func runChild(mode: String, path: String) {
  let start = DispatchTime.now().uptimeNanoseconds
  let cpuStart = processCPUSeconds()
  if mode == "floor" || mode == "empty" {
    floorPass(path: path, emptyHandlers: mode == "empty")
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let cpu = processCPUSeconds() - cpuStart
    print("seconds=\(seconds) cpu_seconds=\(cpu) vmhwm_kib=\(peakResidentKiB())")
    return
  }
  do {
    let feed = try FeedParser.parse(contentsOf: URL(fileURLWithPath: path))
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let cpu = processCPUSeconds() - cpuStart
    let peak = peakResidentKiB()
    print(
      "seconds=\(seconds) cpu_seconds=\(cpu) vmhwm_kib=\(peak) items=\(feed.items.count)"
        + " plain_bytes=\(plainTextBytes(feed))")
    // Leave without tearing the model down, so a profile of this child shows the parse alone.
    fflush(nil)
    _exit(0)
  } catch {
    print("error=\(error)")
  }
}

/// CPU time used by this process so far (user and system), in seconds.
func processCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// libxml2 alone: a SAX2 push parse of the file with every callback left out, or with
/// handlers that do nothing for the events FeedParser uses.
func floorPass(path: String, emptyHandlers: Bool) {
  guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
  defer { fclose(file) }
  xmlInitParser()
  var handler = xmlSAXHandler()
  handler.initialized = UInt32(XML_SAX2_MAGIC)
  if emptyHandlers {
    handler.startElementNs = { _, _, _, _, _, _, _, _, _ in }
    handler.endElementNs = { _, _, _, _ in }
    handler.characters = { _, _, _ in }
    handler.cdataBlock = { _, _, _ in }
  }
  let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil)
  xmlCtxtUseOptions(context, Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue))
  var buffer = [CChar](repeating: 0, count: 64 * 1024)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count == 0 { break }
    xmlParseChunk(context, buffer, Int32(count), 0)
  }
  xmlParseChunk(context, nil, 0, 1)
  xmlFreeParserCtxt(context)
}

/// Bytes of UTF-8 in every string of the model: what "the feed's plain-text size" means here.
func plainTextBytes(_ feed: Feed) -> Int {
  func size(_ text: String?) -> Int { text?.utf8.count ?? 0 }
  var total = size(feed.title) + size(feed.link) + size(feed.description)
  for item in feed.items {
    total += size(item.title) + size(item.link) + size(item.guid) + size(item.author)
    total += size(item.summary) + size(item.mediaTitle) + size(item.mediaDescription)
    total += size(item.mediaText) + size(item.rating) + size(item.copyright)
    total += item.categories.reduce(0) { $0 + size($1) }
    total += item.mediaKeywords.reduce(0) { $0 + size($1) }
    total += item.credits.reduce(0) { $0 + size($1.role) + size($1.scheme) + size($1.name) }
    total += item.thumbnails.reduce(0) { $0 + size($1.url) }
    total += item.contents.reduce(0) { $0 + size($1.url) + size($1.medium) + size($1.type) }
  }
  return total
}

/// Peak resident set size of this process, from `/proc/self/status`.
func peakResidentKiB() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return -1
  }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
  }
  return -1
}
