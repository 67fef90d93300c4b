import ArgumentParser
import CursesBackend
import Foundation
import Pictures
import Settings

extension PictureMode: ExpressibleByArgument {}

/// `render --pictures`: the protocol whose sequences are printed at the boxes.
extension PictureProtocol: ExpressibleByArgument {}

/// `render --cell-size WxH`: the cell size pictures are fitted to.
struct CellSizeArgument: ExpressibleByArgument {
  var size: CellSize

  init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (1...200).contains(width), (1...400).contains(height)
    else { return nil }
    size = CellSize(width: width, height: height)
  }
}

/// The browser's picture set-up: asks the terminal (and tmux) what it shows, unless the
/// choice needs no pixels. Call before curses takes the screen.
func detectPictures(_ choice: PictureMode) -> PictureSetup {
  switch choice {
  case .symbols, .none: return PictureSetup()
  case .auto, .kitty, .sixel, .iterm: break
  }
  let environment = processEnvironment
  let tmux = TmuxQuery.report(environment: environment)
  // Inside tmux the queries would reach tmux, not the terminal: only the cell size counts,
  // and the kitty query (an APC string, which tmux makes the pane's title) is left out.
  let report =
    tmux == nil ? TerminalProbe.probe() : TerminalProbe.probe(queries: TerminalProbe.tmuxQueries)
  return PictureSetup.resolve(choice, report: report, tmux: tmux, environment: environment)
}
