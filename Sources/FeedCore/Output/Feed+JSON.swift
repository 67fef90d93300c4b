import Foundation

extension Feed {
  /// The feed in the JSON schema of `artfeed parse --json` (issue 2): keys in schema order,
  /// `null` for absent values, `[]` for empty lists, dates as `YYYY-MM-DDTHH:MM:SSZ` in UTC.
  ///
  /// Laid out like Python's `json.dumps(indent=2, ensure_ascii=False)`, so the output diffs
  /// cleanly against the shared `*.expected.json` files. No trailing newline.
  public func jsonString() -> String {
    let json = JSONWriter()
    write(to: json)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// The same bytes as `jsonString()`, handed to `sink` in pieces of about `chunkSize` bytes
  /// as they are written (each piece is valid only during the call), so the whole document is
  /// never held at once. Ends with `terminator` (`jsonString()` has none).
  ///
  /// `shown`, when given, adds to each item what a reader sees of it (`ItemShown`), after
  /// the parsed fields.
  public func writeJSON(
    chunkSize: Int = 1 << 16, terminator: StaticString = "",
    shown: ((FeedItem) -> ItemShown)? = nil,
    to sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    withoutActuallyEscaping(sink) { sink in
      let json = JSONWriter(flushSize: chunkSize, sink: sink)
      write(to: json, shown: shown)
      sink(json.bytes)
      sink(UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount))
    }
  }

  private func write(to json: JSONWriter, shown: ((FeedItem) -> ItemShown)? = nil) {
    writeHead(to: json, shown: shown != nil) {
      json.array(items) { json.item($0, shown: shown) }
    }
  }

  /// The feed's fields, then `items` written by `items`.
  func writeHead(to json: JSONWriter, shown: Bool, items: () -> Void) {
    json.object {
      json.field("format") { json.string(format.rawValue) }
      json.field("title") { json.string(title) }
      json.field("link") { json.string(link) }
      json.field("description") { json.string(description) }
      if shown { json.field("author") { json.string(author) } }
      json.field("warnings") { json.array(warnings) { json.string($0) } }
      json.field("items", items)
    }
  }
}

/// What a reader sees of an item, as `artfeed parse --json` adds it under `"shown"`: the
/// title and artist as the browser shows them, the picture its row draws, and the full copy
/// of each of the post's pictures with its alt text.
public struct ItemShown: Sendable, Equatable {
  public var title: String
  public var titleDerived: Bool
  public var artist: String?
  public var rowPicture: String?
  public var pictures: [String]
  public var alts: [String?]

  public init(
    title: String, titleDerived: Bool, artist: String?, rowPicture: String?, pictures: [String],
    alts: [String?]
  ) {
    self.title = title
    self.titleDerived = titleDerived
    self.artist = artist
    self.rowPicture = rowPicture
    self.pictures = pictures
    self.alts = alts
  }
}

extension JSONWriter {
  /// One item; with `shown`, its `enclosures` and `shown` parts too, the artist written by
  /// `artist` when given (a value decided later: `FeedJSONStream`).
  func item(
    _ item: FeedItem, shown: ((FeedItem) -> ItemShown)? = nil, artist: (() -> Void)? = nil
  ) {
    object {
      field("title") { string(item.title) }
      field("link") { string(item.link) }
      field("guid") { string(item.guid) }
      field("published") {
        if let published = item.published {
          timestamp(Int(published.timeIntervalSince1970.rounded(.down)))
        } else {
          string(nil)
        }
      }
      field("author") { string(item.author) }
      field("categories") { array(item.categories) { string($0) } }
      field("summary") { string(item.summary) }
      field("mediaTitle") { string(item.mediaTitle) }
      field("mediaDescription") { string(item.mediaDescription) }
      field("mediaText") { string(item.mediaText) }
      field("mediaKeywords") { array(item.mediaKeywords) { string($0) } }
      field("credits") {
        array(item.credits) { credit in
          object {
            field("role") { string(credit.role) }
            field("scheme") { string(credit.scheme) }
            field("name") { string(credit.name) }
          }
        }
      }
      field("thumbnails") {
        array(item.thumbnails) { thumbnail in
          object {
            field("url") { string(thumbnail.url) }
            field("width") { integer(thumbnail.width) }
            field("height") { integer(thumbnail.height) }
          }
        }
      }
      field("contents") {
        array(item.contents) { content in
          object {
            field("url") { string(content.url) }
            field("medium") { string(content.medium) }
            field("type") { string(content.type) }
            field("width") { integer(content.width) }
            field("height") { integer(content.height) }
          }
        }
      }
      field("rating") { string(item.rating) }
      field("copyright") { string(item.copyright) }
      if let shown {
        let seen = shown(item)
        field("enclosures") {
          array(item.enclosures) { enclosure in
            object {
              field("url") { string(enclosure.url) }
              field("type") { string(enclosure.type) }
              field("length") { integer(enclosure.length) }
            }
          }
        }
        field("shown") {
          object {
            field("title") { string(seen.title) }
            field("titleDerived") { boolean(seen.titleDerived) }
            field("artist") { if let artist { artist() } else { string(seen.artist) } }
            field("rowPicture") { string(seen.rowPicture) }
            field("pictures") { array(seen.pictures) { string($0) } }
            field("alts") { array(seen.alts) { string($0) } }
          }
        }
      }
    }
  }

}

extension JSONWriter {
  /// `2014-05-28T00:52:01Z`: whole seconds, UTC.
  static func timestamp(_ date: Date) -> String {
    let json = JSONWriter()
    json.timestamp(Int(date.timeIntervalSince1970.rounded(.down)))
    let quoted = json.bytes
    return String(
      decoding: UnsafeBufferPointer(rebasing: quoted.dropFirst().dropLast()), as: UTF8.self)
  }
}

extension CivilTime {
  /// Year, month and day of a day count from 1970-01-01 (inverse of `daysSinceEpoch`), in the
  /// proleptic Gregorian calendar.
  public static func civil(fromDaysSinceEpoch days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
