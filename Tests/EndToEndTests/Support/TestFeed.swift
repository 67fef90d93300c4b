import Foundation

/// A Media RSS feed whose text is hard to measure: ZWJ sequences, flags, skin tones, VS16,
/// CJK, halfwidth kana, combining marks, tabs, a long unbroken URL and Arabic; some items
/// carry thumbnails (image rows), the others are basic rows. The last item is a long read in
/// numbered paragraphs for the detail view.
enum TestFeed {
  /// One `<item>`.
  struct Entry {
    var title: String
    var description: String
    var hasThumbnail: Bool
    /// `<media:text type="plain">`: kept as written, tabs and line breaks included.
    var mediaText: String? = nil
  }

  static let title = "Width test 中文 👨‍👩‍👧"

  static let longURL =
    "https://www.example.com/a/very/long/unbroken/path/that/never/ends/and/keeps/going/on/"
    + "and/on/without/any/space/at/all/0123456789abcdefghijklmnopqrstuvwxyz"

  static let entries: [Entry] = [
    Entry(
      title: "Family 👨‍👩‍👧 portrait",
      description: "A ZWJ family 👨‍👩‍👧 and an artist 👩‍🎨 at work.", hasThumbnail: true),
    Entry(
      title: "Trip to 🇯🇵 with 👍🏽",
      description: "Flags 🇯🇵🇫🇷 and skin tones 👍🏽👋🏿 side by side ❤️ ❤️ ❤️", hasThumbnail: false),
    Entry(
      title: "❤️ 中文字 ｶﾀｶﾅ cafe\u{301}",
      description:
        "Cafe\u{301} with a combining acute; 中文字中文字中文字 wraps between CJK; ｶﾀｶﾅ is halfwidth.",
      hasThumbnail: true),
    Entry(
      title: "Tabs\tin\tthe\ttitle",
      description: "Medium:\tInk\nSize:\t20 × 30 cm\nLink: \(longURL)", hasThumbnail: false,
      mediaText: "Medium:\tInk, 中文\nSize:\t20 × 30 cm\n\t👍🏽\tlast"),
    Entry(
      title: "قهوة الصباح 中文",
      description: "العمل متاح كمطبوعة بحجم A3 ابتداءً من الأسبوع القادم. 👨‍👩‍👧 ｶ e\u{301}",
      hasThumbnail: true),
    Entry(
      title: longURL,
      description: String(repeating: "👩‍🎨", count: 12) + " " + String(repeating: "🇯🇵", count: 9),
      hasThumbnail: true),
    Entry(
      title: "Mixed 中a👍🏽b❤️c\tｶ",
      description: String(repeating: "x中", count: 24) + " " + String(repeating: "ｶ", count: 12),
      hasThumbnail: false),
    Entry(title: longReadTitle, description: longRead, hasThumbnail: true),
  ]

  static let longReadTitle = "A long read in eight paragraphs"

  /// The long read's words: paragraph `p` holds `p<p>w01 ... p<p>w70`, so any line on screen
  /// says which paragraph, and where in it, the reader is.
  static func word(paragraph: Int, index: Int) -> String {
    "p\(paragraph)w" + (index < 10 ? "0\(index)" : "\(index)")
  }

  /// Eight HTML paragraphs: the detail view lays each out as a block of its own.
  static let longRead: String = (1...8).map { paragraph in
    "<p>" + (1...70).map { word(paragraph: paragraph, index: $0) }.joined(separator: " ") + "</p>"
  }.joined()

  /// The feed as RSS 2.0 with the Media RSS namespace.
  static func xml() -> String {
    var lines = [
      #"<?xml version="1.0" encoding="utf-8"?>"#,
      #"<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>"#,
      "<title>\(escaped(title))</title><link>https://example.com/</link>",
      "<description>Text that is hard to measure.</description>",
    ]
    for (index, entry) in entries.enumerated() {
      lines.append("<item><title>\(escaped(entry.title))</title>")
      lines.append("<link>https://example.com/items/\(index)</link><author>tester</author>")
      lines.append("<description>\(escaped(entry.description))</description>")
      if let text = entry.mediaText {
        lines.append(#"<media:text type="plain">\#(escaped(text))</media:text>"#)
      }
      if entry.hasThumbnail {
        lines.append(
          #"<media:thumbnail url="https://example.com/t\#(index).jpg" width="150" height="100"/>"#)
      }
      lines.append("</item>")
    }
    lines.append("</channel></rss>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes the feed into `directory` and returns its path.
  static func write(into directory: URL) throws -> String {
    let url = directory.appendingPathComponent("width-test.rss")
    try Data(xml().utf8).write(to: url)
    return url.path
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
