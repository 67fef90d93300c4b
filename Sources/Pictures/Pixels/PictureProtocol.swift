/// How a terminal is sent pixels.
public enum PictureProtocol: String, Sendable, Hashable, CaseIterable {
  /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole): a picture is sent once
  /// under an id, then placed and deleted by id.
  case kitty
  /// DEC sixel graphics (xterm -ti vt340, foot, mlterm, WezTerm, Windows Terminal): the
  /// picture is drawn where the cursor is, and text written over it erases it.
  case sixel
  /// iTerm2's inline images (OSC 1337 File=): a PNG drawn where the cursor is.
  case iterm
}
