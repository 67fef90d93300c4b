import CSQLite
import FeedModel
import Foundation

/// One SQLite connection: with `SQLiteStatement`, the only code that calls SQLite's C API.
///
/// Not thread-safe: a connection is used by one thread at a time (SQLite is opened without
/// its own mutex). Every failure throws a `StateError` with SQLite's message.
package final class SQLiteConnection {
  private let handle: OpaquePointer
  /// The file, or `:memory:`.
  package let path: String
  /// The row ids `artfeed_note(id, value)` noted (see `noting`).
  private let notes = NoteBook()

  /// Opens (and creates, unless `readOnly`) the database at `path`.
  package init(path: String, readOnly: Bool = false) throws(StateError) {
    self.path = path
    var handle: OpaquePointer?
    let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    let code = sqlite3_open_v2(path, &handle, access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
    guard let handle else {
      throw StateError(.io, "\(path): SQLite could not allocate a connection")
    }
    guard code == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(handle))
      sqlite3_close_v2(handle)
      throw StateError(sqlite: code, "\(path): \(message)")
    }
    self.handle = handle
    sqlite3_extended_result_codes(handle, 1)
    // `artfeed_note(id, value)` appends `id` to `notes` and returns `value`. DIRECTONLY: a
    // trigger or view in a file cannot call it.
    let noted = sqlite3_create_function_v2(
      handle, "artfeed_note", 2, SQLITE_UTF8 | SQLITE_DIRECTONLY,
      Unmanaged.passUnretained(notes).toOpaque(),
      { context, count, values in
        guard let context, count == 2, let values, let book = sqlite3_user_data(context) else {
          return
        }
        Unmanaged<NoteBook>.fromOpaque(book).takeUnretainedValue().ids.append(
          sqlite3_value_int64(values[0]))
        sqlite3_result_value(context, values[1])
      }, nil, nil, nil)
    guard noted == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(handle))
      sqlite3_close_v2(handle)
      throw StateError(sqlite: noted, "\(path): \(message)")
    }
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Waits up to `milliseconds` for another connection's lock before failing with busy.
  package func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Runs one or more statements that return nothing the caller needs.
  package func execute(_ sql: String) throws(StateError) {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? lastMessage
      sqlite3_free(message)
      throw StateError(sqlite: code, "\(path): \(text)")
    }
  }

  /// A compiled statement for `sql` (one statement).
  package func prepare(_ sql: String) throws(StateError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(code) }
    return SQLiteStatement(handle: statement, connection: self)
  }

  /// The single integer `sql` answers (a pragma, a count); nil when it returns no row.
  package func integer(_ sql: String) throws(StateError) -> Int64? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// The single text `sql` answers (a pragma's value); nil when it returns no row.
  package func text(_ sql: String) throws(StateError) -> String? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.text(0) : nil
  }

  /// Runs `body` in one write transaction: all of it is committed, or none of it.
  ///
  /// `BEGIN IMMEDIATE` takes the write lock first (waiting for the busy timeout), so a
  /// second process never fails half-way when its read would have to become a write.
  package func transaction<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
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
  package func noting(_ body: () throws(StateError) -> Void) throws(StateError) -> [Int64] {
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
  package func withoutTriggers<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
    guard artfeed_sqlite_enable_triggers(handle, 0) == 0 else {
      throw StateError(.io, "\(path): cannot switch the triggers off")
    }
    let result: Result<T, StateError>
    do {
      result = .success(try body())
    } catch {
      result = .failure(error)
    }
    guard artfeed_sqlite_enable_triggers(handle, 1) == 1 else {
      throw StateError(.io, "\(path): cannot switch the triggers on again")
    }
    return try result.get()
  }

  /// Copies the whole database `source` into this one (SQLite's backup API): for a copy
  /// in memory that may change without touching the file.
  package func copy(from source: SQLiteConnection) throws(StateError) {
    guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
      throw error(sqlite3_errcode(handle))
    }
    let code = sqlite3_backup_step(backup, -1)
    sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else { throw StateError(sqlite: code, "\(source.path): copy failed") }
  }

  /// Rows changed by the last statement.
  /// Pages this connection read from the file (or the operating system's cache) since it
  /// opened: SQLite's cache misses. What a first screen costs in I/O, whatever the file's
  /// size (the tests hold it to a few pages).
  package var pagesRead: Int {
    var current: Int32 = 0
    var highest: Int32 = 0
    sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_MISS, &current, &highest, 0)
    return Int(current)
  }

  package var changes: Int { Int(sqlite3_changes(handle)) }

  package var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

  /// The error for a failed call, with SQLite's message and the file.
  package func error(_ code: Int32) -> StateError {
    StateError(sqlite: code, "\(path): \(lastMessage)")
  }
}

/// What `artfeed_note` appends to: one per connection, used by the thread using it.
private final class NoteBook {
  var ids: [Int64] = []
}

/// A compiled statement of a `SQLiteConnection`, bound, stepped and reset for each use.
package final class SQLiteStatement {
  private let handle: OpaquePointer
  private let connection: SQLiteConnection

  init(handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  package func bind(_ index: Int32, _ value: Int64) {
    sqlite3_bind_int64(handle, index, value)
  }

  package func bind(_ index: Int32, _ value: Int64?) {
    if let value {
      sqlite3_bind_int64(handle, index, value)
    } else {
      sqlite3_bind_null(handle, index)
    }
  }

  package func bind(_ index: Int32, _ value: String) {
    sqlite3_bind_text(handle, index, value, -1, artfeed_sqlite_transient())
  }

  /// Runs to the next row: true when there is one, false when done.
  package func step() throws(StateError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = connection.error(code)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Runs a statement that returns no rows, then resets it for the next use.
  package func run() throws(StateError) {
    defer { reset() }
    while try step() {}
  }

  /// Makes the statement ready to run again (the bindings stay).
  package func reset() {
    sqlite3_reset(handle)
  }

  package func int64(_ column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  package func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  package func text(_ column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(handle, column) else { return nil }
    return String(cString: bytes)
  }
}
