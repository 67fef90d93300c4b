import CLibXML2

/// One libxml2 SAX2 push parse: the C side of `FeedParser`.
///
/// Owns the parser context (hence a class) and forwards libxml2's callbacks to a
/// `FeedBuilder`. The callbacks are C function pointers that capture nothing; they find this
/// session through libxml2's `userData`, an unretained `Unmanaged` pointer that lives exactly as
/// long as the context it was given to.
///
/// Entities: libxml2 asks `getEntity` for every `&name;` (with `XML_PARSE_OLDSAX`). The five
/// XML ones come from libxml2; the HTML5 names are answered from `HTMLEntities` (feeds use
/// `&uuml;` without declaring it); anything else, including whatever a DTD declares, stays
/// undefined: no external entity is ever read and nothing is expanded recursively, so XXE and
/// billion-laughs documents get warnings instead of file contents or exponential memory.
final class SAXSession {
  let builder = FeedBuilder()
  /// libxml2's complaints, "line:column: message", the first `maximumIssues` of them.
  private(set) var issues: [String] = []
  /// How many complaints there were in all.
  private(set) var issueCount = 0
  /// The first error (not warning), for telling why a document is not XML.
  private(set) var firstError: (line: Int, column: Int, message: String)?
  /// Whether the root element showed that the document is not a feed (parsing then stopped).
  private(set) var stoppedAtRoot = false

  static let maximumIssues = 20

  private var context: xmlParserCtxtPtr?
  private var entities: [String: UnsafeMutablePointer<xmlEntity>] = [:]

  deinit {
    if let context { xmlFreeParserCtxt(context) }
    for entity in entities.values {
      xmlFreeNode(UnsafeMutableRawPointer(entity).assumingMemoryBound(to: xmlNode.self))
    }
  }

  /// Parses the next piece of the document (UTF-8, at most 2 GiB).
  func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty, !stoppedAtRoot, let base = bytes.baseAddress else { return }
    let context = self.context ?? makeContext()
    let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
    xmlParseChunk(context, pointer, Int32(bytes.count), 0)
  }

  /// Ends the document; libxml2 reports what is still open as errors.
  func finish() {
    if let context, !stoppedAtRoot { xmlParseChunk(context, nil, 0, 1) }
    builder.finish()
  }

  /// Whether libxml2 saw any byte at all.
  var started: Bool { context != nil }

  private func makeContext() -> xmlParserCtxtPtr? {
    xmlInitParser()
    artfeed_silence_generic_errors()
    var handler = xmlSAXHandler()
    handler.initialized = UInt32(XML_SAX2_MAGIC)
    handler.startElementNs = { userData, name, _, uri, _, _, attributeCount, _, attributes in
      guard let userData, let name else { return }
      SAXSession.with(userData) { session in
        let view = XMLAttributes(base: attributes, count: Int(attributeCount))
        if !session.builder.startElement(name, uri: uri, attributes: view) {
          session.stopAtRoot()
        }
      }
    }
    handler.endElementNs = { userData, name, _, _ in
      guard let userData, let name else { return }
      SAXSession.with(userData) { $0.builder.endElement(name) }
    }
    handler.characters = { userData, bytes, count in
      guard let userData, let bytes else { return }
      SAXSession.with(userData) {
        $0.builder.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
      }
    }
    handler.cdataBlock = handler.characters
    handler.getEntity = { userData, name in
      guard let userData, let name else { return nil }
      return SAXSession.with(userData) { $0.entity(named: name) }
    }
    handler.serror = { userData, error in
      guard let userData, let error else { return }
      SAXSession.with(userData) { $0.record(error.pointee) }
    }
    let userData = Unmanaged.passUnretained(self).toOpaque()
    let context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil)
    let options =
      XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_OLDSAX.rawValue
      | XML_PARSE_IGNORE_ENC.rawValue
    xmlCtxtUseOptions(context, Int32(options))
    self.context = context
    return context
  }

  /// Runs `body` with the session behind a `userData` pointer, without retain/release traffic.
  @inline(__always)
  private static func with<Result>(
    _ userData: UnsafeMutableRawPointer, _ body: (SAXSession) -> Result
  ) -> Result {
    Unmanaged<SAXSession>.fromOpaque(userData)._withUnsafeGuaranteedRef(body)
  }

  private func stopAtRoot() {
    stoppedAtRoot = true
    if let context { xmlStopParser(context) }
  }

  private func record(_ error: xmlError) {
    let message = error.message.map { String(cString: $0) }?
      .trimmingASCIIWhitespace() ?? "unknown error"
    let line = Int(error.line)
    let column = Int(error.int2)
    if firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue {
      firstError = (line, column, message)
    }
    issueCount += 1
    if issues.count < SAXSession.maximumIssues { issues.append("\(line):\(column): \(message)") }
  }

  /// Answers libxml2's entity lookups (see the type's documentation).
  private func entity(named name: UnsafePointer<UInt8>) -> UnsafeMutablePointer<xmlEntity>? {
    guard let context else { return nil }
    // An earlier recovered error leaves `wellFormed` at 0, after which libxml2 silently drops
    // every entity reference in text (`&amp;` included). Recovery means reading on as if the
    // document were fine, so the flag is reset each time a reference is looked up.
    context.pointee.wellFormed = 1
    if let predefined = xmlGetPredefinedEntity(name) { return predefined }
    let inText = context.pointee.instate == XML_PARSER_CONTENT
    let key = String(cString: name) + (inText ? ";" : ";@")
    if let cached = entities[key] { return cached }
    guard let replacement = HTMLEntities.table[String(cString: name) + ";"] else { return nil }
    // In text a "predefined" entity is handed to `characters` as it is; in attribute values
    // libxml2 copies only the first byte of those, so there it must be a general entity.
    let type = inText ? XML_INTERNAL_PREDEFINED_ENTITY : XML_INTERNAL_GENERAL_ENTITY
    let entity = (replacement + [0]).withUnsafeBufferPointer { content in
      xmlNewEntity(nil, name, Int32(type.rawValue), nil, nil, content.baseAddress)
    }
    if let entity { entities[key] = entity }
    return entity
  }
}
