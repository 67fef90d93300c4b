/// A cursor over the UTF-8 bytes of a date, with the token readers `FeedDate` needs.
struct DateScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { index >= bytes.count }

  func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  mutating func advance() { index += 1 }

  /// Reads a word and keeps it if `read` makes something of it; otherwise the cursor stays.
  mutating func word<T>(as read: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
    let start = index
    if let value = read(word()) { return value }
    index = start
    return nil
  }

  mutating func next() -> UInt8? {
    defer { index += 1 }
    return peek()
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  mutating func skipSpaces() {
    while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      index += 1
    }
  }

  /// Skips spaces and the punctuation RFC 822 dates put between tokens (`,` `.`).
  mutating func skipSeparators() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",")
        || byte == UInt8(ascii: ".")
    {
      index += 1
    }
  }

  /// Whether the text starts with four digits and a `-` or `/`: the numeric (ISO) shape.
  func startsWithYear() -> Bool {
    for offset in 0..<4 {
      guard let byte = peek(offset), DateScanner.isDigit(byte) else { return false }
    }
    return peek(4) == UInt8(ascii: "-") || peek(4) == UInt8(ascii: "/")
  }

  /// Whether the digits at the cursor are followed by `:` (a time, not a day or a year).
  func looksLikeTime() -> Bool {
    var offset = 0
    while let byte = peek(offset), DateScanner.isDigit(byte) { offset += 1 }
    return offset > 0 && offset <= 2 && peek(offset) == UInt8(ascii: ":")
  }

  /// An unsigned decimal number of 1...`maxDigits` digits.
  mutating func number(maxDigits: Int) -> Int? {
    var value = 0
    var digits = 0
    while digits < maxDigits, let byte = peek(), DateScanner.isDigit(byte) {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
      index += 1
    }
    if let byte = peek(), DateScanner.isDigit(byte) { return nil }
    return digits > 0 ? value : nil
  }

  /// `h:mm`, `hh:mm:ss`, with an optional fraction (`.123`, `,5`) that is dropped.
  mutating func time() -> (hour: Int, minute: Int, second: Int)? {
    guard let hour = number(maxDigits: 2), next() == UInt8(ascii: ":"),
      let minute = number(maxDigits: 2)
    else { return nil }
    var second = 0
    if peek() == UInt8(ascii: ":") {
      advance()
      guard let value = number(maxDigits: 2) else { return nil }
      second = value
      if let mark = peek(), mark == UInt8(ascii: ".") || mark == UInt8(ascii: ","),
        let digit = peek(1), DateScanner.isDigit(digit)
      {
        advance()
        while let byte = peek(), DateScanner.isDigit(byte) { advance() }
      }
    }
    return (hour, minute, second)
  }

  /// A zone: `Z`, a name (`GMT`, `PDT`), or an offset `+hh`, `+hhmm`, `+hh:mm`; in seconds.
  mutating func zone() -> Int? {
    guard let first = peek() else { return nil }
    if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      advance()
      let start = index
      guard let hours = number(maxDigits: 2) else {
        // `+0900` reads as four digits; retry without the 2-digit limit.
        index = start
        return fourDigitOffset(sign: first)
      }
      var minutes = 0
      if peek() == UInt8(ascii: ":") {
        advance()
        guard let value = number(maxDigits: 2) else { return nil }
        minutes = value
      }
      let seconds = hours * 3_600 + minutes * 60
      return first == UInt8(ascii: "-") ? -seconds : seconds
    }
    let word = self.word()
    return Zones.offset(word)
  }

  private mutating func fourDigitOffset(sign: UInt8) -> Int? {
    guard let value = number(maxDigits: 4) else { return nil }
    let seconds = (value / 100) * 3_600 + (value % 100) * 60
    return sign == UInt8(ascii: "-") ? -seconds : seconds
  }

  /// A run of ASCII letters and non-ASCII characters (Greek, Hungarian or Korean month names),
  /// possibly empty, as a view of the text.
  mutating func word() -> UnsafeBufferPointer<UInt8> {
    let start = index
    while let byte = peek(), DateScanner.isLetter(byte) || byte >= 0x80 { index += 1 }
    return UnsafeBufferPointer(rebasing: bytes[start..<index])
  }
}
