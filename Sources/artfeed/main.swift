import ArgumentParser
import Foundation

// `Artfeed.main()`, with its messages (which quote the arguments) made safe for a terminal,
// and a usage error said in one line (`artfeed: render: --width must be ...`), exit 64.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
  // The completion scripts, argument-parser's taught that browse is the default command.
  if let shell = CompletionScripts.requested(arguments) {
    FileHandle.standardOutput.write(Data(CompletionScripts.script(for: shell).utf8))
    endProcess(0)
  }
  try UsageCheck.helpTopic(arguments)
  try UsageCheck.mistypedCommand(arguments)
  // The everyday lines without argument-parser's reflection, a large part of start-up
  // (docs/adr/0148).
  var command = try QuickParse.command(arguments) ?? Artfeed.parseAsRoot(arguments)
  SettingsAccess.refuseUnusable(command)
  try command.run()
} catch {
  let code = Artfeed.exitCode(for: error)
  if code == .success {
    let message = Artfeed.fullMessage(for: error)
    if !message.isEmpty { TerminalText.write(message + "\n") }
  } else if code == .validationFailure {
    TerminalText.writeError(UsageCheck.line(for: error, arguments: arguments) + "\n")
  } else {
    let message = Artfeed.fullMessage(for: error)
    if !message.isEmpty { TerminalText.writeError(message + "\n") }
  }
  endProcess(code.rawValue)
}
// Every command ends here, not by returning: see `endProcess`.
endProcess(0)
