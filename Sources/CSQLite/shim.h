#ifndef ARTFEED_CSQLITE_SHIM_H
#define ARTFEED_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLite's types and constants for FeedStore's state (SQLiteConnection). The library is not
   linked: FeedStore opens it with dlopen when the first connection is made (SQLiteLibrary),
   so a start that reads no state does not load it, and `render` loads it while the feed is
   parsed on another thread (docs/adr/0151). The types of the functions it calls, named
   here from SQLite's own declarations (`__typeof__` reads a declaration, it does not refer
   to the symbol): */
typedef __typeof__(&sqlite3_open_v2) artfeed_sqlite3_open_v2;
typedef __typeof__(&sqlite3_close_v2) artfeed_sqlite3_close_v2;
typedef __typeof__(&sqlite3_errmsg) artfeed_sqlite3_errmsg;
typedef __typeof__(&sqlite3_errcode) artfeed_sqlite3_errcode;
typedef __typeof__(&sqlite3_extended_result_codes) artfeed_sqlite3_extended_result_codes;
typedef __typeof__(&sqlite3_create_function_v2) artfeed_sqlite3_create_function_v2;
typedef __typeof__(&sqlite3_user_data) artfeed_sqlite3_user_data;
typedef __typeof__(&sqlite3_value_int64) artfeed_sqlite3_value_int64;
typedef __typeof__(&sqlite3_result_value) artfeed_sqlite3_result_value;
typedef __typeof__(&sqlite3_busy_timeout) artfeed_sqlite3_busy_timeout;
typedef __typeof__(&sqlite3_exec) artfeed_sqlite3_exec;
typedef __typeof__(&sqlite3_free) artfeed_sqlite3_free;
typedef __typeof__(&sqlite3_prepare_v2) artfeed_sqlite3_prepare_v2;
typedef __typeof__(&sqlite3_finalize) artfeed_sqlite3_finalize;
typedef __typeof__(&sqlite3_reset) artfeed_sqlite3_reset;
typedef __typeof__(&sqlite3_step) artfeed_sqlite3_step;
typedef __typeof__(&sqlite3_bind_int64) artfeed_sqlite3_bind_int64;
typedef __typeof__(&sqlite3_bind_text) artfeed_sqlite3_bind_text;
typedef __typeof__(&sqlite3_bind_null) artfeed_sqlite3_bind_null;
typedef __typeof__(&sqlite3_column_type) artfeed_sqlite3_column_type;
typedef __typeof__(&sqlite3_column_text) artfeed_sqlite3_column_text;
typedef __typeof__(&sqlite3_column_int64) artfeed_sqlite3_column_int64;
typedef __typeof__(&sqlite3_changes) artfeed_sqlite3_changes;
typedef __typeof__(&sqlite3_backup_init) artfeed_sqlite3_backup_init;
typedef __typeof__(&sqlite3_backup_step) artfeed_sqlite3_backup_step;
typedef __typeof__(&sqlite3_backup_finish) artfeed_sqlite3_backup_finish;

/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
   bound text and blobs are copied by SQLite before the bind call returns. */
static inline sqlite3_destructor_type artfeed_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

/* sqlite3_db_config is variadic, which Swift cannot call: through its address `config`,
   turns the connection's triggers on or off (SQLite expires every prepared statement when
   this changes, so each is compiled again, with or without them, at its next use); returns
   whether they are on now, -1 if the call failed. */
typedef int (*artfeed_sqlite3_db_config)(sqlite3 *, int, ...);
static inline int artfeed_sqlite_enable_triggers(void *config, sqlite3 *db, int on) {
  int now = -1;
  if (((artfeed_sqlite3_db_config)config)(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, &now) !=
      SQLITE_OK)
    return -1;
  return now;
}
#endif
