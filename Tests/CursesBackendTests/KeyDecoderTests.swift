import Settings
import Testing

@testable import CursesBackend

@Suite("Key decoding")
struct KeyDecoderTests {
  /// ncurses' KEY_F0 (`0410`); KEY_F(n) is KEY_F0 + n.
  static let keyF0: Int32 = 0o410

  @Test("function keys decode as F1 to F24, so a config file can bind them (help = F1)")
  func functionKeys() {
    #expect(KeyDecoder.key(forKeyCode: Self.keyF0 + 1) == .function(1))
    #expect(KeyDecoder.key(forKeyCode: Self.keyF0 + 24) == .function(24))
    #expect(KeyDecoder.key(forKeyCode: Self.keyF0 + 25) == .unknown)
    #expect(KeyDecoder.key(forKeyCode: Self.keyF0) == .unknown)
  }
}
