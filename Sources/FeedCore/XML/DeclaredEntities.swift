/// The general entities a document declares in its own DOCTYPE (`<!ENTITY copy "(c)">`), and
/// their expansion, bounded.
///
/// Only internal entities are kept: external ones (`SYSTEM`, `PUBLIC`) and parameter entities
/// are never stored, so nothing outside the document is read. An expansion replaces references
/// to other declared entities, the XML and HTML5 names and character references; markup in a
/// value stays text. Each expansion is computed once. One that would exceed `maximumExpansion`
/// bytes (billion laughs), or refers to itself, expands to nothing with a warning; so does any
/// reference once the document's expansions together passed `maximumTotal` bytes.
struct DeclaredEntities {
  static let maximumExpansion = 64 * 1024
  static let maximumTotal = 4 * 1024 * 1024

  private var values: [String: [UInt8]] = [:]
  /// Finished expansions; `nil` marks one that was dropped.
  private var expansions: [String: [UInt8]?] = [:]
  private var inProgress: Set<String> = []
  private var total = 0

  var isEmpty: Bool { values.isEmpty }

  /// Records a declaration; the first one of a name wins (XML 1.0 4.2).
  mutating func declare(_ name: String, value: [UInt8]) {
    if values[name] == nil { values[name] = value }
  }

  /// The expansion of `name`, `.some(nil)` when it is declared but dropped (with the reason),
  /// `nil` when the document does not declare it.
  mutating func expansion(of name: String) -> (bytes: [UInt8]?, problem: String?)? {
    guard values[name] != nil else { return nil }
    let bytes = expand(name)
    guard let bytes else {
      return (
        nil,
        "entity '\(name)' expands to more than \(DeclaredEntities.maximumExpansion)"
          + " bytes or refers to itself (left empty)"
      )
    }
    total += bytes.count
    if total > DeclaredEntities.maximumTotal {
      return (
        nil,
        "entity expansions exceed \(DeclaredEntities.maximumTotal) bytes in all"
          + " (entity '\(name)' left empty)"
      )
    }
    return (bytes, nil)
  }

  private mutating func expand(_ name: String) -> [UInt8]? {
    if let done = expansions[name] { return done }
    guard let value = values[name], !inProgress.contains(name) else { return nil }
    inProgress.insert(name)
    var output: [UInt8] = []
    let result = appendExpanding(value, to: &output) ? output : nil
    inProgress.remove(name)
    expansions[name] = .some(result)
    return result
  }

  /// Appends `value` with its references replaced; `false` when it grows too big.
  private mutating func appendExpanding(_ value: [UInt8], to output: inout [UInt8]) -> Bool {
    var index = 0
    while index < value.count {
      let byte = value[index]
      guard byte == UInt8(ascii: "&"),
        let semicolon = value[index...].prefix(66).firstIndex(of: UInt8(ascii: ";")),
        semicolon > index + 1
      else {
        output.append(byte)
        index += 1
        if output.count > DeclaredEntities.maximumExpansion { return false }
        continue
      }
      let name = String(decoding: value[(index + 1)..<semicolon], as: UTF8.self)
      if values[name] != nil {
        guard let inner = expand(name) else { return false }
        output += inner
      } else {
        // Character references and the XML and HTML5 names, decoded once, as text.
        value.withUnsafeBufferPointer {
          HTMLText.appendDecodingEntities(
            UnsafeBufferPointer(rebasing: $0[index...semicolon]), legacy: false, to: &output)
        }
      }
      index = semicolon + 1
      if output.count > DeclaredEntities.maximumExpansion { return false }
    }
    return true
  }
}
