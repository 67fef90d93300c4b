import Foundation

/// Decides which links may be handed to a browser, and which browsers to try.
public enum LinkOpener {
  /// The link if it is an http(s) URL with no spaces or control characters, else nil: a feed
  /// must not be able to make `o` run a local file or pass options to the browser.
  public static func safeURL(_ link: String) -> String? {
    let trimmed = link.trimmingCharacters(in: .whitespaces)
    let lower = trimmed.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
    guard
      trimmed.unicodeScalars.allSatisfy({
        $0.value > 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
      })
    else {
      return nil
    }
    return trimmed
  }

  /// The commands to try for a URL, in order: each `$BROWSER` entry (colon-separated, as
  /// `man` and newsboat read it; `%s` replaced, else the URL appended), then `xdg-open URL`.
  /// Argument vectors, never shell lines.
  public static func candidates(for url: String, browser: String?) -> [[String]] {
    var commands: [[String]] = []
    for entry in (browser ?? "").split(separator: ":") {
      var words = entry.split(separator: " ").map(String.init)
      guard !words.isEmpty else { continue }
      if let index = words.firstIndex(where: { $0.contains("%s") }) {
        words[index] = words[index].replacingOccurrences(of: "%s", with: url)
      } else {
        words.append(url)
      }
      commands.append(words)
    }
    if !commands.contains(where: { $0.first == "xdg-open" }) { commands.append(["xdg-open", url]) }
    return commands
  }

  /// The first command to try (see `candidates`).
  public static func command(for url: String, browser: String?) -> [String] {
    candidates(for: url, browser: browser)[0]
  }

  /// Browsers that run in the terminal: they get the terminal while they run (curses steps
  /// aside, as newsboat and mutt do), instead of being started in the background.
  public static let terminalBrowsers: Set<String> = [
    "w3m", "lynx", "links", "links2", "elinks", "browsh", "carbonyl", "www-browser",
  ]

  /// True when a command's program is a terminal browser (by its file name).
  public static func isTerminalBrowser(_ command: [String]) -> Bool {
    guard let program = command.first else { return false }
    return terminalBrowsers.contains((program as NSString).lastPathComponent)
  }
}
