import Foundation

/// Writes subscriptions as OPML 2.0, tags as folders: what other readers import.
///
/// A tag is a folder; a tag with `/` is a path of nested folders (`Art/Ink` is the folder
/// `Ink` inside `Art`), which is how `import` reads nested folders back. A feed with two tags
/// sits in both folders (readers that import OPML merge the same `xmlUrl` into both
/// categories); a feed without tags sits at the top. Folders come in the order their first
/// feed does, feeds in the feeds file's order.
public enum OPMLWriter {
  /// One feed to write.
  public struct Entry: Sendable, Equatable {
    public var xmlURL: String
    public var title: String
    public var htmlURL: String?
    public var tags: [String]

    public init(xmlURL: String, title: String, htmlURL: String? = nil, tags: [String] = []) {
      self.xmlURL = xmlURL
      self.title = title
      self.htmlURL = htmlURL
      self.tags = tags
    }
  }

  /// The whole document, UTF-8, ending with a newline.
  public static func document(
    _ entries: [Entry], title: String = "artfeed subscriptions", date: Date = Date()
  )
    -> String
  {
    let root = Folder(name: "")
    for entry in entries {
      if entry.tags.isEmpty { root.children.append(.feed(entry)) }
      for tag in entry.tags {
        let path = tag.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
        root.folder(at: path.filter { !$0.isEmpty }).children.append(.feed(entry))
      }
    }
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <opml version="2.0">
        <head>
          <title>\(escape(title))</title>
          <dateCreated>\(rfc822(date))</dateCreated>
        </head>
        <body>

      """
    root.write(into: &text, depth: 2)
    text += "  </body>\n</opml>\n"
    return text
  }

  /// One `<outline type="rss">` line.
  static func outline(_ entry: Entry) -> String {
    var text =
      "<outline type=\"rss\" text=\"\(escape(entry.title))\" title=\"\(escape(entry.title))\""
    text += " xmlUrl=\"\(escape(entry.xmlURL))\""
    if let html = entry.htmlURL { text += " htmlUrl=\"\(escape(html))\"" }
    return text + "/>"
  }

  /// Text made safe for an attribute: markup characters escaped, line breaks and tabs as
  /// character references (an attribute's raw newline would be read back as a space), and
  /// the control characters XML 1.0 forbids left out.
  static func escape(_ value: String) -> String {
    var text = ""
    text.reserveCapacity(value.utf8.count)
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": text += "&amp;"
      case "<": text += "&lt;"
      case ">": text += "&gt;"
      case "\"": text += "&quot;"
      case "\n": text += "&#10;"
      case "\r": text += "&#13;"
      case "\t": text += "&#9;"
      case "\u{FFFE}", "\u{FFFF}": continue
      default:
        if scalar.value < 0x20 { continue }
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// `dateCreated` as OPML 2.0 asks: RFC 822, in GMT.
  static func rfc822(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }
}

/// A folder of the document being written (a class: folders are found and filled in place).
private final class Folder {
  enum Child {
    case feed(OPMLWriter.Entry)
    case folder(Folder)
  }

  let name: String
  var children: [Child] = []

  init(name: String) {
    self.name = name
  }

  /// The folder at `path` below this one, created on first use.
  func folder(at path: [String]) -> Folder {
    guard let first = path.first else { return self }
    for case .folder(let child) in children where child.name == first {
      return child.folder(at: Array(path.dropFirst()))
    }
    let child = Folder(name: first)
    children.append(.folder(child))
    return child.folder(at: Array(path.dropFirst()))
  }

  func write(into text: inout String, depth: Int) {
    let indent = String(repeating: "  ", count: depth)
    for child in children {
      switch child {
      case .feed(let entry):
        text += indent + OPMLWriter.outline(entry) + "\n"
      case .folder(let folder):
        let name = OPMLWriter.escape(folder.name)
        text += "\(indent)<outline text=\"\(name)\" title=\"\(name)\">\n"
        folder.write(into: &text, depth: depth + 1)
        text += "\(indent)</outline>\n"
      }
    }
  }
}
