import Testing

@testable import Settings

@Suite("Config file syntax")
struct ConfigSyntaxTests {
  @Test("sections, keys, words, quotes and comments")
  func reads() throws {
    let syntax = try ConfigSyntax(
      parsing: """
        # a comment
        ; another
        [General]   # trailing comment
          Browser = w3m -o confirm_qq=false   # comment after words
        download_directory = "/home/me/My Pictures"
        empty =
        [keys]
        search = / "#" ";" #x ;y # comment
        quoted = "a \\"b\\" \\\\ c"\r
        """)
    #expect(syntax.sections.map(\.name) == ["general", "keys"])
    #expect(syntax.sections.map(\.line) == [3, 7])
    let entries = syntax.entries.map { ($0.section, $0.key, $0.words, $0.line) }
    #expect(entries.count == 5)
    #expect(entries[0] == ("general", "browser", ["w3m", "-o", "confirm_qq=false"], 4))
    #expect(entries[1] == ("general", "download-directory", ["/home/me/My Pictures"], 5))
    #expect(entries[2] == ("general", "empty", [], 6))
    #expect(entries[3] == ("keys", "search", ["/", "#", ";", "#x", ";y"], 8))
    #expect(entries[4] == ("keys", "quoted", ["a \"b\" \\ c"], 9))
  }

  @Test(
    "a line that breaks the syntax is an error naming it",
    arguments: [
      ("[general]\nbrowser w3m\n", 2, "key = value"),
      ("browser = w3m\n", 1, "before any [section]"),
      ("[general\n", 1, "ends with ]"),
      ("[general] x\n", 1, "nothing but a comment"),
      ("[]\n", 1, "section name is missing"),
      ("[general]\n = w3m\n", 2, "key name is missing"),
      ("[general]\nbrow ser = w3m\n", 2, "only letters, digits"),
      ("[general]\n\nbrowser = \"w3m\n", 3, "no closing quote"),
      ("[general]\nbrowser = \"w3m\"x\n", 2, "blank must follow"),
      ("[general]\nbrowser = w\"3m\n", 2, "quote inside a word"),
      ("[general]\nbrowser = \"\\q\"\n", 2, "unknown escape"),
    ])
  func errors(text: String, line: Int, message: String) {
    #expect {
      try ConfigSyntax(parsing: text)
    } throws: { error in
      guard let error = error as? SettingsError, case .syntax(let at, let text) = error else {
        return false
      }
      return at == line && text.contains(message) && error.description.hasPrefix("line \(line): ")
    }
  }

  @Test(
    "reading skips every line that breaks the syntax and names each; a broken section's lines are skipped"
  )
  func everyError() {
    let syntax = ConfigSyntax(
      reading: "[general]\nbrowser w3m\nmax-items = 5\n[pictures\nmode = none\n[keys]\nx = \"y\n")
    #expect(syntax.errors.map(\.line) == [2, 4, 7])
    #expect(syntax.entries.map(\.key) == ["max-items"])
  }

  @Test("an empty file and a file of comments have no entries")
  func empty() throws {
    #expect(try ConfigSyntax(parsing: "").entries.isEmpty)
    #expect(try ConfigSyntax(parsing: "\n  # x\n;y\n\n").entries.isEmpty)
  }
}
