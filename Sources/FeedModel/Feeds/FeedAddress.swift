import Foundation

/// Where one feed is: a file, standard input, or a web address.
public enum FeedAddress: Sendable, Hashable, CustomStringConvertible {
  case file(URL)
  case standardInput
  case web(URL)

  /// Reads a command line's SOURCE: `-` is standard input, `http://` and `https://` are web
  /// addresses (checked here: a host is required), anything else is a file path. A source
  /// that holds a control character is refused (`ControlCharacters`).
  public init(argument: String) throws(LoadError) {
    if let control = ControlCharacters.first(in: argument) {
      throw LoadError(
        .unreadable,
        "\(ControlCharacters.escaped(argument)) \(ControlCharacters.reason(control)); not read")
    }
    if argument == "-" {
      self = .standardInput
      return
    }
    let lower = argument.lowercased()
    if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
      guard let url = URL(string: argument), let host = url.host, !host.isEmpty else {
        throw LoadError(.unreadable, "\(argument): not a valid web address")
      }
      self = .web(url)
      return
    }
    if lower.hasPrefix("file://"), let url = URL(string: argument), url.isFileURL {
      self = .file(url)
      return
    }
    if let colon = lower.firstIndex(of: ":"), lower[..<colon].allSatisfy(\.isLetter),
      lower[lower.index(after: colon)...].hasPrefix("//")
    {
      throw LoadError(.unreadable, "\(argument): only http, https and file addresses are read")
    }
    self = .file(URL(fileURLWithPath: argument))
  }

  /// The name used in messages: the path as given, "standard input", or the URL.
  public var description: String {
    switch self {
    case .file(let url): url.path
    case .standardInput: "standard input"
    case .web(let url): url.absoluteString
    }
  }

  /// A title for a feed that has none.
  public var fallbackTitle: String {
    switch self {
    case .file(let url): url.deletingPathExtension().lastPathComponent
    case .standardInput: "standard input"
    case .web(let url): url.host ?? url.absoluteString
    }
  }
}
