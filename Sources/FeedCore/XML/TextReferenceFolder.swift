#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes runs of element text that hold many references as CDATA sections with the
/// references resolved, so that libxml2 reads each run in one piece.
///
/// Feeds carry their HTML escaped: `&lt;p&gt;`, `&amp;amp;`, `&quot;`. libxml2 reads each
/// reference by itself (a name, a dictionary lookup, a callback of one character), which costs
/// a fifth of the parser's thread on such feeds (docs/adr/0220). The same text as
/// `<![CDATA[<p>…]]>` reaches the builder through the same callback with the same characters.
///
/// A run is folded only where the result is the same document, positions included:
/// - in element content, never in a tag, a comment, a CDATA section or a processing
///   instruction;
/// - only the five XML references and character references to printable ASCII other than
///   `]` (no `]]>` can form, no line ends appear); any other reference, a line end, a control
///   byte, a `]`, or U+F000 and above (where U+FFFE and U+FFFF lie, which XML refuses) ends
///   the run where it is;
/// - each run ends on its own line with a comment whose length makes up the difference, so
///   every later column of the line (libxml2 counts characters in text, bytes in CDATA) and
///   every line number is what libxml2 reports for the input as it came; a run that saves too
///   little to pay for its CDATA and comment is left as it came;
/// - only while the document is well formed as far as read: libxml2 recovers from errors in
///   its own ways (a tag cut short, a reference dropped after an error), so at the first thing
///   it would complain of (a malformed tag, an end tag that closes another element, `--` in a
///   comment, `]]>` or a control character in text, an unknown reference, a DOCTYPE, which
///   may declare entities, or the end of the root) folding stops for the rest of the document.
///
/// Streams like `BareAmpersandEscaper`, whose output it takes: a reference or markup start cut
/// by a chunk's end is held back until the next chunk; a run never spans two chunks.
struct TextReferenceFolder {
  private enum Mode: Equatable {
    /// Between tags: element text, or white space before the root.
    case content
    /// Inside a start tag, outside quotes (`phase` says where).
    case startTag
    /// Inside a quoted attribute value.
    case quoted(UInt8)
    /// Inside an end tag: its name while `closing` is false, then white space to `>`.
    case endTag(closing: Bool)
    case comment, cdata, instruction
    /// For the rest of the document everything passes as it is.
    case off
  }

  /// Where a start tag is: in its name, between attributes (after white space or not), in an
  /// attribute's name, before its `=`, before its value, after a `/`.
  private enum Phase: Equatable {
    case name, gap(spaced: Bool), attribute, beforeEquals, beforeValue, slash
  }

  /// `<![CDATA[` + `]]>` + `<!--` + `-->`: what a run must save before it is folded.
  static let runCost = 19

  private var mode = Mode.content
  private var phase = Phase.name
  /// A hash (FNV-1a, 64 bits) of each open element's name, the innermost last: an end tag
  /// must name the innermost one.
  private var openNames: [UInt64] = []
  /// The hash of the tag name being read, so far.
  private var nameHash = TextReferenceFolder.hashStart
  private var carry: [UInt8] = []
  /// Room for the output, reused from chunk to chunk.
  private var storage: [UInt8] = []
  /// References resolved into CDATA so far.
  private(set) var foldedCount = 0
  /// Whether folding stopped at something libxml2 would complain of (or never started).
  var stopped: Bool { mode == .off }

  /// A folder; with `folding` false it passes everything as it is (the tests compare).
  init(folding: Bool = true) {
    mode = folding ? .content : .off
  }

  /// Folds `input` and hands the result to `emit` (at most once per call).
  mutating func fold(
    _ input: UnsafeBufferPointer<UInt8>, final: Bool,
    emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    if carry.isEmpty {
      foldBody(input, final: final, emit: emit)
      return
    }
    let joined = carry + Array(input)
    carry.removeAll(keepingCapacity: true)
    joined.withUnsafeBufferPointer { foldBody($0, final: final, emit: emit) }
  }

  /// One run being folded: where it starts in the output, and what it saves.
  private struct Run {
    var output: Int
    /// Where its last reference ends, in the input and in the output: a run ends there.
    var endInput: Int
    var endOutput: Int
    /// Characters saved by resolving references.
    var saved = 0
    /// UTF-8 continuation bytes of the run's own text: counted once per character in text,
    /// once per byte in CDATA.
    var continuationBytes = 0
    var references = 0
  }

  /// The output being written: never longer than the input plus a run's opening (a folded
  /// run is as long as its input, less its continuation bytes).
  private struct Output {
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    @inline(__always)
    mutating func append(_ byte: UInt8) {
      start[count] = byte
      count += 1
    }

    @inline(__always)
    mutating func append(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) {
      (start + count).update(from: base + range.lowerBound, count: range.count)
      count += range.count
    }

    mutating func append(_ text: StaticString) {
      (start + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
      count += text.utf8CodeUnitCount
    }
  }

  private mutating func foldBody(
    _ bytes: UnsafeBufferPointer<UInt8>, final: Bool,
    emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard !bytes.isEmpty else { return }
    if mode == .off {
      emit(bytes)
      return
    }
    // Moved out while written through its pointer, so that `self` stays free to change.
    var storage: [UInt8] = []
    swap(&storage, &self.storage)
    if storage.count < bytes.count + 16 {
      storage = [UInt8](repeating: 0, count: bytes.count + bytes.count / 4 + 16)
    }
    storage.withUnsafeMutableBufferPointer { room in
      // The room is at least 16 bytes, so its address is there.
      guard let start = room.baseAddress else { return }
      foldBody(bytes, into: Output(start: start), final: final, emit: emit)
    }
    swap(&storage, &self.storage)
  }

  private mutating func foldBody(
    _ bytes: UnsafeBufferPointer<UInt8>, into output: Output, final: Bool,
    emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard let base = bytes.baseAddress else { return }
    var output = output
    let count = bytes.count
    // Bytes before `passed` are in `output` (when `folds` > 0) or go out as they are.
    var passed = 0
    var folds = 0
    var position = 0
    var keepFrom = count
    /// Holds the bytes from `index` back for the next chunk, or (at the input's end, where
    /// nothing more comes) stops folding.
    func needMore(from index: Int) {
      if final { mode = .off } else { keepFrom = index }
    }
    /// Reads past the control byte or 0xEF at `index` (`character`), or stops folding at a
    /// character XML refuses; false when the chunk ends before it can be told.
    func passCharacter(at index: Int) -> Bool {
      switch Self.character(bytes, at: index) {
      case .allowed(let next): position = next
      case .refused: mode = .off
      case .cut:
        needMore(from: index)
        return false
      }
      return true
    }
    scan: while position < count {
      switch mode {
      case .off:
        position = count
      case .cdata, .instruction:
        let terminator: StaticString = mode == .cdata ? "]]>" : "?>"
        if let start = BareAmpersandEscaper.find(terminator, anchor: 0, in: bytes, from: position) {
          position = start + terminator.utf8CodeUnitCount
          mode = .content
        } else {
          if !final {
            keepFrom = max(position, count - BareAmpersandEscaper.tailLength(bytes, terminator))
          }
          break scan
        }
      case .comment:
        let hit = TextScan.markupAttention(in: bytes, from: position, stop: UInt8(ascii: "-"))
        guard hit < count else {
          position = count
          break scan
        }
        switch base[hit] {
        case UInt8(ascii: "-"):
          guard hit + 2 < count else {
            needMore(from: hit)
            break scan
          }
          if base[hit + 1] != UInt8(ascii: "-") {
            position = hit + 1
          } else if base[hit + 2] == UInt8(ascii: ">") {
            position = hit + 3
            mode = .content
          } else {
            mode = .off
          }
        case UInt8(ascii: "<"):
          position = hit + 1
        default:
          if !passCharacter(at: hit) { break scan }
        }
      case .quoted(let quote):
        let hit = TextScan.markupAttention(in: bytes, from: position, stop: quote)
        guard hit < count else {
          position = count
          break scan
        }
        switch base[hit] {
        case quote:
          position = hit + 1
          mode = .startTag
          phase = .gap(spaced: false)
        case UInt8(ascii: "<"):
          mode = .off
        default:
          if !passCharacter(at: hit) { break scan }
        }
      case .startTag:
        position = startTag(base, from: position, to: count)
      case .endTag:
        position = endTag(base, from: position, to: count)
      case .content:
        guard !openNames.isEmpty else {
          // Before the root only white space and markup.
          while position < count, HTMLMarkup.isWhitespace(base[position]) { position += 1 }
          guard position < count else { break scan }
          if base[position] == UInt8(ascii: "<") {
            if !markupStart(bytes, at: position, position: &position, final: final) {
              needMore(from: position)
              break scan
            }
          } else {
            mode = .off
          }
          continue scan
        }
        let next = TextScan.textAttention(in: bytes, from: position)
        guard next < count else {
          position = count
          break scan
        }
        switch base[next] {
        case UInt8(ascii: "&"):
          if let (byte, end) = Self.resolved(bytes, at: next) {
            output.append(base, passed..<next)
            var run = Run(output: output.count, endInput: end, endOutput: output.count + 10)
            output.append("<![CDATA[")
            output.append(byte)
            run.saved = end - next - 1
            run.references = 1
            let stop = extend(&run, bytes, from: end, into: &output)
            if finishRun(run, into: &output) {
              folds += 1
              passed = stop
            } else if folds == 0 {
              output.count = 0
              passed = 0
            } else {
              passed = next
            }
            position = stop
            continue scan
          }
          switch BareAmpersandEscaper.reference(bytes, at: next) {
          case .incomplete:
            needMore(from: next)
            break scan
          case .reference(let end) where Self.isKnown(bytes, next, end):
            position = end
          case .reference, .bare:
            mode = .off
          }
        case UInt8(ascii: "<"):
          if !markupStart(bytes, at: next, position: &position, final: final) {
            needMore(from: next)
            break scan
          }
        case UInt8(ascii: "]"):
          // `]]>` in text is an error.
          guard next + 2 < count else {
            needMore(from: next)
            break scan
          }
          if base[next + 1] == UInt8(ascii: "]"), base[next + 2] == UInt8(ascii: ">") {
            mode = .off
          } else {
            position = next + 1
          }
        default:
          if !passCharacter(at: next) { break scan }
        }
      }
    }
    if keepFrom < count {
      carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[keepFrom...]))
    }
    if folds > 0 {
      output.append(base, passed..<keepFrom)
      emit(UnsafeBufferPointer(start: output.start, count: output.count))
    } else if keepFrom > 0 {
      emit(UnsafeBufferPointer(rebasing: bytes[0..<keepFrom]))
    }
  }

  /// Reads the markup that the `<` at `index` opens; false when the chunk ends before it can
  /// be told (nothing read).
  private mutating func markupStart(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, position: inout Int, final: Bool
  ) -> Bool {
    guard index + 1 < bytes.count else { return false }
    let next = bytes[index + 1]
    switch next {
    case UInt8(ascii: "/"):
      mode = openNames.isEmpty ? .off : .endTag(closing: false)
      nameHash = Self.hashStart
      position = index + 2
    case UInt8(ascii: "!"):
      switch BareAmpersandEscaper.opener(bytes, at: index) {
      case .some(.comment):
        mode = .comment
        position = index + 4
      case .some(.cdata) where !openNames.isEmpty:
        mode = .cdata
        position = index + 9
      case .some(_):
        // A DOCTYPE, which may declare entities, or markup out of place.
        mode = .off
      case .none:
        return false
      }
    case UInt8(ascii: "?"):
      // Instructions before the root (the XML declaration, a style sheet) are read over;
      // one inside it is rare enough to stop at.
      mode = openNames.isEmpty ? .instruction : .off
      position = index + 2
    default:
      if BareAmpersandEscaper.isNameStart(next) {
        mode = .startTag
        phase = .name
        nameHash = Self.hashStart
        position = index + 1
      } else {
        mode = .off
      }
    }
    return true
  }

  /// Reads a start tag from `position` (outside quotes) until it ends, a value opens or the
  /// bytes end; returns where reading goes on.
  private mutating func startTag(_ base: UnsafePointer<UInt8>, from start: Int, to count: Int)
    -> Int
  {
    var index = start
    while index < count {
      switch phase {
      case .name:
        index = Self.nameEnd(base, from: index, to: count, hash: &nameHash)
        guard index < count else { return index }
        openNames.append(nameHash)
        phase = .gap(spaced: false)
      case .gap(var spaced):
        while index < count, Self.isSpace(base[index]) {
          spaced = true
          index += 1
        }
        phase = .gap(spaced: spaced)
        guard index < count else { return index }
        let byte = base[index]
        index += 1
        if byte == UInt8(ascii: ">") {
          mode = .content
          return index
        } else if byte == UInt8(ascii: "/") {
          phase = .slash
        } else if spaced, BareAmpersandEscaper.isNameStart(byte) {
          phase = .attribute
        } else {
          mode = .off
          return index - 1
        }
      case .attribute:
        var ignored = Self.hashStart
        index = Self.nameEnd(base, from: index, to: count, hash: &ignored)
        guard index < count else { return index }
        phase = .beforeEquals
      case .beforeEquals, .beforeValue:
        while index < count, Self.isSpace(base[index]) { index += 1 }
        guard index < count else { return index }
        let byte = base[index]
        index += 1
        if phase == .beforeEquals, byte == UInt8(ascii: "=") {
          phase = .beforeValue
        } else if phase == .beforeValue, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          mode = .quoted(byte)
          return index
        } else {
          mode = .off
          return index - 1
        }
      case .slash:
        guard base[index] == UInt8(ascii: ">") else {
          mode = .off
          return index
        }
        closeElement()
        return index + 1
      }
    }
    return index
  }

  /// Reads an end tag from `position`: its name must be the innermost open element's.
  private mutating func endTag(_ base: UnsafePointer<UInt8>, from start: Int, to count: Int)
    -> Int
  {
    guard case .endTag(let closing) = mode, let open = openNames.last else {
      mode = .off
      return start
    }
    var index = start
    if !closing {
      index = Self.nameEnd(base, from: index, to: count, hash: &nameHash)
      guard index < count else { return index }
      guard nameHash == open else {
        mode = .off
        return index
      }
      mode = .endTag(closing: true)
    }
    while index < count, Self.isSpace(base[index]) { index += 1 }
    guard index < count else { return index }
    guard base[index] == UInt8(ascii: ">") else {
      mode = .off
      return index
    }
    closeElement()
    return index + 1
  }

  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  static let hashStart: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The index of the first byte at or after `start` that is not a name byte, with the
  /// name's bytes added to `hash`.
  @inline(__always)
  private static func nameEnd(
    _ base: UnsafePointer<UInt8>, from start: Int, to count: Int, hash: inout UInt64
  ) -> Int {
    var index = start
    var value = hash
    while index < count {
      let byte = base[index]
      guard BareAmpersandEscaper.isNameByte(byte) else { break }
      value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
      index += 1
    }
    hash = value
    return index
  }

  /// The innermost element ends; at the root's end folding stops (what follows is not text).
  private mutating func closeElement() {
    openNames.removeLast()
    mode = openNames.isEmpty ? .off : .content
  }

  /// What a byte of text, a value or a comment that is not ASCII printable is.
  private enum CharacterCheck {
    /// Allowed; reading goes on at the index.
    case allowed(Int)
    /// A character XML refuses.
    case refused
    /// The chunk ends before it can be told.
    case cut
  }

  /// A control byte (tab and line ends allowed) or 0xEF (U+FFFE and U+FFFF refused).
  private static func character(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> CharacterCheck
  {
    let byte = bytes[index]
    if byte == 0x09 || byte == 0x0A || byte == 0x0D { return .allowed(index + 1) }
    guard byte == 0xEF else { return .refused }
    guard index + 2 < bytes.count else { return .cut }
    if bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return .refused }
    return .allowed(index + 1)
  }

  /// Adds text and references to `run` from `start` until something a run may not hold;
  /// returns where the run ends: after its last reference. The text after that stays as it
  /// came, because libxml2 reads it as one piece with what stopped the run, and some errors
  /// (`]]>`) drop that piece: it must be the same piece, folded or not.
  private func extend(
    _ run: inout Run, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
    into output: inout Output
  ) -> Int {
    readRun(&run, bytes, from: start, into: &output)
    output.count = run.endOutput
    return run.endInput
  }

  /// Copies the run's text and resolved references from `start` until something a run may
  /// not hold, recording in `run` where its last reference ends.
  private func readRun(
    _ run: inout Run, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
    into output: inout Output
  ) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    // Continuation bytes since the last reference: the run's only once a reference follows.
    var continuationBytes = 0
    var index = start
    while index < count {
      let hit = TextScan.cdataAttention(in: bytes, from: index)
      if hit > index { output.append(base, index..<hit) }
      index = hit
      guard index < count else { break }
      let byte = base[index]
      switch byte {
      case UInt8(ascii: "&"):
        guard let (resolved, end) = Self.resolved(bytes, at: index) else { return }
        output.append(resolved)
        run.saved += end - index - 1
        run.references += 1
        run.continuationBytes += continuationBytes
        continuationBytes = 0
        run.endInput = end
        run.endOutput = output.count
        index = end
      case 0x09:
        output.append(byte)
        index += 1
      case 0xC2...0xEE:
        // A character of two or three bytes (U+0080 to U+EFFF), unless the input is cut
        // there or it is a surrogate (which no XML text holds).
        let length = byte >= 0xE0 ? 3 : 2
        guard index + length <= count, byte != 0xED || base[index + 1] < 0xA0 else {
          return
        }
        output.append(base, index..<index + length)
        continuationBytes += length - 1
        index += length
      case 0xF0...0xF4:
        guard index + 4 <= count else { return }
        output.append(base, index..<index + 4)
        continuationBytes += 3
        index += 4
      default:
        // `<`, `]`, a line end or control byte, U+F000 and above, or a stray byte.
        return
      }
    }
  }

  /// Closes `run`: with a CDATA end and a comment that keeps the line's columns when it
  /// saves enough (true), else takes its output back (false).
  private mutating func finishRun(_ run: Run, into output: inout Output) -> Bool {
    let padding = run.saved - run.continuationBytes - Self.runCost
    guard padding >= 0 else {
      output.count = run.output
      return false
    }
    output.append("]]><!--")
    (output.start + output.count).update(repeating: UInt8(ascii: " "), count: padding)
    output.count += padding
    output.append("-->")
    foldedCount += run.references
    return true
  }

  /// The byte the reference at `index` stands for and where it ends, when a run may hold it:
  /// one of the five XML references, or a character reference to printable ASCII other than
  /// `]`. Nil for anything else, and for a reference the chunk's end cuts.
  static func resolved(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt8, Int)? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    @inline(__always) func matches(_ text: StaticString, at offset: Int) -> Bool {
      let length = text.utf8CodeUnitCount
      guard index + offset + length <= count else { return false }
      return memcmp(base + index + offset, text.utf8Start, length) == 0
    }
    guard index + 1 < count else { return nil }
    switch base[index + 1] {
    case UInt8(ascii: "l"): return matches("t;", at: 2) ? (UInt8(ascii: "<"), index + 4) : nil
    case UInt8(ascii: "g"): return matches("t;", at: 2) ? (UInt8(ascii: ">"), index + 4) : nil
    case UInt8(ascii: "a"):
      if matches("mp;", at: 2) { return (UInt8(ascii: "&"), index + 5) }
      return matches("pos;", at: 2) ? (UInt8(ascii: "'"), index + 6) : nil
    case UInt8(ascii: "q"): return matches("uot;", at: 2) ? (UInt8(ascii: "\""), index + 6) : nil
    case UInt8(ascii: "#"):
      guard let (value, end) = characterReference(bytes, at: index), value >= 0x20,
        value <= 0x7E, value != 0x5D
      else { return nil }
      return (UInt8(value), end)
    default: return nil
    }
  }

  /// Whether the reference `bytes[start..<end]` is one libxml2 reads without complaint here:
  /// a character reference to a character XML allows, or a name it knows (the five, then the
  /// HTML5 names `SAXSession` answers for).
  private static func isKnown(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Bool
  {
    if bytes[start + 1] == UInt8(ascii: "#") {
      guard let (value, _) = characterReference(bytes, at: start) else { return false }
      switch value {
      case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: return true
      default: return false
      }
    }
    return HTMLEntities.replacement(for: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]))
      != nil
  }

  /// The value of `&#digits;` or `&#xhex;` at `index` (at most eight digits) and where it
  /// ends; nil when there is none.
  private static func characterReference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> (Int, Int)?
  {
    let count = bytes.count
    var cursor = index + 2
    let hex = cursor < count && bytes[cursor] == UInt8(ascii: "x")
    if hex { cursor += 1 }
    let first = cursor
    var value = 0
    while cursor < count, cursor - first <= 8 {
      let byte = bytes[cursor]
      let digit: Int
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte) - 0x30
      case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = Int(byte) - 0x57
      case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = Int(byte) - 0x37
      case UInt8(ascii: ";"):
        return cursor > first ? (value, cursor + 1) : nil
      default: return nil
      }
      value = value * (hex ? 16 : 10) + digit
      cursor += 1
    }
    return nil
  }
}
