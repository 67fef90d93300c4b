import ArgumentParser
import Foundation

// `Artfeed.main()`, with its messages (which quote the arguments) made safe for a terminal.
do {
  var command = try Artfeed.parseAsRoot()
  try command.run()
} catch {
  let code = Artfeed.exitCode(for: error)
  let message = Artfeed.fullMessage(for: error)
  if !message.isEmpty {
    if code == .success {
      TerminalText.write(message + "\n")
    } else {
      TerminalText.writeError(message + "\n")
    }
  }
  exit(code.rawValue)
}
