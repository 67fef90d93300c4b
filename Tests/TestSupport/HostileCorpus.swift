import Foundation

/// Hostile feeds, made at run time (nothing big is committed): escape sequences in every
/// form a feed can carry them, huge fields, huge counts, deep nesting, broken bytes.
///
/// The escape payloads carry markers (`PWNED`, `CLIPBOARD`, `evil.example`) that must never
/// reach a terminal as a control: the tests look for the markers' effects (a pane title, a
/// clipboard write, a hyperlink) and for the control bytes themselves.
public enum HostileCorpus {
  // MARK: - Escape sequences

  /// One way a feed can smuggle a control sequence.
  public struct Payload: Sendable, CustomStringConvertible {
    public var name: String
    /// The sequence as the terminal would receive it.
    public var raw: String
    /// True when the sanitizer leaves the payload's body as inert text: a C1 control is
    /// dropped alone, never the start of a sequence that swallows what follows (issue 17).
    public var bodyStaysAsText = false

    public var description: String { name }
  }

  /// OSC 0 (title), OSC 8 (hyperlink), OSC 52 (clipboard), CSI (colour, clear, cursor, the
  /// alternate screen, a DECSET mouse mode), the C1 forms (CSI U+009B, OSC U+009D, ST U+009C),
  /// DCS, APC, and bidi overrides and isolates.
  public static let payloads: [Payload] = [
    Payload(name: "OSC 0 title", raw: "\u{1B}]0;PWNED-TITLE\u{07}"),
    Payload(name: "OSC 2 title, ST", raw: "\u{1B}]2;PWNED-TITLE\u{1B}\\"),
    Payload(
      name: "OSC 8 link",
      raw: "\u{1B}]8;;https://evil.example/\u{1B}\\click\u{1B}]8;;\u{1B}\\"),
    Payload(name: "OSC 52 clipboard", raw: "\u{1B}]52;c;Q0xJUEJPQVJE\u{07}"),
    Payload(name: "CSI colour", raw: "\u{1B}[31;1;5mRED\u{1B}[0m"),
    Payload(name: "CSI clear and home", raw: "\u{1B}[2J\u{1B}[H"),
    Payload(name: "CSI alternate screen off", raw: "\u{1B}[?1049l"),
    Payload(name: "CSI mouse on", raw: "\u{1B}[?1000h"),
    Payload(name: "C1 CSI", raw: "\u{9B}31mC1RED", bodyStaysAsText: true),
    Payload(name: "C1 OSC", raw: "\u{9D}0;PWNED-TITLE\u{9C}", bodyStaysAsText: true),
    Payload(name: "C1 OSC 52", raw: "\u{9D}52;c;Q0xJUEJPQVJE\u{07}", bodyStaysAsText: true),
    Payload(name: "DCS", raw: "\u{1B}P+q544e\u{1B}\\"),
    Payload(name: "APC", raw: "\u{1B}_Gf=100;AAAA\u{1B}\\"),
    Payload(name: "bidi override", raw: "\u{202E}desrever\u{202C}"),
    Payload(name: "bidi isolate", raw: "\u{2067}isolated\u{2069}\u{200F}"),
  ]

  /// Markers that show a payload had an effect, or survived as text where it should not.
  public static let markers = ["PWNED", "Q0xJUEJPQVJE", "evil.example"]

  /// Every scalar that must never reach a terminal from feed text: C0 except tab and newline,
  /// DEL, C1, and the bidi embeddings, overrides, isolates and marks.
  public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x09 || value == 0x0A { return false }
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
      || value == 0x061C
  }

  /// The forbidden scalars in `text`, as `U+XXXX` names (empty when it is clean).
  public static func forbiddenScalars(in text: String) -> [String] {
    text.unicodeScalars.filter(isForbidden).map { "U+" + String($0.value, radix: 16) }
  }

  /// `text` as XML numeric character references, every scalar (`&#x1B;` for ESC).
  public static func numericReferences(_ text: String) -> String {
    text.unicodeScalars.map { "&#x" + String($0.value, radix: 16) + ";" }.joined()
  }

  /// `text` as numeric references inside HTML that is itself escaped in the XML: the feed
  /// says `&amp;#x1B;`, the HTML says `&#x1B;`, the text is ESC.
  public static func doubleEncoded(_ text: String) -> String {
    text.unicodeScalars.map { "&amp;#x" + String($0.value, radix: 16) + ";" }.joined()
  }

  /// XML text: `&`, `<` and `>` escaped; other characters (controls included) as they are.
  public static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  /// A Media RSS feed with every payload in every form: raw in the title, the author and the
  /// credit; as numeric references; double-encoded in an HTML description; raw inside CDATA
  /// HTML; in attributes (a thumbnail title, a link). Each item's title starts with a plain
  /// word (`Raw`, `Numeric`, `Double`, ...) so the tests can find it on screen.
  public static func escapeFeed() -> String {
    var items: [String] = []
    for (index, payload) in payloads.enumerated() {
      let tag = "P\(index)"
      items.append(
        item(
          title: "Raw\(tag) " + payload.raw + " end", author: "artist" + payload.raw,
          description: escaped("<p>body " + payload.raw + " end</p>"), index: index * 4))
      items.append(
        item(
          title: "Num\(tag) " + numericReferences(payload.raw) + " end",
          author: "artist" + numericReferences(payload.raw),
          description: "<![CDATA[<p>cdata " + payload.raw + " end</p>]]>", index: index * 4 + 1))
      items.append(
        item(
          title: "Dbl\(tag) " + doubleEncoded(payload.raw) + " end", author: "artist",
          description: "&lt;p&gt;double " + doubleEncoded(payload.raw) + " end&lt;/p&gt;",
          index: index * 4 + 2))
      items.append(
        item(
          title: "Html\(tag) " + escaped("<b>" + payload.raw + "</b>") + " end", author: "artist",
          description: "<![CDATA[" + doubleEncoded(payload.raw) + "]]>", index: index * 4 + 3,
          credit: payload.raw))
    }
    return document(title: "Hostile " + payloads[0].raw + " feed", items: items)
  }

  static func item(
    title: String, author: String, description: String, index: Int, credit: String = "x"
  ) -> String {
    """
    <item><title>\(title)</title><link>https://example.com/\(index)</link>
    <guid>hostile-\(index)</guid><author>\(author)</author>
    <pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate>
    <description>\(description)</description>
    <media:credit role="author">\(credit)</media:credit></item>
    """
  }

  /// An RSS 2.0 document with the Media RSS namespace around `items`.
  public static func document(title: String, items: [String]) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
    <title>\(title)</title><link>https://example.com/</link><description>d</description>
    \(items.joined(separator: "\n"))
    </channel></rss>

    """
  }

  // MARK: - Big files, written in pieces

  /// The head of a generated feed.
  static let head = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
    <title>Hostile</title><link>https://example.com/</link><description>d</description>

    """

  static let tail = "</channel></rss>\n"

  /// Writes a document made of `head`, `pieces` (asked for until nil) and `tail` to `path`,
  /// a megabyte or so at a time.
  static func write(to path: String, pieces: () -> String?) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw CocoaError(.fileWriteUnknown)
    }
    defer { try? handle.close() }
    var buffer = head
    while let piece = pieces() {
      buffer += piece
      if buffer.utf8.count > 1 << 20 {
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer = ""
      }
    }
    try handle.write(contentsOf: Data((buffer + tail).utf8))
  }

  /// One item whose title is `megabytes` MB of words (with no space for a run of 300
  /// characters now and then, so the wrapper meets long words too), then a normal item.
  public static func writeHugeTitle(to path: String, megabytes: Int) throws {
    let word = "hostile" + String(repeating: "x", count: 293) + " title words here "
    var left = megabytes * 1_000_000 / word.utf8.count
    var started = false
    try write(to: path) {
      if !started {
        started = true
        return "<item><title>Huge "
      }
      if left > 0 {
        left -= 1
        return word
      }
      if left == 0 {
        left = -1
        return "</title><guid>huge</guid></item>\n<item><title>After the huge one</title></item>\n"
      }
      return nil
    }
  }

  /// One item whose `element` holds `megabytes` of `word` repeated after `start`, then an
  /// ordinary item. The row of the first shows the start of the text.
  public static func writeHugeField(
    to path: String, megabytes: Int, element: String, start: String, word: String,
    end: String = ""
  ) throws {
    var left = megabytes * 1_000_000 / max(1, word.utf8.count)
    var started = false
    try write(to: path) {
      if !started {
        started = true
        return "<item><title>Huge field</title><guid>huge</guid><\(element)>\(start)"
      }
      if left > 0 {
        left -= 1
        return word
      }
      if left == 0 {
        left = -1
        return "\(end)</\(element)></item>\n<item><title>After the huge one</title></item>\n"
      }
      return nil
    }
  }

  /// `count` items, each with a title, a link, an author, a date and a thumbnail.
  public static func writeManyItems(to path: String, count: Int) throws {
    var index = 0
    try write(to: path) {
      guard index < count else { return nil }
      index += 1
      return "<item><title>Item \(index)</title><link>https://example.com/\(index)</link>"
        + "<guid>i\(index)</guid><author>artist\(index % 97)</author>"
        + "<pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate>"
        + "<media:thumbnail url=\"missing/\(index).png\" width=\"150\" height=\"100\"/></item>\n"
    }
  }

  /// One item with `count` thumbnails (and as many `media:content` elements), then a normal
  /// item; the thumbnails point at files that do not exist.
  public static func writeManyThumbnails(to path: String, count: Int) throws {
    var index = 0
    var started = false
    try write(to: path) {
      if !started {
        started = true
        return "<item><title>Ten thousand thumbnails</title><guid>thumbs</guid>\n"
      }
      if index < count {
        index += 1
        return
          "<media:thumbnail url=\"missing/t\(index).png\" width=\"\(index)\" height=\"\(index)\"/>"
          + "<media:content url=\"missing/c\(index).png\" medium=\"image\"/>\n"
      }
      if index == count {
        index += 1
        return "</item>\n<item><title>After the thumbnails</title></item>\n"
      }
      return nil
    }
  }

  /// An item whose description nests `depth` elements (`<div>`) inside the XML, and another
  /// whose HTML description nests `depth` escaped `<div>`s.
  public static func writeDeepNesting(to path: String, depth: Int) throws {
    var step = 0
    try write(to: path) {
      defer { step += 1 }
      switch step {
      case 0: return "<item><title>Deep XML</title><guid>deep-xml</guid><description>"
      case 1: return String(repeating: "<div>", count: depth) + "bottom"
      case 2: return String(repeating: "</div>", count: depth) + "</description></item>\n"
      case 3: return "<item><title>Deep HTML</title><guid>deep-html</guid><description>"
      case 4: return String(repeating: "&lt;div&gt;&lt;b&gt;", count: depth) + "bottom"
      case 5: return "</description></item>\n<item><title>After the deep ones</title></item>\n"
      default: return nil
      }
    }
  }

  /// A thumbnail whose `url` attribute, and an unknown attribute beside it, are each
  /// `megabytes` MB long.
  public static func writeHugeAttributes(to path: String, megabytes: Int) throws {
    let run = String(repeating: "a", count: 1_000)
    var step = 0
    try write(to: path) {
      defer { step += 1 }
      switch step {
      case 0:
        return
          "<item><title>Huge attributes</title><guid>attrs</guid><media:thumbnail url=\"http://"
      case 1: return String(repeating: run, count: megabytes * 1_000)
      case 2: return ".png\" junk=\""
      case 3: return String(repeating: run, count: megabytes * 1_000)
      case 4:
        return "\" width=\"150\" height=\"100\"/><link>https://x/"
          + String(repeating: run, count: megabytes * 1_000) + "</link></item>\n"
          + "<item><title>After the attributes</title></item>\n"
      default: return nil
      }
    }
  }

  /// Invalid UTF-8 in every field, in the XML declaration's place, in element names and
  /// attribute values; and NUL bytes in text, attributes and between elements.
  public static func brokenBytes() -> Data {
    let invalid: [[UInt8]] = [
      [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
      [0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC2, 0x9B], [0xC2, 0x9D],
    ]
    let junk = invalid.flatMap { $0 }
    var bytes: [UInt8] = Array(head.utf8)
    func add(_ text: String) { bytes += Array(text.utf8) }
    for index in 0..<20 {
      add("<item><title>Broken\(index) ")
      bytes += junk
      add(" end</title><author>a")
      bytes += junk + [0x00]
      add("b</author><description>")
      bytes += junk + [0x00, 0x1B] + Array("]0;PWNED\u{07}".utf8)
      add("</description><media:thumbnail url=\"x")
      bytes += junk + [0x00]
      add(".png\"/><link>https://x/\(index)</link><")
      bytes += [0xFF, 0xFE]
      add("/><guid>g\(index)</guid></item>\n")
      bytes += [0x00, 0x00]
    }
    add(tail)
    return Data(bytes)
  }
}
