import ListEngine

/// What the benchmark asks of a list engine each frame.
protocol FrameEngine {
  mutating func pageDown()
  mutating func jumpToEnd()
  mutating func resize(width: Int, height: Int)
  /// The front end's per-frame reads: the visible rows and the scrollbar thumb.
  mutating func drawFrame() -> (frame: Int, thumb: Int)
  /// Rows measured since the engine opened.
  var rowsMeasured: Int { get }
}

extension ListViewport: FrameEngine {
  var rowsMeasured: Int { stats.rowsMeasured }

  mutating func drawFrame() -> (frame: Int, thumb: Int) {
    let thumb = scrollbar(trackHeight: height)
    return (FrameDigest.of(visibleRows.map { ($0.row, $0.y, $0.height) }), thumb.start)
  }
}

extension NaiveEngine: FrameEngine {
  mutating func drawFrame() -> (frame: Int, thumb: Int) {
    (FrameDigest.of(visibleRows), scrollbar(trackHeight: height).start)
  }
}

/// A hash of a frame, to check that two engines drew the same rows at the same lines.
enum FrameDigest {
  static func of(_ rows: [(row: Int, y: Int, height: Int)]) -> Int {
    rows.reduce(17) { ($0 &* 1_000_003) ^ ($1.row &* 31 &+ $1.y &* 7 &+ $1.height) }
  }
}

/// One step of the sequence: its frames' total time and measurements.
struct StepResult {
  let name: String
  var frames = 0
  var nanoseconds: Int64 = 0
  var rowsMeasured = 0
  var maxRowsMeasuredPerFrame = 0
  var maxVisibleRows = 0
}

/// The frame sequence of issue 3: open at 80x24, page down x100, jump to end, resize to 50,
/// resize to 120, each followed by drawing the frame.
enum FrameSequence {
  static let openSize = (width: 80, height: 24)
  static let pageDowns = 100

  /// Runs the sequence once; returns per-step results and every frame's digest.
  static func run<Engine: FrameEngine>(
    open: () -> Engine, visibleRows: (Engine) -> Int
  ) -> (steps: [StepResult], digests: [Int], thumbs: Int) {
    let clock = ContinuousClock()
    var steps: [StepResult] = []
    var digests: [Int] = []
    var thumbs = 0
    let start = clock.now
    var engine = open()
    let opened = engine.drawFrame()
    var step = StepResult(name: "open")
    record(
      &step, frames: 1, since: start, measured: engine.rowsMeasured, visible: visibleRows(engine))
    steps.append(step)
    digests.append(opened.frame)
    thumbs &+= opened.thumb

    let moves: [(String, Int, (inout Engine) -> Void)] = [
      ("page down x\(pageDowns)", pageDowns, { $0.pageDown() }),
      ("jump to end", 1, { $0.jumpToEnd() }),
      ("resize 80->50", 1, { $0.resize(width: 50, height: openSize.height) }),
      ("resize 50->120", 1, { $0.resize(width: 120, height: openSize.height) }),
    ]
    for (name, frames, move) in moves {
      var step = StepResult(name: name)
      for _ in 0..<frames {
        let before = engine.rowsMeasured
        let frameStart = clock.now
        move(&engine)
        let drawn = engine.drawFrame()
        record(
          &step, frames: 1, since: frameStart, measured: engine.rowsMeasured - before,
          visible: visibleRows(engine))
        digests.append(drawn.frame)
        thumbs &+= drawn.thumb
      }
      steps.append(step)
    }
    return (steps, digests, thumbs)
  }

  private static func record(
    _ step: inout StepResult, frames: Int, since start: ContinuousClock.Instant, measured: Int,
    visible: Int
  ) {
    let elapsed = ContinuousClock.now - start
    step.frames += frames
    step.nanoseconds +=
      elapsed.components.seconds * 1_000_000_000
      + elapsed.components.attoseconds / 1_000_000_000
    step.rowsMeasured += measured
    step.maxRowsMeasuredPerFrame = max(step.maxRowsMeasuredPerFrame, measured)
    step.maxVisibleRows = max(step.maxVisibleRows, visible)
  }

  /// Runs the sequence `repetitions` times and keeps each step's median time.
  static func median<Engine: FrameEngine>(
    repetitions: Int, open: () -> Engine, visibleRows: (Engine) -> Int
  ) -> (steps: [StepResult], digests: [Int], thumbs: Int) {
    var runs = (0..<repetitions).map { _ in run(open: open, visibleRows: visibleRows) }
    var steps = runs[0].steps
    for index in steps.indices {
      let times = runs.map { $0.steps[index].nanoseconds }.sorted()
      steps[index].nanoseconds = times[times.count / 2]
    }
    let first = runs.removeFirst()
    return (steps, first.digests, first.thumbs)
  }
}
