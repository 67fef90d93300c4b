import Foundation
import Pictures
import Settings

extension PictureMode {
  /// The protocol asked for by name, if any.
  var forced: PictureProtocol? {
    switch self {
    case .kitty: .kitty
    case .sixel: .sixel
    case .iterm: .iterm
    case .auto, .symbols, .none: nil
    }
  }
}

/// What tmux says about the pane artfeed runs in (`tmux display -p`).
public struct TmuxReport: Sendable, Equatable {
  /// `allow-passthrough` is on for the pane.
  public var passthrough: Bool
  /// Where the pane starts on the outer terminal's screen (status lines on top included).
  public var pane: TmuxPane
  /// The outer terminal's TERM (`client_termname`).
  public var clientTerm: String

  public init(passthrough: Bool, pane: TmuxPane, clientTerm: String) {
    self.passthrough = passthrough
    self.pane = pane
    self.clientTerm = clientTerm
  }
}

/// How the browser shows pictures on this terminal: pixels through an output, or symbols,
/// and, when pixels were possible but not used, why (said once in the status line).
public struct PictureSetup: Sendable, Equatable {
  public var output: PixelOutput?
  public var note: String?

  public init(output: PixelOutput? = nil, note: String? = nil) {
    self.output = output
    self.note = note
  }

  /// Decides from what the terminal answered (`report`), tmux (`tmux`, when inside it) and,
  /// only when the terminal answered nothing, the environment.
  public static func resolve(
    _ choice: PictureMode, report: TerminalReport, tmux: TmuxReport?,
    environment: [String: String]
  ) -> PictureSetup {
    switch choice {
    case .symbols, .none: return PictureSetup()
    case .auto, .kitty, .sixel, .iterm: break
    }
    if let tmux {
      return resolveInTmux(choice, tmux: tmux, environment: environment, report: report)
    }
    guard let kind = choice.forced ?? detected(report, environment: environment) else {
      return PictureSetup()
    }
    guard let cell = report.cell ?? (choice.forced != nil ? CellSize.fallback : nil) else {
      return PictureSetup(note: "Pictures as symbols: the terminal did not say its cell size")
    }
    return PictureSetup(output: PixelOutput(kind: kind, cell: cell))
  }

  /// The protocol a terminal outside tmux speaks: what it answered, in the order kitty,
  /// iTerm2 (by its XTVERSION name), sixel; the environment only when it answered nothing.
  static func detected(_ report: TerminalReport, environment: [String: String]) -> PictureProtocol?
  {
    if report.kitty { return .kitty }
    if let name = report.name, name.hasPrefix("iTerm2") { return .iterm }
    if report.sixel { return .sixel }
    if report.answered { return nil }
    return fromEnvironment(environment)
  }

  /// The fallback: what the usual variables say about the terminal.
  static func fromEnvironment(_ environment: [String: String]) -> PictureProtocol? {
    let term = environment["TERM"] ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
    if term.hasPrefix("xterm-ghostty") || program == "ghostty" { return .kitty }
    if program == "iTerm.app" || program == "WezTerm" { return .iterm }
    if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term == "contour" { return .sixel }
    return nil
  }

  /// Inside tmux: pixels only through passthrough, to a terminal known to speak kitty (sixel
  /// and iTerm2 only when asked for by name).
  private static func resolveInTmux(
    _ choice: PictureMode, tmux: TmuxReport, environment: [String: String],
    report: TerminalReport
  ) -> PictureSetup {
    let outerKitty =
      tmux.clientTerm.contains("kitty") || environment["KITTY_WINDOW_ID"] != nil
    guard tmux.passthrough else {
      // Said only when pixels were possible: a plain terminal behind tmux shows symbols anyway.
      guard outerKitty || choice.forced != nil else { return PictureSetup() }
      return PictureSetup(
        note: "Pictures as symbols: tmux's allow-passthrough is off (set -g allow-passthrough on)")
    }
    guard let kind = choice.forced ?? (outerKitty ? .kitty : nil) else {
      return PictureSetup(
        note: "Pictures as symbols: the terminal outside tmux is not known to show pixels")
    }
    let cell = report.cell ?? CellSize.fallback
    return PictureSetup(output: PixelOutput(kind: kind, cell: cell, tmuxPane: tmux.pane))
  }
}
