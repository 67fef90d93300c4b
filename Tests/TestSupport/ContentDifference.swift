import TextLayout

/// Compares the visible (non-whitespace) clusters of wrapped output with the input's, in
/// order, allowing `LineWrapper.placeholder` for input clusters wider than `width`.
/// Returns nil when they agree, else a description of the first difference.
///
/// Clusters are compared without leading spaces: an orphan combining mark after a tab joins
/// the last space the tab expands to (" \u{301}"), which is the same visible content.
public func contentDifference(input: String, output: [String], width: Int) -> String? {
  let expected = visibleClusters(input)
  let actual = output.flatMap(visibleClusters)
  guard expected.count == actual.count else {
    return "cluster counts differ: \(expected.count) in, \(actual.count) out"
  }
  for (index, (want, got)) in zip(expected, actual).enumerated() where want != got {
    if got == String(LineWrapper.placeholder) && DisplayWidth.of(want) > width { continue }
    return "cluster \(index): expected \(want.debugDescription), got \(got.debugDescription)"
  }
  return nil
}

/// The text's clusters without leading spaces and tabs, empty ones (whitespace) left out.
private func visibleClusters(_ text: String) -> [String] {
  text.compactMap { character in
    let scalars = character.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    return scalars.isEmpty ? nil : String(String.UnicodeScalarView(scalars))
  }
}
