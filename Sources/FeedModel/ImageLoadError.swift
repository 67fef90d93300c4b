/// Why a picture's bytes could not be had, in the few words a thumbnail box can show.
public struct ImageLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The words for the box, at most 10 columns: "no file", "HTTP 404", "too large", "offline".
  public var reason: String

  public init(_ reason: String) { self.reason = reason }

  public var description: String { reason }

  /// The work was cancelled (the row scrolled away); never shown.
  public static let cancelled = ImageLoadError("cancelled")
}
