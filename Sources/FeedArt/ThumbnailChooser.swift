/// Picks the thumbnail whose pixel size is closest to the row's thumbnail box.
///
/// Candidates are plain `(width, height)` pairs in pixels, in feed order (the copies of one
/// picture, `ItemArt`). The row's box is 12 x 6 cells of an assumed 8 x 16 px cell: 96 x 96
/// px (`RowMetrics` in the browser).
///
/// Distance is measured by scale, not by pixels: a candidate's cost is the product of its
/// width ratio and height ratio to the target, each taken as big / small (so 2x too large
/// costs the same as 2x too small, and a perfect match costs 1). Ranking:
/// 1. candidates with both dimensions known, by cost;
/// 2. then candidates with one dimension known, by that dimension's ratio squared;
/// 3. then candidates with no usable size (nil, zero or negative dimensions).
/// Ties go to the earlier candidate.
public enum ThumbnailChooser {
  /// The index of the best candidate for a `targetWidth` x `targetHeight` px box, or nil when
  /// there are no candidates. Target dimensions below 1 count as 1.
  public static func bestIndex(
    of candidates: [(width: Int?, height: Int?)], targetWidth: Int, targetHeight: Int
  ) -> Int? {
    var best: (index: Int, rank: Int, cost: Double)?
    for (index, candidate) in candidates.enumerated() {
      let (rank, cost) = score(
        candidate, targetWidth: max(1, targetWidth), targetHeight: max(1, targetHeight))
      if let current = best, (current.rank, current.cost) <= (rank, cost) { continue }
      best = (index, rank, cost)
    }
    return best?.index
  }

  /// Rank (0 both known, 1 one known, 2 unknown) and cost within the rank.
  private static func score(
    _ candidate: (width: Int?, height: Int?), targetWidth: Int, targetHeight: Int
  ) -> (rank: Int, cost: Double) {
    let width = candidate.width.flatMap { $0 > 0 ? $0 : nil }
    let height = candidate.height.flatMap { $0 > 0 ? $0 : nil }
    switch (width, height) {
    case (let width?, let height?):
      return (0, ratio(width, targetWidth) * ratio(height, targetHeight))
    case (let width?, nil):
      return (1, ratio(width, targetWidth) * ratio(width, targetWidth))
    case (nil, let height?):
      return (1, ratio(height, targetHeight) * ratio(height, targetHeight))
    case (nil, nil):
      return (2, 0)
    }
  }

  /// The larger of `value / target` and `target / value`: 1 for a match, growing either way.
  private static func ratio(_ value: Int, _ target: Int) -> Double {
    let value = Double(value)
    let target = Double(target)
    return value >= target ? value / target : target / value
  }
}
