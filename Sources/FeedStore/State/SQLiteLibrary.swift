import CSQLite
import Foundation

/// SQLite, opened when the first state connection is made rather than linked. Linked, the
/// dynamic loader resolved its symbols before `main` (about 1M instructions, on every start);
/// opened here, `render` pays that on the thread that opens the state while another parses
/// the feed (docs/adr/0151). The functions' types come from SQLite's own declarations
/// (`CSQLite/shim.h`). A missing library fails the state's opening with its reason, which
/// the browser and the commands already report (marks kept for the session, or the error).
struct SQLiteLibrary: @unchecked Sendable {
  // @unchecked: function addresses, never changed after `load`.
  let openV2: artfeed_sqlite3_open_v2
  let closeV2: artfeed_sqlite3_close_v2
  let errmsg: artfeed_sqlite3_errmsg
  let errcode: artfeed_sqlite3_errcode
  let extendedResultCodes: artfeed_sqlite3_extended_result_codes
  let createFunctionV2: artfeed_sqlite3_create_function_v2
  let userData: artfeed_sqlite3_user_data
  let valueInt64: artfeed_sqlite3_value_int64
  let resultValue: artfeed_sqlite3_result_value
  let busyTimeout: artfeed_sqlite3_busy_timeout
  let exec: artfeed_sqlite3_exec
  let free: artfeed_sqlite3_free
  let prepareV2: artfeed_sqlite3_prepare_v2
  let finalize: artfeed_sqlite3_finalize
  let reset: artfeed_sqlite3_reset
  let step: artfeed_sqlite3_step
  let bindInt64: artfeed_sqlite3_bind_int64
  let bindText: artfeed_sqlite3_bind_text
  let bindNull: artfeed_sqlite3_bind_null
  let columnType: artfeed_sqlite3_column_type
  let columnText: artfeed_sqlite3_column_text
  let columnInt64: artfeed_sqlite3_column_int64
  let changes: artfeed_sqlite3_changes
  let backupInit: artfeed_sqlite3_backup_init
  let backupStep: artfeed_sqlite3_backup_step
  let backupFinish: artfeed_sqlite3_backup_finish
  /// `sqlite3_db_config` is variadic: called through the shim's
  /// `artfeed_sqlite_enable_triggers`, which takes this address.
  let dbConfig: UnsafeMutableRawPointer

  /// The connection's last error message.
  func message(_ handle: OpaquePointer?) -> String {
    errmsg(handle).map { String(cString: $0) } ?? "no message from SQLite"
  }

  /// The library, or why it could not be opened; opened on first use.
  static let shared: Result<SQLiteLibrary, StateError> = load()

  /// The soname of the SQLite 3 the header came from (libsqlite3-dev).
  static let soname = "libsqlite3.so.0"

  private static func load() -> Result<SQLiteLibrary, StateError> {
    // Lazy binding: a function's address is looked up when it is first called.
    let library: DynamicLibrary
    switch DynamicLibrary.open(soname, flags: RTLD_LAZY | RTLD_LOCAL) {
    case .success(let opened): library = opened
    case .failure(let failure):
      return .failure(StateError(.io, "SQLite could not be loaded: \(failure.reason)"))
    }
    let loaded: SQLiteLibrary? = {
      guard
        let openV2 = library.symbol("sqlite3_open_v2", as: artfeed_sqlite3_open_v2.self),
        let closeV2 = library.symbol("sqlite3_close_v2", as: artfeed_sqlite3_close_v2.self),
        let errmsg = library.symbol("sqlite3_errmsg", as: artfeed_sqlite3_errmsg.self),
        let errcode = library.symbol("sqlite3_errcode", as: artfeed_sqlite3_errcode.self),
        let extendedResultCodes = library.symbol(
          "sqlite3_extended_result_codes", as: artfeed_sqlite3_extended_result_codes.self),
        let createFunctionV2 = library.symbol(
          "sqlite3_create_function_v2", as: artfeed_sqlite3_create_function_v2.self),
        let userData = library.symbol("sqlite3_user_data", as: artfeed_sqlite3_user_data.self),
        let valueInt64 = library.symbol(
          "sqlite3_value_int64", as: artfeed_sqlite3_value_int64.self),
        let resultValue = library.symbol(
          "sqlite3_result_value", as: artfeed_sqlite3_result_value.self),
        let busyTimeout = library.symbol(
          "sqlite3_busy_timeout", as: artfeed_sqlite3_busy_timeout.self),
        let exec = library.symbol("sqlite3_exec", as: artfeed_sqlite3_exec.self),
        let free = library.symbol("sqlite3_free", as: artfeed_sqlite3_free.self),
        let prepareV2 = library.symbol("sqlite3_prepare_v2", as: artfeed_sqlite3_prepare_v2.self),
        let finalize = library.symbol("sqlite3_finalize", as: artfeed_sqlite3_finalize.self),
        let reset = library.symbol("sqlite3_reset", as: artfeed_sqlite3_reset.self),
        let step = library.symbol("sqlite3_step", as: artfeed_sqlite3_step.self),
        let bindInt64 = library.symbol("sqlite3_bind_int64", as: artfeed_sqlite3_bind_int64.self),
        let bindText = library.symbol("sqlite3_bind_text", as: artfeed_sqlite3_bind_text.self),
        let bindNull = library.symbol("sqlite3_bind_null", as: artfeed_sqlite3_bind_null.self),
        let columnType = library.symbol(
          "sqlite3_column_type", as: artfeed_sqlite3_column_type.self),
        let columnText = library.symbol(
          "sqlite3_column_text", as: artfeed_sqlite3_column_text.self),
        let columnInt64 = library.symbol(
          "sqlite3_column_int64", as: artfeed_sqlite3_column_int64.self),
        let changes = library.symbol("sqlite3_changes", as: artfeed_sqlite3_changes.self),
        let backupInit = library.symbol(
          "sqlite3_backup_init", as: artfeed_sqlite3_backup_init.self),
        let backupStep = library.symbol(
          "sqlite3_backup_step", as: artfeed_sqlite3_backup_step.self),
        let backupFinish = library.symbol(
          "sqlite3_backup_finish", as: artfeed_sqlite3_backup_finish.self),
        let dbConfig = library.symbol("sqlite3_db_config", as: UnsafeMutableRawPointer.self)
      else { return nil }
      return SQLiteLibrary(
        openV2: openV2, closeV2: closeV2, errmsg: errmsg, errcode: errcode,
        extendedResultCodes: extendedResultCodes, createFunctionV2: createFunctionV2,
        userData: userData, valueInt64: valueInt64, resultValue: resultValue,
        busyTimeout: busyTimeout, exec: exec, free: free, prepareV2: prepareV2,
        finalize: finalize, reset: reset, step: step, bindInt64: bindInt64,
        bindText: bindText, bindNull: bindNull, columnType: columnType, columnText: columnText,
        columnInt64: columnInt64, changes: changes, backupInit: backupInit,
        backupStep: backupStep, backupFinish: backupFinish, dbConfig: dbConfig)
    }()
    guard let loaded else {
      let names = library.missing.joined(separator: ", ")
      return .failure(StateError(.io, "SQLite could not be loaded: \(soname) lacks \(names)"))
    }
    return .success(loaded)
  }
}
