// SQLite's C interface: the home screen's local profile store.
// Debian and Ubuntu: apt-get install libsqlite3-dev. Apple platforms have it in their SDKs.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast Swift cannot import: binds text that SQLite copies at once.
static inline int csqlite_bind_text_copy(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return sqlite3_bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}
