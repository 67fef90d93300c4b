import CSQLite
import Foundation

/// One SQLite connection: with `SQLiteStatement`, the only code that calls SQLite's C API.
///
/// Not thread-safe: a connection is used by one thread at a time (SQLite is opened without
/// its own mutex). Every failure throws a `StateError` with SQLite's message.
final class SQLiteConnection {
  private let handle: OpaquePointer
  /// SQLite's functions (opened on the first connection: SQLiteLibrary).
  let api: SQLiteLibrary
  /// The file, or `:memory:`.
  let path: String
  /// The row ids `artfeed_note(id, value)` noted (see `noting`).
  private let notes = NoteBook()

  /// Opens (and creates, unless `readOnly`) the database at `path`.
  init(path: String, readOnly: Bool = false) throws(StateError) {
    self.path = path
    let api = try SQLiteLibrary.shared.get()
    self.api = api
    var handle: OpaquePointer?
    let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    let code = api.openV2(path, &handle, access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
    guard let handle else {
      throw StateError(.io, "\(path): SQLite could not allocate a connection")
    }
    guard code == SQLITE_OK else {
      let message = api.message(handle)
      api.closeV2(handle)
      throw StateError(sqlite: code, "\(path): \(message)")
    }
    self.handle = handle
    api.extendedResultCodes(handle, 1)
    // `artfeed_note(id, value)` appends `id` to `notes` and returns `value`. DIRECTONLY: a
    // trigger or view in a file cannot call it.
    let noted = api.createFunctionV2(
      handle, "artfeed_note", 2, SQLITE_UTF8 | SQLITE_DIRECTONLY,
      Unmanaged.passUnretained(notes).toOpaque(),
      { context, count, values in
        guard case .success(let api) = SQLiteLibrary.shared, let context, count == 2, let values,
          let book = api.userData(context)
        else { return }
        Unmanaged<NoteBook>.fromOpaque(book).takeUnretainedValue().ids.append(
          api.valueInt64(values[0]))
        api.resultValue(context, values[1])
      }, nil, nil, nil)
    guard noted == SQLITE_OK else {
      let message = api.message(handle)
      api.closeV2(handle)
      throw StateError(sqlite: noted, "\(path): \(message)")
    }
  }

  deinit {
    api.closeV2(handle)
  }

  /// Waits up to `milliseconds` for another connection's lock before failing with busy.
  func setBusyTimeout(milliseconds: Int32) {
    api.busyTimeout(handle, milliseconds)
  }

  /// Runs one or more statements that return nothing the caller needs.
  func execute(_ sql: String) throws(StateError) {
    var message: UnsafeMutablePointer<CChar>?
    let code = api.exec(handle, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? lastMessage
      api.free(message)
      throw StateError(sqlite: code, "\(path): \(text)")
    }
  }

  /// A compiled statement for `sql` (one statement).
  func prepare(_ sql: String) throws(StateError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = api.prepareV2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(code) }
    return SQLiteStatement(handle: statement, connection: self)
  }

  /// The single integer `sql` answers (a pragma, a count); nil when it returns no row.
  func integer(_ sql: String) throws(StateError) -> Int64? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// The single text `sql` answers (a pragma's value); nil when it returns no row.
  func text(_ sql: String) throws(StateError) -> String? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.text(0) : nil
  }

  /// Runs `body` in one write transaction: all of it is committed, or none of it.
  ///
  /// `BEGIN IMMEDIATE` takes the write lock first (waiting for the busy timeout), so a
  /// second process never fails half-way when its read would have to become a write.
  func transaction<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Runs `body` and returns the row ids that `artfeed_note(id, value)` noted while it ran,
  /// in the order SQLite evaluated it: how a statement says which rows it changed without
  /// `RETURNING` (which, like a trigger, makes SQLite update in two passes). Used in an
  /// UPDATE's SET (`changed = artfeed_note(id, ?1)`) it runs once for each row updated.
  func noting(_ body: () throws(StateError) -> Void) throws(StateError) -> [Int64] {
    notes.ids = []
    defer { notes.ids = [] }
    try body()
    return notes.ids
  }

  /// Runs `body` with the connection's triggers off (statements compiled while they are off
  /// have none; SQLite compiles each statement again when they are switched), then on
  /// again. A table with a trigger is updated in two passes, the first collecting the rows;
  /// `body` does what the triggers would have done itself. Throws before `body` if the
  /// triggers cannot be switched off, and after it (the caller's transaction then rolls
  /// back) if they cannot be switched on again.
  func withoutTriggers<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
    guard artfeed_sqlite_enable_triggers(api.dbConfig, handle, 0) == 0 else {
      throw StateError(.io, "\(path): cannot switch the triggers off")
    }
    let result: Result<T, StateError>
    do {
      result = .success(try body())
    } catch {
      result = .failure(error)
    }
    guard artfeed_sqlite_enable_triggers(api.dbConfig, handle, 1) == 1 else {
      throw StateError(.io, "\(path): cannot switch the triggers on again")
    }
    return try result.get()
  }

  /// Copies the whole database `source` into this one (SQLite's backup API): for a copy
  /// in memory that may change without touching the file.
  func copy(from source: SQLiteConnection) throws(StateError) {
    guard let backup = api.backupInit(handle, "main", source.handle, "main") else {
      throw error(api.errcode(handle))
    }
    let code = api.backupStep(backup, -1)
    api.backupFinish(backup)
    guard code == SQLITE_DONE else { throw StateError(sqlite: code, "\(source.path): copy failed") }
  }

  /// Rows changed by the last statement.
  var changes: Int { Int(api.changes(handle)) }

  var lastMessage: String { api.message(handle) }

  /// The error for a failed call, with SQLite's message and the file.
  func error(_ code: Int32) -> StateError {
    StateError(sqlite: code, "\(path): \(lastMessage)")
  }
}

/// What `artfeed_note` appends to: one per connection, used by the thread using it.
private final class NoteBook {
  var ids: [Int64] = []
}

/// A compiled statement of a `SQLiteConnection`, bound, stepped and reset for each use.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let connection: SQLiteConnection
  private let api: SQLiteLibrary

  init(handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
    api = connection.api
  }

  deinit {
    api.finalize(handle)
  }

  func bind(_ index: Int32, _ value: Int64) {
    api.bindInt64(handle, index, value)
  }

  func bind(_ index: Int32, _ value: Int64?) {
    if let value {
      api.bindInt64(handle, index, value)
    } else {
      api.bindNull(handle, index)
    }
  }

  func bind(_ index: Int32, _ value: String) {
    api.bindText(handle, index, value, -1, artfeed_sqlite_transient())
  }

  /// Runs to the next row: true when there is one, false when done.
  func step() throws(StateError) -> Bool {
    let code = api.step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = connection.error(code)
      api.reset(handle)
      throw error
    }
  }

  /// Runs a statement that returns no rows, then resets it for the next use.
  func run() throws(StateError) {
    defer { reset() }
    while try step() {}
  }

  /// Makes the statement ready to run again (the bindings stay).
  func reset() {
    api.reset(handle)
  }

  func int64(_ column: Int32) -> Int64 {
    api.columnInt64(handle, column)
  }

  func isNull(_ column: Int32) -> Bool {
    api.columnType(handle, column) == SQLITE_NULL
  }

  func text(_ column: Int32) -> String? {
    guard let bytes = api.columnText(handle, column) else { return nil }
    return String(cString: bytes)
  }
}
