/// The colour of one side (foreground or background) of a picture cell.
public enum CellColor: Sendable, Hashable {
  /// The terminal's default colour: transparent pixels, and every cell in `ColorDepth.none`.
  case none
  /// A 24-bit colour, 0xRRGGBB (`ColorDepth.truecolor`).
  case rgb(UInt32)
  /// A palette index: 16...255 for `.indexed256`, 0...7 for `.indexed8`.
  case indexed(UInt8)
}
