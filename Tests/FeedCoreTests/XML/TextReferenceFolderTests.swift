import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// `TextReferenceFolder` must change nothing but libxml2's work: every document parses to the
/// same feed, the same warnings and the same positions in them, folded or not, however the
/// input is cut into chunks.
@Suite("Text references folded into CDATA")
struct TextReferenceFolderTests {
  @Test("escaped HTML is folded: the same feed, and a run keeps its line's length")
  func foldsEscapedHTML() throws {
    let text = String(repeating: "&lt;b&gt;bold&lt;/b&gt; &amp;amp; &quot;q&quot; ", count: 4)
    let document =
      "<rss><channel><item><title>t</title><description>\(text)</description></item></channel></rss>"
    let folded = Self.folded(Array(document.utf8))
    let output = String(decoding: folded, as: UTF8.self)
    #expect(output.contains("<![CDATA[<b>bold</b> &amp; \"q\" "))
    // Same length: the comment makes up what the references saved.
    #expect(folded.count == document.utf8.count)
    let parses = Self.parses(Array(document.utf8), chunk: 1 << 16)
    #expect(parses.folded.references >= 24)
    #expect(parses.folded.feed == parses.plain.feed)
  }

  @Test("what is not element text is left as it came")
  func leavesMarkupAlone() {
    let documents = [
      // Attributes (with `>` and both quotes), comments, CDATA, instructions.
      "<r a=\"x > &lt;y&lt;y&lt;y&lt;y&lt;y&lt;y\" b='&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;'/>",
      "<r><!-- &lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt; --></r>",
      "<r><![CDATA[&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;]]></r>",
      "<r><?pi &lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;?></r>",
      // Before the root and after a DOCTYPE.
      "&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;<r/>",
      "<!DOCTYPE r><r>&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;</r>",
      // Too little saved to pay for the CDATA and the comment.
      "<r>a &lt;b&gt; c</r>",
    ]
    for document in documents {
      #expect(Self.folded(Array(document.utf8)) == Array(document.utf8), "\(document)")
    }
  }

  @Test("a run stops at what CDATA cannot say the same way, and folding goes on after it")
  func runStops() {
    let refs = String(repeating: "&lt;", count: 8)
    let stops = [
      "]": "]", "line end": "\n", "CR": "\r", "U+FFFD": "\u{FFFD}", "HTML5 name": "&nbsp;",
      "]]> by reference": "&#93;", "CR by reference": "&#13;", "LF by reference": "&#10;",
      "non-ASCII by reference": "&#233;",
    ]
    for (name, stop) in stops {
      let document = "<r>\(refs)\(stop)\(refs)x</r>"
      let output = String(decoding: Self.folded(Array(document.utf8)), as: UTF8.self)
      // Each side of the stop is a run of its own, and the stop itself is outside both.
      #expect(output.components(separatedBy: "<![CDATA[").count == 3, "\(name): \(output)")
      #expect(output.contains("-->\(stop)<![CDATA["), "\(name): \(output)")
    }
  }

  @Test("folding stops for good at the first thing libxml2 would complain of")
  func stopsAtErrors() {
    let refs = String(repeating: "&lt;", count: 8)
    let errors = [
      "control byte": "\u{01}", "U+FFFE": "\u{FFFE}", "unknown name": "&undeclared;",
      "bad character reference": "&#1;", "]]>": "]]>", "bare &": "& ",
      "< in a value": "<a b=\"<\"/>", "value without quotes": "<a b=c/>",
      "attributes not apart": "<a b=\"1\"c=\"2\"/>", "other element closed": "</s>",
      "-- in a comment": "<!-- a -- b -->", "DOCTYPE": "<!DOCTYPE r>", "instruction": "<?p?>",
      "no name": "< a>", "end of the root": "</r><r>",
    ]
    for (name, error) in errors {
      let document = "<r>\(refs)\(error)\(refs)x</r>"
      let output = String(decoding: Self.folded(Array(document.utf8)), as: UTF8.self)
      #expect(output.components(separatedBy: "<![CDATA[").count == 2, "\(name): \(output)")
      #expect(output.hasSuffix("\(error)\(refs)x</r>"), "\(name): \(output)")
    }
  }

  @Test("the feed does not depend on where the chunks split")
  func anySplit() {
    let documents = [
      "<?xml version=\"1.0\"?><rss><channel><item><title a='&lt;>'>&lt;p&gt;a &amp;amp; b&lt;/p&gt;"
        + "&#60;&#x3C;&#39;&lt;&lt;&lt;&lt;</title><!-- &lt; --><description><![CDATA[&lt;]]>"
        + "&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;é&lt;</description><guid/>tail</item></channel></rss>",
      "<rss><channel><item><title>\(String(repeating: "&quot;", count: 6))夜明け"
        + "\(String(repeating: "&gt;", count: 6))</title></item></channel></rss>",
    ]
    for document in documents {
      let bytes = Array(document.utf8)
      let whole = Self.parses(bytes, chunk: 1 << 16)
      #expect(whole.folded.references > 0, "folds something")
      #expect(whole.folded.feed == whole.plain.feed)
      // Every cut of the document falls somewhere in one of these chunk sizes.
      for chunk in 1...24 {
        #expect(Self.parse(bytes, chunk: chunk, folds: true).feed == whole.plain.feed, "\(chunk)")
      }
    }
  }

  @Test("errors and warnings keep their lines and columns")
  func positions() throws {
    let escaped = String(repeating: "&lt;i&gt;x&lt;/i&gt; ", count: 6)
    let documents = [
      // An error later on a folded line, after ASCII and after non-ASCII text.
      "<rss><channel><item><title>t</title>\n<description>\(escaped)</description></bad>\n</item></channel></rss>",
      "<rss><channel><item><title>t</title>\n<description>夜明け\(escaped)é</description></bad>\n</item></channel></rss>",
      // A run on each of several lines, then an error on the last one.
      "<rss><channel><item><description>\(escaped)\n\(escaped)\n\(escaped)</description><a></item></channel></rss>",
      // An undeclared entity after a run.
      "<rss><channel><item><description>\(escaped)&undeclared;\(escaped)</description></item></channel></rss>",
    ]
    for document in documents {
      let parses = Self.parses(Array(document.utf8), chunk: 1 << 16)
      #expect(parses.folded.references > 0, "folds something: \(document)")
      #expect(parses.folded.feed == parses.plain.feed, "\(document)")
    }
  }

  @Test("every fixture, bundled and real-world feed parses the same, in any chunk size")
  func sameFeeds() throws {
    let files = Self.feedFiles()
    #expect(files.count >= 20, "found the fixtures")
    var foldedAny = 0
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: file))
      for chunk in bytes.count < 200_000 ? [61, 4096, 1 << 16] : [4096, 1 << 16] {
        let parses = Self.parses(bytes, chunk: chunk)
        #expect(parses.folded.feed == parses.plain.feed, "\(file.lastPathComponent), \(chunk)")
        if parses.folded.references > 0 { foldedAny += 1 }
      }
    }
    #expect(foldedAny > 0, "some feed has escaped text to fold")
  }

  /// Pieces that cut, open or close markup, and text that libxml2 complains of or that a
  /// run stops at.
  static let pieces = [
    "<item>", "</item>", "<description>", "</description>", "<title>", "</title>", "<a b=\"",
    "\">", "'", "\"", ">", "<", "/>", "<!--", "-->", "--", "<![CDATA[", "]]>", "<?p ", "?>", "]",
    "&lt;", "&gt;", "&amp;", "&quot;", "&apos;", "&#60;", "&#x3e;", "&#93;", "&#13;", "&#10;",
    "&#233;", "&#1;", "&nbsp;", "&bogus;", "&", "&l", "\n", "\r\n", "\t", "\u{01}", "é", "夜",
    "🇯🇵", "\u{FFFD}", "\u{FFFE}", "text ", "<!DOCTYPE x>", "</r>", "<a b='1'c='2'>", "<a b=c>",
  ]

  @Test("made-up documents with broken markup in escaped text parse the same")
  func mutations() throws {
    var random = SplitMixGenerator(seed: 30)
    let escaped = String(repeating: "&lt;b&gt;", count: 5)
    var folding = 0
    for round in 0..<400 {
      var body = ""
      for _ in 0..<Int.random(in: 0..<30, using: &random) {
        body +=
          Int.random(in: 0..<3, using: &random) == 0
          ? escaped : Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
      }
      let document =
        "<rss><channel><item><description>\(escaped)\(body)\(escaped)</description>"
        + "</item></channel></rss>"
      for chunk in [3, 1 << 16] {
        let parses = Self.parses(Array(document.utf8), chunk: chunk)
        #expect(parses.folded.feed == parses.plain.feed, "round \(round): \(document)")
        if parses.folded.references > 0 { folding += 1 }
      }
    }
    #expect(folding >= 400, "documents that folded something")
  }

  @Test("real feeds with pieces of broken markup put in parse the same")
  func mutatedFeeds() throws {
    var random = SplitMixGenerator(seed: 31)
    let files = Self.feedFiles().filter {
      let size = (try? FileManager.default.attributesOfItem(atPath: $0.path))?[.size] as? Int
      return (size ?? 0) < 300_000
    }
    try #require(!files.isEmpty)
    var folding = 0
    for round in 0..<120 {
      let file = files[Int.random(in: 0..<files.count, using: &random)]
      var bytes = try [UInt8](Data(contentsOf: file))
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let at = Int.random(in: 0...bytes.count, using: &random)
        let piece = Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
        bytes.insert(contentsOf: Array(piece.utf8), at: at)
      }
      let parses = Self.parses(bytes, chunk: 1 << 16)
      #expect(parses.folded.feed == parses.plain.feed, "round \(round): \(file.lastPathComponent)")
      if parses.folded.references > 0 { folding += 1 }
    }
    #expect(folding >= 10, "rounds that folded something")
  }

  // MARK: - Support

  struct Parse {
    /// The feed or the failure, with its warnings, as text to compare.
    var feed: String
    var references: Int
  }

  /// The document parsed with and without folding, pushed in pieces of `chunk` bytes.
  static func parses(_ bytes: [UInt8], chunk: Int) -> (folded: Parse, plain: Parse) {
    (parse(bytes, chunk: chunk, folds: true), parse(bytes, chunk: chunk, folds: false))
  }

  static func parse(_ bytes: [UInt8], chunk: Int, folds: Bool) -> Parse {
    var parse = StreamingParse(expectedByteCount: bytes.count)
    parse.foldsText = folds
    bytes.withUnsafeBufferPointer { all in
      var start = 0
      while start < all.count {
        let end = min(all.count, start + chunk)
        parse.push(UnsafeBufferPointer(rebasing: all[start..<end]))
        start = end
      }
    }
    let feed: String
    do {
      feed = String(reflecting: try parse.finish())
    } catch {
      feed = "failed: \(error)"
    }
    return Parse(feed: feed, references: parse.foldedReferences)
  }

  /// The folder's output for `bytes` cut at `splitAt`.
  static func folded(_ bytes: [UInt8], splitAt splits: [Int] = []) -> [UInt8] {
    var folder = TextReferenceFolder()
    var output: [UInt8] = []
    var start = 0
    for split in splits + [bytes.count] {
      bytes[start..<split].withUnsafeBufferPointer {
        folder.fold($0, final: false) { output += $0 }
      }
      start = split
    }
    folder.fold(UnsafeBufferPointer(start: nil, count: 0), final: true) { output += $0 }
    return output
  }

  /// The package's test fixtures and bundled feeds, and the real-world feeds when present.
  static func feedFiles() -> [URL] {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var folders = ["Resources/feeds"].map { root.appendingPathComponent($0) }
    for tests in (try? FileManager.default.contentsOfDirectory(atPath: root.path + "/Tests")) ?? []
    {
      folders.append(root.appendingPathComponent("Tests/\(tests)/Fixtures"))
    }
    if RealFeeds.isAvailable { folders.append(RealFeeds.folder) }
    var files: [URL] = []
    for folder in folders {
      guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      else { continue }
      for case let file as URL in walker
      where ["rss", "xml", "atom", "feed"].contains(file.pathExtension) {
        files.append(file)
      }
    }
    return files.sorted { $0.path < $1.path }
  }
}
