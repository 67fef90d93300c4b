/// The words of one feeds-file line, split as newsboat's `tokenize_quoted` splits them.
///
/// Words are separated by spaces and tabs; a word that starts with `"` runs to the next
/// unescaped `"` and may hold spaces (`\"`, `\\`, `\n`, `\t`, `\r` are escapes there); a `#`
/// that starts a word begins a comment that runs to the end of the line.
enum FeedsFileTokens {
  /// Why a line could not be split.
  enum Failure: Error, Equatable {
    case unclosedQuote
  }

  static func split(_ line: Substring) throws(Failure) -> [String] {
    var tokens: [String] = []
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if character == " " || character == "\t" {
        index = line.index(after: index)
      } else if character == "#" {
        break
      } else if character == "\"" {
        let (token, end) = try quoted(line, from: line.index(after: index))
        tokens.append(token)
        index = end
      } else {
        let end = line[index...].firstIndex { $0 == " " || $0 == "\t" } ?? line.endIndex
        tokens.append(String(line[index..<end]))
        index = end
      }
    }
    return tokens
  }

  /// A quoted word starting after its opening quote; returns it and the index after its close.
  private static func quoted(_ line: Substring, from start: Substring.Index) throws(Failure)
    -> (String, Substring.Index)
  {
    var token = ""
    var index = start
    while index < line.endIndex {
      let character = line[index]
      index = line.index(after: index)
      if character == "\"" { return (token, index) }
      guard character == "\\", index < line.endIndex else {
        token.append(character)
        continue
      }
      let escaped = line[index]
      index = line.index(after: index)
      switch escaped {
      case "n": token.append("\n")
      case "t": token.append("\t")
      case "r": token.append("\r")
      case "\"", "\\", "`": token.append(escaped)
      default: token.append(contentsOf: ["\\", escaped])
      }
    }
    throw .unclosedQuote
  }

  /// One word as `add` writes it: the source bare unless it needs quotes, tags always quoted
  /// (as newsboat writes them), with `"` and `\` escaped.
  static func quote(_ token: String, always: Bool) -> String {
    let needs =
      always || token.isEmpty || token.hasPrefix("#")
      || token.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" }
    guard needs else { return token }
    var text = "\""
    for character in token {
      switch character {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      default: text.append(character)
      }
    }
    return text + "\""
  }
}
