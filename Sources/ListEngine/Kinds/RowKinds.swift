/// The kinds of the rows of a list, as the list engine sees them.
///
/// A row's kind (a small integer such as 0 = basic, 1 = image) selects the height estimate
/// used until the row is measured. Conformers answer rank queries without the engine keeping
/// anything per row, so a list of ten million rows costs the engine nothing until rows are
/// shown.
public protocol RowKinds: Sendable {
  /// The number of rows; rows are `0..<rowCount`.
  var rowCount: Int { get }

  /// The number of kinds; every kind is in `0..<kindCount`. At least 1.
  var kindCount: Int { get }

  /// The kind of `row`, in `0..<kindCount`.
  func kind(ofRow row: Int) -> Int

  /// The number of rows of `kind` among rows `0..<row`, for `row` in `0...rowCount`.
  ///
  /// Must be O(log n) or better: the engine calls it once per kind for every offset it
  /// computes.
  func count(ofKind kind: Int, below row: Int) -> Int
}
