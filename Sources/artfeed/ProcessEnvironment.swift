import Foundation

/// The process's environment, read once. `ProcessInfo.processInfo.environment` builds a new
/// dictionary of every variable on each call (about 340,000 instructions with a shell's
/// environment), and a command asked for it up to ten times before its first screen. artfeed
/// never changes its own environment, so one copy serves every command.
let processEnvironment = ProcessInfo.processInfo.environment
