/// Turns the raw bytes of a document, chunk by chunk, into clean UTF-8 for libxml2.
///
/// The first kilobyte is held back until the encoding is known (`EncodingSniff`); after that
/// every chunk goes straight through: UTF-8 is repaired in place (`UTF8Repair`), windows-1252
/// is decoded here, anything else goes through `IconvDecoder`. libxml2 then parses with its own
/// encoding detection off (`XML_PARSE_IGNORE_ENC`), so a byte it cannot decode never stops it.
struct InputDecoder {
  /// Bytes held back while sniffing.
  private var head: [UInt8] = []
  private var sniff: EncodingSniff?
  private var repair = UTF8Repair()
  private var iconv: IconvDecoder?
  private var converted: [UInt8] = []
  /// What went wrong with the encoding, as warnings (no line numbers: they are about bytes).
  private(set) var warnings: [String] = []
  /// The first bytes of the input as they came, for telling JSON or binary data apart.
  private(set) var sample: [UInt8] = []
  /// Whether any byte at all arrived.
  private(set) var sawBytes = false

  static let headSize = 1024
  static let sampleSize = 512

  /// Decodes a chunk, handing clean UTF-8 to `emit` (zero or more times).
  mutating func push(
    _ chunk: UnsafeBufferPointer<UInt8>, emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    if chunk.isEmpty { return }
    sawBytes = true
    if sample.count < InputDecoder.sampleSize {
      sample.append(contentsOf: chunk.prefix(InputDecoder.sampleSize - sample.count))
    }
    if sniff != nil {
      decode(chunk, final: false, emit: emit)
      return
    }
    head.append(contentsOf: chunk)
    if head.count >= InputDecoder.headSize { releaseHead(final: false, emit: emit) }
  }

  /// Flushes everything held back; call once after the last chunk.
  mutating func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) {
    if sniff == nil {
      releaseHead(final: true, emit: emit)
    } else {
      decode(UnsafeBufferPointer(start: nil, count: 0), final: true, emit: emit)
    }
    if repair.substitutions > 0 {
      warnings.append("\(repair.substitutions) invalid byte sequence(s) replaced with U+FFFD")
    }
    if let iconv, iconv.rejectedBytes > 0 {
      warnings.append("\(iconv.rejectedBytes) byte(s) not valid in the declared encoding")
    }
  }

  /// An encoding label as the document wrote it, fit to print in a warning: encoding names
  /// are printable ASCII, so anything else (an escape sequence aimed at the terminal that
  /// reads `artfeed parse`'s standard error) becomes `?`, and a long label is cut at 60.
  static func printableLabel(_ label: String) -> String {
    let printable = label.unicodeScalars.prefix(60).map {
      (0x20...0x7E).contains($0.value) ? Character($0) : "?"
    }
    return String(printable) + (label.unicodeScalars.count > 60 ? "..." : "")
  }

  /// Sniffs the encoding from the held-back head, then decodes the head.
  private mutating func releaseHead(final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
    var sniffed = head.withUnsafeBufferPointer { EncodingSniff.sniff($0) }
    if case .iconv(let name) = sniffed.decoding {
      iconv = IconvDecoder(encoding: name)
      if iconv == nil {
        let label = Self.printableLabel(sniffed.declaredEncoding ?? name)
        warnings.append("unknown encoding \"\(label)\", read as UTF-8")
        sniffed.decoding = .utf8
      }
    }
    if let range = sniffed.misplacedDeclaration {
      // Same length, so libxml2's line and column numbers still match the file.
      for index in range where !HTMLMarkup.isWhitespace(head[index]) { head[index] = 0x20 }
      let line = head[..<range.lowerBound].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      warnings.append("\(line):1: XML declaration not at the start of the document (ignored)")
    }
    sniff = sniffed
    var body = head
    body.removeFirst(min(sniffed.byteOrderMarkLength, body.count))
    head = []
    body.withUnsafeBufferPointer { decode($0, final: final, emit: emit) }
  }

  private mutating func decode(
    _ chunk: UnsafeBufferPointer<UInt8>, final: Bool,
    emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    switch sniff?.decoding ?? .utf8 {
    case .utf8:
      repair.repair(chunk, final: final, emit: emit)
    case .windows1252:
      converted.removeAll(keepingCapacity: true)
      InputDecoder.appendWindows1252(chunk, to: &converted)
      converted.withUnsafeBufferPointer { repair.repair($0, final: final, emit: emit) }
    case .iconv:
      converted.removeAll(keepingCapacity: true)
      iconv?.decode(chunk, final: final, into: &converted)
      converted.withUnsafeBufferPointer { repair.repair($0, final: final, emit: emit) }
    }
  }

  /// Decodes windows-1252 (which HTML also uses for ISO-8859-1) to UTF-8.
  static func appendWindows1252(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.reserveCapacity(out.count + bytes.count + bytes.count / 4)
    for byte in bytes {
      if byte < 0x80 {
        out.append(byte)
      } else {
        UTF8Bytes.append(scalar: Windows1252.scalar(forC1: UInt32(byte)), to: &out)
      }
    }
  }
}
