import CNCurses
import TUI

/// Turns what `wget_wch` returns into `Key`s.
enum KeyDecoder {
  /// A key from a character (`wget_wch` returned OK).
  static func key(forCharacter value: UInt32) -> Key? {
    switch value {
    case 10, 13: return .enter
    case 27: return .escape
    case 9: return .tab
    case 8, 127: return .backspace
    case 1...26: return Unicode.Scalar(value + 96).map { .control(Character($0)) }
    case 0..<32: return .unknown
    default:
      guard let scalar = Unicode.Scalar(value) else { return .unknown }
      return .character(Character(scalar))
    }
  }

  /// A key from a key code (`wget_wch` returned KEY_CODE_YES).
  static func key(forKeyCode code: Int32) -> Key {
    switch code {
    case KEY_UP: .up
    case KEY_DOWN: .down
    case KEY_LEFT: .left
    case KEY_RIGHT: .right
    case KEY_NPAGE: .pageDown
    case KEY_PPAGE: .pageUp
    case KEY_HOME, KEY_BEG: .home
    case KEY_END: .end
    case KEY_ENTER: .enter
    case KEY_BACKSPACE: .backspace
    case (KEY_F0 + 1)...(KEY_F0 + Int32(Key.functionKeys.upperBound)): .function(Int(code - KEY_F0))
    default: .unknown
    }
  }
}
