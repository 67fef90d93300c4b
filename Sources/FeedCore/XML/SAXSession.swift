import CLibXML2

/// One libxml2 SAX2 push parse: the C side of `FeedParser`.
///
/// Owns the parser context (hence a class) and forwards libxml2's callbacks to a
/// `FeedBuilder`. The callbacks are C function pointers that capture nothing; they find this
/// session through libxml2's `userData`, an unretained `Unmanaged` pointer that lives exactly as
/// long as the context it was given to.
///
/// Entities: libxml2 resolves the five XML ones itself and asks `getEntity` for any other
/// `&name;`. Internal general entities the document declares in its DOCTYPE are answered with
/// their expansion (`DeclaredEntities`: bounded, so billion laughs gets a warning and nothing),
/// in text only; then the HTML5 names from `HTMLEntities` (feeds use `&uuml;` without declaring
/// it). External and parameter entities are never stored or read, so XXE documents get
/// warnings instead of file contents.
final class SAXSession {
  /// Everything the callbacks touch, behind one pointer: `userData` points here, so a callback
  /// reaches the builder without retain/release or dynamic exclusivity checks.
  struct State: ~Copyable {
    var builder = FeedBuilder()
    var context: xmlParserCtxtPtr?
    var issues: [String] = []
    var issueCount = 0
    var firstError: (line: Int, column: Int, message: String)?
    var stoppedAtRoot = false
    var entities: [String: UnsafeMutablePointer<xmlEntity>] = [:]
    var declared = DeclaredEntities()
  }

  static let maximumIssues = 20

  private let state: UnsafeMutablePointer<State>

  init() {
    state = .allocate(capacity: 1)
    state.initialize(to: State())
  }

  deinit {
    if let context = state.pointee.context {
      // libxml2 builds a document of its own in SAX mode when a DOCTYPE declares an entity
      // ("expat compatibility" in xmlParseEntityDecl), and xmlFreeParserCtxt leaves it to us.
      if let document = context.pointee.myDoc { xmlFreeDoc(document) }
      xmlFreeParserCtxt(context)
    }
    // xmlParseEntityDecl hands the entity that getEntity returns for a name just declared the
    // declaration's raw text (`orig`, "to save the raw entity value"); xmlFreeNode leaves it.
    // The free function comes from xmlMemGet: Swift 6 rejects libxml2's global `xmlFree`.
    var release: xmlFreeFunc?
    xmlMemGet(&release, nil, nil, nil)
    for entity in state.pointee.entities.values {
      if let orig = entity.pointee.orig { release?(UnsafeMutableRawPointer(mutating: orig)) }
      xmlFreeNode(UnsafeMutableRawPointer(entity).assumingMemoryBound(to: xmlNode.self))
    }
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// What the builder has read so far.
  var result: ParsedDocument { state.pointee.builder.result }
  /// libxml2's complaints, "line:column: message", the first `maximumIssues` of them.
  var issues: [String] { state.pointee.issues }
  /// How many complaints there were in all.
  var issueCount: Int { state.pointee.issueCount }
  /// The first error (not warning), for telling why a document is not XML.
  var firstError: (line: Int, column: Int, message: String)? { state.pointee.firstError }

  /// How many items the builder has finished so far.
  var itemCount: Int { state.pointee.builder.itemCount }

  /// The feed's title as read so far (the channel's title usually precedes its items).
  var title: String? { state.pointee.builder.title }
  /// The feed's link and own author as far as they have been read.
  var link: String? { state.pointee.builder.link }
  var author: String? { state.pointee.builder.author }

  /// Moves the finished items out (see `FeedBuilder.takeItems`).
  func takeItems(reservingCapacity next: Int) -> [FeedItem] {
    state.pointee.builder.takeItems(reservingCapacity: next)
  }

  /// Makes room for `count` items in all (see `FeedBuilder.reserveItems`).
  func reserveItems(_ count: Int) {
    state.pointee.builder.reserveItems(count)
  }

  /// Parses the next piece of the document (UTF-8, at most 2 GiB).
  func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty, !state.pointee.stoppedAtRoot, let base = bytes.baseAddress else { return }
    let context = state.pointee.context ?? makeContext()
    let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
    xmlParseChunk(context, pointer, Int32(bytes.count), 0)
  }

  /// Ends the document; libxml2 reports what is still open as errors.
  func finish() {
    if let context = state.pointee.context, !state.pointee.stoppedAtRoot {
      xmlParseChunk(context, nil, 0, 1)
    }
    state.pointee.builder.finish()
  }

  private func makeContext() -> xmlParserCtxtPtr? {
    xmlInitParser()
    artfeed_silence_generic_errors()
    var handler = xmlSAXHandler()
    handler.initialized = UInt32(XML_SAX2_MAGIC)
    handler.startElementNs = { userData, name, _, uri, _, _, attributeCount, _, attributes in
      guard let state = SAXSession.state(userData), let name else { return }
      SAXSession.keepReading(state)
      let view = XMLAttributes(base: attributes, count: Int(attributeCount))
      if !state.pointee.builder.startElement(name, uri: uri, attributes: view) {
        state.pointee.stoppedAtRoot = true
        if let context = state.pointee.context { xmlStopParser(context) }
      }
    }
    handler.endElementNs = { userData, name, _, _ in
      guard let state = SAXSession.state(userData), let name else { return }
      SAXSession.keepReading(state)
      state.pointee.builder.endElement(name)
    }
    handler.characters = { userData, bytes, count in
      guard let state = SAXSession.state(userData), let bytes else { return }
      SAXSession.keepReading(state)
      state.pointee.builder.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
    }
    handler.cdataBlock = handler.characters
    // The same callback for white space between elements: libxml2 then skips its test of
    // whether that white space is ignorable, which needs a DTD to answer anyway.
    handler.ignorableWhitespace = handler.characters
    handler.entityDecl = { userData, name, type, _, _, content in
      guard let state = SAXSession.state(userData), let name, let content,
        type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue)
      else { return }
      let value = Array(UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
      state.pointee.declared.declare(String(cString: name), value: value)
    }
    handler.getEntity = { userData, name in
      guard let state = SAXSession.state(userData), let name else { return nil }
      return SAXSession.entity(named: name, state: state)
    }
    handler.serror = { userData, error in
      guard let state = SAXSession.state(userData), let error else { return }
      SAXSession.record(error.pointee, state: state)
    }
    let context = xmlCreatePushParserCtxt(&handler, UnsafeMutableRawPointer(state), nil, 0, nil)
    let options =
      XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue
      | XML_PARSE_IGNORE_ENC.rawValue
    xmlCtxtUseOptions(context, Int32(options))
    state.pointee.context = context
    return context
  }

  /// Undoes what a recovered error does to the context: it leaves `wellFormed` at 0, after
  /// which libxml2 silently drops every entity reference in text (`&amp;` included). Recovery
  /// means reading on as if the document were fine, so each callback sets it back (the
  /// complaint itself is already in `issues`). A reference right after an error, with no
  /// callback between them (`&bogus;&amp;`), is still lost.
  @inline(__always)
  private static func keepReading(_ state: UnsafeMutablePointer<State>) {
    if let context = state.pointee.context, context.pointee.wellFormed == 0 {
      context.pointee.wellFormed = 1
    }
  }

  @inline(__always)
  private static func state(_ userData: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<State>? {
    userData?.assumingMemoryBound(to: State.self)
  }

  private static func record(_ error: xmlError, state: UnsafeMutablePointer<State>) {
    let message =
      error.message.map { String(cString: $0) }?
      .trimmingASCIIWhitespace() ?? "unknown error"
    let line = Int(error.line)
    let column = Int(error.int2)
    if state.pointee.firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue {
      state.pointee.firstError = (line, column, message)
    }
    state.pointee.issueCount += 1
    if state.pointee.issues.count < maximumIssues {
      state.pointee.issues.append("\(line):\(column): \(message)")
    }
  }

  /// Adds a complaint of ours, at the parser's current position.
  private static func note(_ message: String, state: UnsafeMutablePointer<State>) {
    let input = state.pointee.context?.pointee.input
    let line = Int(input?.pointee.line ?? 0)
    let column = Int(input?.pointee.col ?? 0)
    state.pointee.issueCount += 1
    if state.pointee.issues.count < maximumIssues {
      state.pointee.issues.append("\(line):\(column): \(message)")
    }
  }

  /// A text entity whose content is `expansion`, handed to `characters` as it is; one per
  /// name and expansion, freed with the session.
  private static func declaredEntity(
    named name: UnsafePointer<UInt8>, _ expansion: [UInt8], state: UnsafeMutablePointer<State>
  ) -> UnsafeMutablePointer<xmlEntity>? {
    let key = String(cString: name) + (expansion.isEmpty ? ";declared-empty" : ";declared")
    if let cached = state.pointee.entities[key] { return cached }
    let type = XML_INTERNAL_PREDEFINED_ENTITY
    let entity = (expansion + [0]).withUnsafeBufferPointer { content in
      xmlNewEntity(nil, name, Int32(type.rawValue), nil, nil, content.baseAddress)
    }
    if let entity { state.pointee.entities[key] = entity }
    return entity
  }

  /// Answers libxml2's entity lookups (see the type's documentation).
  private static func entity(
    named name: UnsafePointer<UInt8>, state: UnsafeMutablePointer<State>
  ) -> UnsafeMutablePointer<xmlEntity>? {
    guard let context = state.pointee.context else { return nil }
    keepReading(state)
    if let predefined = xmlGetPredefinedEntity(name) { return predefined }
    let inText = context.pointee.instate == XML_PARSER_CONTENT
    if !state.pointee.declared.isEmpty, inText,
      let expansion = state.pointee.declared.expansion(of: String(cString: name))
    {
      if let problem = expansion.problem { note(problem, state: state) }
      return declaredEntity(named: name, expansion.bytes ?? [], state: state)
    }
    let key = String(cString: name) + (inText ? ";" : ";@")
    if let cached = state.pointee.entities[key] { return cached }
    guard let replacement = HTMLEntities.replacement(for: String(cString: name) + ";") else {
      return nil
    }
    // In text a "predefined" entity is handed to `characters` as it is; in attribute values
    // libxml2 copies only the first byte of those, so there it must be a general entity (which
    // libxml2 then leaves as `&name;` for `XMLAttributes` to decode).
    let type = inText ? XML_INTERNAL_PREDEFINED_ENTITY : XML_INTERNAL_GENERAL_ENTITY
    let entity = (replacement + [0]).withUnsafeBufferPointer { content in
      xmlNewEntity(nil, name, Int32(type.rawValue), nil, nil, content.baseAddress)
    }
    if let entity { state.pointee.entities[key] = entity }
    return entity
  }
}
