import Foundation

/// Decides which links may be handed to a browser.
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

  /// The command to run for a URL: the first `$BROWSER` entry (colon-separated, `%s` replaced
  /// or the URL appended), else `xdg-open URL`. An argument vector, never a shell line.
  public static func command(for url: String, browser: String?) -> [String] {
    if let browser, let first = browser.split(separator: ":").first {
      var words = first.split(separator: " ").map(String.init)
      if !words.isEmpty {
        if let index = words.firstIndex(where: { $0.contains("%s") }) {
          words[index] = words[index].replacingOccurrences(of: "%s", with: url)
        } else {
          words.append(url)
        }
        return words
      }
    }
    return ["xdg-open", url]
  }
}
