// SQLite's C interface, the part the home screen's database uses (https://sqlite.org/c3ref/intro.html), from
// libsqlite3.so.0 (Debian's package libsqlite3-0; on Apple platforms, the SDK's libsqlite3).
#ifndef CSYSTEMLIBRARIES_SQLITE_H
#define CSYSTEMLIBRARIES_SQLITE_H

// Pointers are as unannotated as in the library's own header, so Swift sees the same types; only the table's
// entries, and results the library documents as never NULL, say whether they can be NULL.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
typedef long long int sqlite3_int64;
typedef void (*sqlite3_destructor_type)(void *);

// Result codes (primary).
#define SQLITE_OK 0
#define SQLITE_ERROR 1
#define SQLITE_BUSY 5
#define SQLITE_LOCKED 6
#define SQLITE_READONLY 8
#define SQLITE_CORRUPT 11
#define SQLITE_CANTOPEN 14
#define SQLITE_MISUSE 21
#define SQLITE_NOTADB 26
#define SQLITE_ROW 100
#define SQLITE_DONE 101

// Flags of sqlite3_open_v2.
#define SQLITE_OPEN_READWRITE 0x00000002
#define SQLITE_OPEN_CREATE 0x00000004
#define SQLITE_OPEN_NOMUTEX 0x00008000
#define SQLITE_OPEN_NOFOLLOW 0x01000000

struct csystem_sqlite {
    int (*_Nonnull sqlite3_open_v2)(const char *filename, sqlite3 **database, int flags, const char *vfs);
    int (*_Nonnull sqlite3_close_v2)(sqlite3 *database);
    const char *_Nonnull (*_Nonnull sqlite3_errmsg)(sqlite3 *database);
    const char *_Nonnull (*_Nonnull sqlite3_errstr)(int result);
    int (*_Nonnull sqlite3_exec)(
        sqlite3 *database, const char *sql, int (*callback)(void *, int, char **, char **), void *context,
        char **error);
    int (*_Nonnull sqlite3_busy_timeout)(sqlite3 *database, int milliseconds);
    int (*_Nonnull sqlite3_db_readonly)(sqlite3 *database, const char *name);
    int (*_Nonnull sqlite3_prepare_v2)(
        sqlite3 *database, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail);
    int (*_Nonnull sqlite3_step)(sqlite3_stmt *statement);
    int (*_Nonnull sqlite3_reset)(sqlite3_stmt *statement);
    int (*_Nonnull sqlite3_clear_bindings)(sqlite3_stmt *statement);
    int (*_Nonnull sqlite3_finalize)(sqlite3_stmt *statement);
    int (*_Nonnull sqlite3_bind_text)(
        sqlite3_stmt *statement, int index, const char *text, int bytes, sqlite3_destructor_type destructor);
    int (*_Nonnull sqlite3_column_count)(sqlite3_stmt *statement);
    const unsigned char *(*_Nonnull sqlite3_column_text)(sqlite3_stmt *statement, int column);
    sqlite3_int64 (*_Nonnull sqlite3_column_int64)(sqlite3_stmt *statement, int column);
};

// Opens libsqlite3.so.0 once per process (on Apple platforms, the SDK's library, linked) and returns its
// functions; later calls return the same table. NULL when the library or one of the functions is missing:
// csystem_open_error() says why.
const struct csystem_sqlite *_Nullable csystem_open_sqlite(void);

// sqlite3_bind_text with SQLITE_TRANSIENT, a cast Swift cannot import: SQLite copies the text at once.
static inline int csystem_sqlite_bind_text_copy(
    const struct csystem_sqlite *_Nonnull sqlite, sqlite3_stmt *statement, int index, const char *text, int bytes)
{
    return sqlite->sqlite3_bind_text(statement, index, text, bytes, (sqlite3_destructor_type)-1);
}

#pragma clang diagnostic pop

#endif
