#ifndef ARTFEED_CSQLITE_SHIM_H
#define ARTFEED_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLite for ReadingState (SQLiteConnection), the system's libsqlite3.a linked into the
   binary (docs/adr/0152). */

/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
   bound text and blobs are copied by SQLite before the bind call returns. */
static inline sqlite3_destructor_type artfeed_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

/* sqlite3_db_config is variadic, which Swift cannot call: turns the connection's triggers on
   or off (SQLite expires every prepared statement when this changes, so each is compiled
   again, with or without them, at its next use); returns whether they are on now, -1 if the
   call failed. */
static inline int artfeed_sqlite_enable_triggers(sqlite3 *db, int on) {
  int now = -1;
  if (sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, &now) != SQLITE_OK) return -1;
  return now;
}
#endif
