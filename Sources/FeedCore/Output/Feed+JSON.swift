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
  ///
  /// Written with `key` and `begin`/`end` rather than `object { field { } }`: a closure that
  /// reads `item` holds a copy of it, and copying an item retains each of its strings and
  /// lists, which cost `parse --json`'s writing thread a seventh of its time.
  func item(
    _ item: FeedItem, shown: ((FeedItem) -> ItemShown)? = nil, artist: (() -> Void)? = nil
  ) {
    self.item(item, seen: shown?(item), artist: artist)
  }

  /// `item(_:shown:artist:)` with what a reader sees of it already made (nil: not written).
  func item(_ item: FeedItem, seen: ItemShown?, artist: (() -> Void)? = nil) {
    beginObject()
    key("title")
    string(item.title)
    key("link")
    string(item.link)
    key("guid")
    string(item.guid)
    key("published")
    if let published = item.published {
      timestamp(Int(published.timeIntervalSince1970.rounded(.down)))
    } else {
      string(nil)
    }
    key("author")
    string(item.author)
    key("categories")
    strings(item.categories)
    key("summary")
    string(item.summary)
    key("mediaTitle")
    string(item.mediaTitle)
    key("mediaDescription")
    string(item.mediaDescription)
    key("mediaText")
    string(item.mediaText)
    key("mediaKeywords")
    strings(item.mediaKeywords)
    key("credits")
    beginArray()
    for credit in item.credits {
      beginElement()
      beginObject()
      key("role")
      string(credit.role)
      key("scheme")
      string(credit.scheme)
      key("name")
      string(credit.name)
      endObject()
    }
    endArray()
    key("thumbnails")
    beginArray()
    for thumbnail in item.thumbnails {
      beginElement()
      beginObject()
      key("url")
      string(thumbnail.url)
      key("width")
      integer(thumbnail.width)
      key("height")
      integer(thumbnail.height)
      endObject()
    }
    endArray()
    key("contents")
    beginArray()
    for content in item.contents {
      beginElement()
      beginObject()
      key("url")
      string(content.url)
      key("medium")
      string(content.medium)
      key("type")
      string(content.type)
      key("width")
      integer(content.width)
      key("height")
      integer(content.height)
      endObject()
    }
    endArray()
    key("rating")
    string(item.rating)
    key("copyright")
    string(item.copyright)
    if let seen {
      key("enclosures")
      beginArray()
      for enclosure in item.enclosures {
        beginElement()
        beginObject()
        key("url")
        string(enclosure.url)
        key("type")
        string(enclosure.type)
        key("length")
        integer(enclosure.length)
        endObject()
      }
      endArray()
      key("shown")
      beginObject()
      key("title")
      string(seen.title)
      key("titleDerived")
      boolean(seen.titleDerived)
      key("artist")
      if let artist { artist() } else { string(seen.artist) }
      key("rowPicture")
      string(seen.rowPicture)
      key("pictures")
      strings(seen.pictures)
      key("alts")
      beginArray()
      for alt in seen.alts {
        beginElement()
        string(alt)
      }
      endArray()
      endObject()
    }
    endObject()
  }

  /// An array of strings.
  private func strings(_ values: [String]) {
    beginArray()
    for value in values {
      beginElement()
      string(value)
    }
    endArray()
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
