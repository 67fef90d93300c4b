import Testing

@testable import FeedCore

@Suite("HTML to plain text")
struct HTMLTextTests {
  static let cases: [(html: String, text: String)] = [
    ("plain words", "plain words"),
    ("  leading and trailing  ", "leading and trailing"),
    ("runs   of \t white\n\nspace", "runs of white space"),
    ("<b>bold</b> and <i>italic</i>", "bold and italic"),
    ("a<br>b", "a\nb"),
    ("a<br/>b<BR />c", "a\nb\nc"),
    ("a <br> b", "a\nb"),
    ("<p>one</p><p>two</p>", "one\n\ntwo"),
    ("<div>one</div>two", "one\n\ntwo"),
    ("<ul><li>x</li><li>y</li></ul>", "x\n\ny"),
    ("<h1>Head</h1>body", "Head\n\nbody"),
    ("<h6>Six</h6>", "Six"),
    ("x<script>var a = '<p>no</p>';</script>y", "xy"),
    ("x<style type=\"text/css\">p { color: red }</style>y", "xy"),
    ("x<SCRIPT>alert(1)</SCRIPT >y", "xy"),
    ("a<!-- hidden <p> -->b", "ab"),
    ("<a href=\"https://example.com/?a=1&amp;b=2\">link text</a>", "link text"),
    ("before <img src=\"x.jpg\" alt=\"an image\"> after", "before after"),
    ("<img src='a.jpg' alt='b > c'>text", "text"),
    ("a < b and c > d", "a < b and c > d"),
    ("tom &amp; jerry", "tom & jerry"),
    ("&lt;p&gt; is a tag", "<p> is a tag"),
    ("caf&eacute; &uuml;ber &Auml;", "café über Ä"),
    ("&#233;&#xE9;&#Xe9;", "ééé"),
    ("&#146;quoted&#147;", "’quoted“"),
    ("&#0;&#xD800;&#x110000;", "\u{FFFD}\u{FFFD}\u{FFFD}"),
    ("no&nbsp;break", "no\u{00A0}break"),
    ("&copy2019 &notin; &not", "©2019 ∉ ¬"),
    ("&bogus; &", "&bogus; &"),
    ("&NotNestedGreaterGreater;", "⪢̸"),
    ("<td>a</td><td>b</td>", "a b"),
    ("<table><tr><td>a</td></tr><tr><td>b</td></tr></table>", "a\n\nb"),
    ("unterminated <b", "unterminated"),
    ("<p>  spaced  </p>  <p> out </p>", "spaced\n\nout"),
    ("emoji 👩‍🎨 and 中文 stay", "emoji 👩‍🎨 and 中文 stay"),
    ("", ""),
  ]

  @Test("converts HTML fragments", arguments: cases)
  func converts(html: String, text: String) {
    #expect(HTMLText.plainText(html) == text)
  }

  @Test("decoding entities changes nothing else")
  func decodingEntities() {
    #expect(HTMLText.decodingEntities("<b>R&amp;D</b> &lt;x&gt;") == "<b>R&D</b> <x>")
  }

  @Test("every table name decodes, and the table has the whole HTML5 set")
  func entityTable() {
    #expect(HTMLEntities.count == 2231)
    #expect(HTMLEntities.replacement(for: "amp;") == Array("&".utf8))
    #expect(HTMLEntities.replacement(for: "nbsp") == [0xC2, 0xA0])
    // The first and last rows, two code points, a name that prefixes another, and misses.
    #expect(HTMLEntities.replacement(for: "AElig") == Array("Æ".utf8))
    #expect(HTMLEntities.replacement(for: "zwnj;") == [0xE2, 0x80, 0x8C])
    #expect(HTMLEntities.replacement(for: "NotEqualTilde;") == Array("\u{2242}\u{338}".utf8))
    #expect(HTMLEntities.replacement(for: "not") == Array("¬".utf8))
    #expect(HTMLEntities.replacement(for: "notin;") == Array("∉".utf8))
    for missing in ["", "A", "zzzz;", "amp;x", "Amp;", "AElig;;"] {
      #expect(HTMLEntities.replacement(for: missing) == nil, "\(missing)")
    }
    // Every name of the table, as its generator wrote it, decodes to its row's code points.
    let rows = htmlEntityRows.description.split(separator: "\n")
    #expect(rows.count == 2231)
    for row in rows {
      let parts = row.split(separator: " ")
      let expected = String(
        String.UnicodeScalarView(
          parts.dropFirst().compactMap { UInt32($0, radix: 16) }
            .compactMap(Unicode.Scalar.init)))
      #expect(HTMLEntities.replacement(for: String(parts[0])) == Array(expected.utf8), "\(row)")
    }
    #expect(HTMLText.plainText("&CounterClockwiseContourIntegral;") == "∳")
  }

  @Test("whitespace-only and markup-only input gives empty text")
  func emptyResults() {
    #expect(HTMLText.plainText(" \n\t ") == "")
    #expect(HTMLText.plainText("<p></p><br><img src=x>") == "")
  }
}
