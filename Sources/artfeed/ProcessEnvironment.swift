import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The process's environment, read once from `environ`. `ProcessInfo.processInfo.environment`
/// builds a new dictionary on each call, a command asks for it several times before its first
/// screen, and even its first call costs more than this (docs/adr/0151). artfeed never
/// changes its own environment, so one copy serves every command. A name
/// given twice keeps its first value, the one `getenv` (and so every C library) sees; an
/// entry without `=` is left out.
let processEnvironment: [String: String] = {
  var variables: [String: String] = [:]
  var entry = environ
  while let pointer = entry.pointee {
    let text = String(cString: pointer)
    if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
      let name = String(text[..<equals])
      if variables[name] == nil {
        variables[name] = String(text[text.utf8.index(after: equals)...])
      }
    }
    entry += 1
  }
  return variables
}()
