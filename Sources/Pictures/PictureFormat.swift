/// The image formats the decoder reads, recognised by their first bytes only: never by file
/// extension or Content-Type, which servers and feeds get wrong.
public enum PictureFormat: String, Sendable, CaseIterable {
  case jpeg
  case png
  case gif
  case webp

  /// The format whose signature starts `bytes`, or `nil`.
  ///
  /// JPEG: FF D8 FF. PNG: the 8-byte signature. GIF: "GIF87a" or "GIF89a". WebP: "RIFF",
  /// a 4-byte size, then "WEBP".
  public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> PictureFormat?
  where Bytes.Element == UInt8 {
    let head = Array(bytes.prefix(12))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
      return .gif
    }
    if head.count == 12, head.starts(with: Array("RIFF".utf8)),
      head[8..<12].elementsEqual("WEBP".utf8)
    {
      return .webp
    }
    return nil
  }
}
