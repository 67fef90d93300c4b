import FeedArt

extension ThumbnailChooser {
  /// The index of the best candidate for the thumbnail box of `metrics` (96 x 96 px).
  public static func bestIndex(
    of candidates: [(width: Int?, height: Int?)], metrics: RowMetrics = .standard
  ) -> Int? {
    let target = metrics.thumbnailPixelSize
    return bestIndex(of: candidates, targetWidth: target.width, targetHeight: target.height)
  }
}
