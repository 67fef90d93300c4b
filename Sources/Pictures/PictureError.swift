/// Why bytes did not become a `Picture`. The UI shows `description` inside the thumbnail box,
/// so each one is a word or two.
public enum PictureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No bytes at all.
  case empty
  /// The first bytes match none of JPEG, PNG, GIF or WebP.
  case unsupportedFormat
  /// The header claims more pixels than the decoder's bound; nothing was allocated.
  case tooLarge(width: Int, height: Int)
  /// The format was recognised but the decoder failed; the associated text is the
  /// library's message, for logs.
  case corrupt(String)

  /// A short text that fits in a thumbnail box.
  public var description: String {
    switch self {
    case .empty: "no image"
    case .unsupportedFormat: "not an image"
    case .tooLarge: "too large"
    case .corrupt: "damaged"
    }
  }
}
