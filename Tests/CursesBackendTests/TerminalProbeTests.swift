import Pictures
import Settings
import Testing

@testable import CursesBackend

@Suite("What the terminal answers")
struct TerminalProbeTests {
  static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
  static let xtermDA1 = "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"

  func report(_ text: String) -> TerminalReport { TerminalProbe.parse(Array(text.utf8)) }

  @Test("kitty answers the graphics query before DA1; its name comes from XTVERSION")
  func kitty() {
    let report = report(Self.kittyOK + "\u{1B}P>|kitty(0.26.5)\u{1B}\\" + "\u{1B}[?62;c")
    #expect(report.kitty && report.answered && !report.sixel)
    #expect(report.name == "kitty(0.26.5)")
  }

  @Test("DA1 attribute 4 is sixel; 4 as the first field (the class) is not")
  func sixel() {
    #expect(report(Self.xtermDA1).sixel)
    #expect(!report("\u{1B}[?64;1;2;6;9;15;18;21;22c").sixel, "xterm's default vt420")
    #expect(!report("\u{1B}[?4;1c").sixel)
  }

  @Test("CSI 16 t's answer is the cell size, height first")
  func cellSize() {
    #expect(report("\u{1B}[6;20;10t" + Self.xtermDA1).cell == CellSize(width: 10, height: 20))
    #expect(report("\u{1B}[4;600;1000t" + Self.xtermDA1).cell == nil, "CSI 14 t is not a cell")
  }

  @Test("an error to the query is not support; keys typed meanwhile are ignored")
  func noise() {
    let report = report("jk\u{1B}_Gi=31;EINVAL:bad\u{1B}\\q" + Self.xtermDA1 + "\u{1B}[A")
    #expect(!report.kitty && report.answered && report.sixel)
  }

  @Test("an answer cut short counts for nothing, and no DA1 means no answer")
  func incomplete() {
    #expect(!TerminalProbe.hasDA1(Array("\u{1B}[?63;1;2;4".utf8)))
    #expect(TerminalProbe.hasDA1(Array(Self.xtermDA1.utf8)))
    let cut = report("\u{1B}_Gi=31;OK")
    #expect(!cut.kitty && !cut.answered)
  }

  @Test("a name with control characters is cleaned")
  func hostileName() {
    #expect(report("\u{1B}P>|evil\u{07}\u{9B}2Jterm\u{1B}\\").name == "evil2Jterm")
  }
}

@Suite("Choosing how pictures are shown")
struct PictureSetupTests {
  let cell = CellSize(width: 9, height: 19)

  func resolve(
    _ choice: PictureMode, _ report: TerminalReport, tmux: TmuxReport? = nil,
    environment: [String: String] = [:]
  ) -> PictureSetup {
    PictureSetup.resolve(choice, report: report, tmux: tmux, environment: environment)
  }

  func answered(kitty: Bool = false, sixel: Bool = false, name: String? = nil, cell: CellSize?)
    -> TerminalReport
  {
    var report = TerminalReport()
    (report.kitty, report.sixel, report.name, report.cell, report.answered) = (
      kitty, sixel, name, cell, true
    )
    return report
  }

  @Test("auto takes kitty, then iTerm2 by name, then sixel, from what the terminal answered")
  func auto() {
    let both = answered(kitty: true, sixel: true, cell: cell)
    #expect(resolve(.auto, both).output?.kind == .kitty)
    let iterm = answered(sixel: true, name: "iTerm2 3.5.0", cell: cell)
    #expect(resolve(.auto, iterm).output?.kind == .iterm)
    let xterm = answered(sixel: true, cell: cell)
    let setup = PictureSetup.resolve(.auto, report: xterm, tmux: nil, environment: [:])
    #expect(setup.output == PixelOutput(kind: .sixel, cell: cell))
  }

  @Test("a terminal that answered without graphics gets symbols, whatever the environment says")
  func answeredWithout() {
    let plain = answered(cell: cell)
    let setup = PictureSetup.resolve(
      .auto, report: plain, tmux: nil, environment: ["TERM": "xterm-kitty"])
    #expect(setup == PictureSetup())
  }

  @Test("no answer at all: the environment decides, and the cell size must be known")
  func environmentFallback() {
    var silent = TerminalReport()
    silent.cell = cell
    let kitty = PictureSetup.resolve(
      .auto, report: silent, tmux: nil, environment: ["KITTY_WINDOW_ID": "1"])
    #expect(kitty.output?.kind == .kitty)
    let wez = PictureSetup.resolve(
      .auto, report: silent, tmux: nil, environment: ["TERM_PROGRAM": "WezTerm"])
    #expect(wez.output?.kind == .iterm)
    #expect(resolve(.auto, silent) == PictureSetup())
    let noCell = PictureSetup.resolve(
      .auto, report: TerminalReport(), tmux: nil, environment: ["TERM": "xterm-kitty"])
    #expect(noCell.output == nil && noCell.note?.contains("cell size") == true)
  }

  @Test("a protocol named on the command line is used, with a fallback cell size if unknown")
  func forced() {
    let setup = PictureSetup.resolve(.sixel, report: TerminalReport(), tmux: nil, environment: [:])
    #expect(setup.output == PixelOutput(kind: .sixel, cell: .fallback))
    #expect(resolve(.symbols, answered(kitty: true, cell: cell)) == PictureSetup())
  }

  @Test("inside tmux: symbols and a reason unless passthrough is on and the terminal is kitty")
  func tmux() {
    let report = answered(cell: cell)
    let off = TmuxReport(passthrough: false, pane: TmuxPane(x: 0, y: 0), clientTerm: "xterm-kitty")
    let setupOff = PictureSetup.resolve(.auto, report: report, tmux: off, environment: [:])
    #expect(setupOff.output == nil && setupOff.note?.contains("allow-passthrough") == true)
    let on = TmuxReport(passthrough: true, pane: TmuxPane(x: 40, y: 1), clientTerm: "xterm-kitty")
    let setupOn = PictureSetup.resolve(.auto, report: report, tmux: on, environment: [:])
    let pane = TmuxPane(x: 40, y: 1)
    #expect(setupOn.output == PixelOutput(kind: .kitty, cell: cell, tmuxPane: pane))
    let xterm = TmuxReport(
      passthrough: true, pane: TmuxPane(x: 0, y: 0), clientTerm: "xterm-256color")
    #expect(resolve(.auto, report, tmux: xterm).output == nil)
    #expect(resolve(.sixel, report, tmux: xterm).output?.kind == .sixel)
  }

  @Test("tmux's report: passthrough, the pane's place below a status line on top")
  func tmuxParse() {
    #expect(
      TmuxQuery.parse("1|40|3|on|top|xterm-kitty\n")
        == TmuxReport(passthrough: true, pane: TmuxPane(x: 40, y: 4), clientTerm: "xterm-kitty"))
    #expect(TmuxQuery.parse("0|0|0|2|bottom|xterm")?.pane == TmuxPane(x: 0, y: 0))
    #expect(TmuxQuery.parse("0|0|0|off|top|xterm")?.passthrough == false)
    #expect(TmuxQuery.parse("garbage") == nil)
  }
}
