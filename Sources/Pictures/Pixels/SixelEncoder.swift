import CChafa

/// Writes pictures as sixels with libchafa (its palette quantisation is better than a small
/// encoder's): one DCS sequence, transparent where the picture is.
public enum SixelEncoder {
  /// chafa's thread count is process-wide; one thread per picture, as for symbol cells.
  private static let configureChafa: Void = chafa_set_n_threads(1)

  /// The sixel sequence for `picture`, which must be exactly `columns` x `rows` cells of
  /// `cell` (a `PixelPicture` or a crop of one at cell edges); nil if chafa failed.
  public static func encode(_ picture: Picture, columns: Int, rows: Int, cell: CellSize)
    -> [UInt8]?
  {
    _ = configureChafa
    guard columns > 0, rows > 0 else { return nil }
    // A large picture (the item view's) gets both cores when they are free now
    // (`SpareCores`): chafa's palette work is most of its cost, and a second thread sharing
    // a core with another process's would make the slower half later than one thread. The
    // count is process-wide, so symbol conversions running meanwhile may use two threads
    // for a moment; that costs them a little time, never correctness.
    let large = picture.width * picture.height > 100_000 && SpareCores.available(2)
    if large { chafa_set_n_threads(2) }
    defer { if large { chafa_set_n_threads(1) } }
    let text = picture.pixels.withUnsafeBufferPointer { pixels in
      artfeed_chafa_sixels(
        pixels.baseAddress, Int32(picture.width), Int32(picture.height), Int32(columns),
        Int32(rows), Int32(cell.width), Int32(cell.height))
    }
    guard let text else { return nil }
    defer { artfeed_chafa_free_string(text) }
    let count = artfeed_chafa_string_length(text)
    guard count > 0, let bytes = artfeed_chafa_string_bytes(text) else { return nil }
    return Array(UnsafeBufferPointer(start: bytes, count: count))
  }
}
