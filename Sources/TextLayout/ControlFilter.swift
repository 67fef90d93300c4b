/// The scalar-by-scalar state machine behind `Sanitizer.clean`: line endings, escape
/// sequences, controls, format characters and unprintable code points.
struct ControlFilter {
  private enum State {
    case text
    /// After ESC.
    case escape
    /// After ESC and one or more intermediate bytes (0x20-0x2F).
    case escapeIntermediate
    /// Inside a CSI sequence, before its final byte.
    case controlSequence
    /// Inside an OSC, DCS, SOS, PM or APC string.
    case controlString
    /// After ESC inside a control string (ESC \ is ST).
    case controlStringEscape
  }

  private var state = State.text
  private var afterCarriageReturn = false

  /// Consumes one scalar, appending what survives to `output`.
  mutating func feed(_ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView) {
    switch state {
    case .text:
      text(scalar, into: &output)
    case .escape:
      escape(scalar, into: &output)
    case .escapeIntermediate:
      if (0x20...0x2F).contains(scalar.value) { return }
      state = .text
      if !(0x30...0x7E).contains(scalar.value) { text(scalar, into: &output) }
    case .controlSequence:
      if (0x20...0x3F).contains(scalar.value) { return }
      state = .text
      if !(0x40...0x7E).contains(scalar.value) { text(scalar, into: &output) }
    case .controlString:
      controlString(scalar, into: &output)
    case .controlStringEscape:
      if scalar == "\\" {
        state = .text
      } else {
        escape(scalar, into: &output)
      }
    }
  }

  private mutating func text(_ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView)
  {
    let value = scalar.value
    let wasCarriageReturn = afterCarriageReturn
    afterCarriageReturn = value == 0x0D
    switch value {
    case 0x0A:
      if !wasCarriageReturn { output.append("\n") }
    case 0x09:
      output.append(scalar)
    case 0x0D, 0x85, 0x2028, 0x2029:
      output.append("\n")
    case 0x1B:
      state = .escape
    case 0x00..<0x20, 0x7F..<0xA0:
      // C1 controls included (CSI U+009B, OSC U+009D...): dropped alone, never the start of
      // a sequence that swallows what follows. They reach no terminal either way, and a
      // stray one in a title once cut everything after it.
      break
    case 0x20..<0x7F:
      output.append(scalar)
    default:
      if Self.isRemovedFormat(scalar) { return }
      output.append(DisplayWidth.isPrintable(scalar) ? scalar : Sanitizer.replacement)
    }
  }

  private mutating func escape(
    _ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView
  ) {
    switch scalar.value {
    case 0x5B:  // [
      state = .controlSequence
    case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _
      state = .controlString
    case 0x20...0x2F:
      state = .escapeIntermediate
    case 0x30...0x7E:
      state = .text
    default:
      state = .text
      text(scalar, into: &output)
    }
  }

  private mutating func controlString(
    _ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView
  ) {
    switch scalar.value {
    case 0x07, 0x9C, 0x18, 0x1A:
      state = .text
    case 0x1B:
      state = .controlStringEscape
    case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
      state = .text
      text(scalar, into: &output)
    default:
      break
    }
  }

  /// Format characters (Cf) other than ZWJ and emoji tag characters.
  private static func isRemovedFormat(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.properties.generalCategory == .format else { return false }
    return scalar.value != 0x200D && !(0xE0020...0xE007F).contains(scalar.value)
  }
}
