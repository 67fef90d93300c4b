/// Injection: text that tries to become more than text. Addresses that would write extra
/// subscription lines or hide one address behind another, and C1 controls that open a
/// terminal string, which would swallow the rest of a title (docs/adr/0105).
extension HostileCorpus {
  /// An address with a control character in it, and what it tries.
  public struct ControlAddress: Sendable, CustomStringConvertible {
    public var name: String
    public var text: String
    public var description: String { name }
  }

  /// Every way a control character rides in an address: a line break that writes a second
  /// subscription, a CR that hides the first address behind the second on a terminal, ESC,
  /// a C1 CSI, a bidi override, a tab and DEL.
  public static let controlAddresses: [ControlAddress] = [
    ControlAddress(name: "line break", text: "https://a.example/x\nhttps://evil.example/"),
    ControlAddress(name: "CR", text: "https://evil.example/\rhttps://a.example/"),
    ControlAddress(name: "OSC 0", text: "https://a.example/\u{1B}]0;PWNED-TITLE\u{07}"),
    ControlAddress(name: "C1 CSI", text: "https://a.example/\u{9B}31m"),
    ControlAddress(name: "bidi override", text: "https://a.example/\u{202E}lmth.ssr"),
    ControlAddress(name: "tab", text: "https://a.example/\tx"),
    ControlAddress(name: "DEL", text: "https://a.example/\u{7F}x"),
  ]

  /// Titles with each C1 control that opens a swallowing string (CSI U+009B, DCS,
  /// SOS, OSC U+009D, PM, APC), between `before<i>` and `after<i>`, as XML text.
  public static let c1Titles: [String] = [0x9B, 0x90, 0x98, 0x9D, 0x9E, 0x9F].enumerated().map {
    index, value in
    "before\(index) " + String(Character(Unicode.Scalar(UInt8(value)))) + " after\(index)"
  }
}
