import FeedCore

/// The one rule for an item's title wherever it is shown (rows, the item view, the title
/// bar, `parse`, `render`): the title as written, else one made from the post's own text.
public enum ItemTitle {
  /// What every view shows for an item with no title and nothing to make one from.
  public static let untitled = "(untitled)"

  /// The most characters of a title made from text.
  public static let maxDerived = 80

  /// The title as written (`title`, else `media:title`), nil when both are blank.
  public static func written(_ item: FeedItem) -> String? {
    if let title = item.title, !isBlank(title) { return title }
    // A `media:title` inside a `media:content` is that picture's, not the post's.
    if let title = item.mediaTitle, !isBlank(title),
      !item.contents.contains(where: { $0.title == title })
    {
      return title
    }
    return nil
  }

  /// The title to show, and whether it was made from the text (`derived`).
  public static func shown(_ item: FeedItem) -> (text: String, derived: Bool) {
    if let written = written(item) { return (written, false) }
    return (derived(item), true)
  }

  /// A title made from the post's own text: its first line or sentence, without leading
  /// mentions and trailing hashtags, `#` dropped inside, at most `maxDerived` characters cut
  /// at a word with `…`; else the hashtags' words; else the first picture's alt text; else
  /// `untitled`. Never empty.
  public static func derived(_ item: FeedItem) -> String {
    if let text = ownText(item) {
      let sentence = firstSentence(text)
      if let made = cleaned(sentence, keepingTags: false) { return made }
      if let made = cleaned(sentence, keepingTags: true) { return made }
    }
    let alts =
      item.contents.compactMap(\.alt) + item.inlineImages.compactMap(\.alt)
      + item.contents.compactMap(\.title)
    if let alt = alts.first, let made = cleaned(firstSentence(alt), keepingTags: true) {
      return made
    }
    return untitled
  }

  /// The rest of the post's own words when its title was made from their first sentence
  /// (a row then shows the title and this, not the sentence twice); nil when the title was
  /// written, and an empty string when the text was that one sentence.
  public static func textAfterDerivedTitle(_ item: FeedItem) -> (text: String, rest: String)? {
    guard written(item) == nil, let text = ownText(item) else { return nil }
    let sentence = firstSentence(text)
    // A title cut short (…) leaves the sentence to the text.
    guard let title = cleaned(sentence, keepingTags: false), !title.hasSuffix("…") else {
      return nil
    }
    var rest = text[sentence.endIndex...]
    if let stop = rest.first, ".!?…".contains(stop) { rest = rest.dropFirst() }
    return (text, String(rest.drop { $0.isWhitespace }))
  }

  /// The post's own words: its summary, `media:text`, or a `media:description` that is not a
  /// picture's alt text.
  public static func ownText(_ item: FeedItem) -> String? {
    let alts = Set(item.contents.compactMap(\.alt))
    for text in [item.summary, item.mediaText, item.mediaDescription] {
      guard let text, !isBlank(text), !alts.contains(text) else { continue }
      return text
    }
    return nil
  }

  /// The text up to the first line break, or the end of its first sentence (`.`, `!`, `?`,
  /// `…` followed by a space). Reads at most a few hundred characters.
  static func firstSentence(_ text: String) -> Substring {
    let start = text.drop { $0.isWhitespace }
    var end = start.startIndex
    var count = 0
    while end < start.endIndex, count < 400 {
      let character = start[end]
      if character.isNewline { break }
      let next = start.index(after: end)
      if ".!?…".contains(character), next == start.endIndex || start[next].isWhitespace {
        // "Mr." and "e.g." aside, a stop ends it; keep "!" and "?" with the sentence.
        end = character == "." ? end : next
        break
      }
      end = next
      count += 1
    }
    return start[start.startIndex..<end]
  }

  /// `text` without leading mentions and (unless `keepingTags`) trailing hashtags, `#` and
  /// `@` dropped elsewhere, white space collapsed, cut to `maxDerived`; nil when nothing is
  /// left.
  static func cleaned(_ text: Substring, keepingTags: Bool) -> String? {
    var words = text.split(whereSeparator: \.isWhitespace)
    while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
    if !keepingTags {
      while let last = words.last, last.hasPrefix("#") { words.removeLast() }
    }
    let plain = words.map { word -> Substring in
      word.hasPrefix("#") && word.count > 1 ? word.dropFirst() : word
    }.filter { !$0.isEmpty }
    guard !plain.isEmpty else { return nil }
    var joined = plain.joined(separator: " ")
    if joined.count > maxDerived {
      var cut = String(joined.prefix(maxDerived - 1))
      if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > 20 {
        cut = String(cut[..<space])
      }
      while let last = cut.last, ",;:-–—".contains(last) || last.isWhitespace { cut.removeLast() }
      joined = cut + "…"
    }
    return joined
  }

  /// True when `text` is empty or white space; ASCII read a byte at a time.
  public static func isBlank(_ text: String) -> Bool {
    for byte in text.utf8 {
      switch byte {
      case 0x09...0x0D, 0x20: continue
      case ..<0x80: return false
      default: return text.allSatisfy(\.isWhitespace)
      }
    }
    return true
  }
}
