// Opens SQLite at run time on Linux (libsqlite3.so.0); on Apple platforms, the SDK's library, linked: see SQLite.h.
#include "Loader.h"
#include "SQLite.h"
#include "SystemLibrary.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct csystem_sqlite table;
static const struct csystem_sqlite *opened;
static char error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_once(void) {
    void *library = csystem_dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL, error, sizeof error);
    if (!library) return;
#define REQUIRE(function)                                                                                        \
    if (!(table.function = (__typeof__(table.function))dlsym(library, #function))) {                             \
        snprintf(error, sizeof error, "libsqlite3.so.0 has no function %s", #function);                         \
        dlclose(library);                                                                                        \
        return;                                                                                                  \
    }
    REQUIRE(sqlite3_open_v2)
    REQUIRE(sqlite3_close_v2)
    REQUIRE(sqlite3_errmsg)
    REQUIRE(sqlite3_errstr)
    REQUIRE(sqlite3_exec)
    REQUIRE(sqlite3_busy_timeout)
    REQUIRE(sqlite3_db_readonly)
    REQUIRE(sqlite3_prepare_v2)
    REQUIRE(sqlite3_step)
    REQUIRE(sqlite3_reset)
    REQUIRE(sqlite3_clear_bindings)
    REQUIRE(sqlite3_finalize)
    REQUIRE(sqlite3_bind_text)
    REQUIRE(sqlite3_column_count)
    REQUIRE(sqlite3_column_text)
    REQUIRE(sqlite3_column_int64)
#undef REQUIRE
    opened = &table;
}

const struct csystem_sqlite *csystem_open_sqlite(void) {
    pthread_once(&once, open_once);
    if (!opened) csystem_set_error(error);
    return opened;
}

#elif defined(__APPLE__)

// The SDK's SQLite, declared with this package's types (the same as sqlite3.h's) and linked (Package.swift).
extern int sqlite3_open_v2(const char *, sqlite3 **, int, const char *);
extern int sqlite3_close_v2(sqlite3 *);
extern const char *sqlite3_errmsg(sqlite3 *);
extern const char *sqlite3_errstr(int);
extern int sqlite3_exec(sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **);
extern int sqlite3_busy_timeout(sqlite3 *, int);
extern int sqlite3_db_readonly(sqlite3 *, const char *);
extern int sqlite3_prepare_v2(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
extern int sqlite3_step(sqlite3_stmt *);
extern int sqlite3_reset(sqlite3_stmt *);
extern int sqlite3_clear_bindings(sqlite3_stmt *);
extern int sqlite3_finalize(sqlite3_stmt *);
extern int sqlite3_bind_text(sqlite3_stmt *, int, const char *, int, sqlite3_destructor_type);
extern int sqlite3_column_count(sqlite3_stmt *);
extern const unsigned char *sqlite3_column_text(sqlite3_stmt *, int);
extern sqlite3_int64 sqlite3_column_int64(sqlite3_stmt *, int);

static const struct csystem_sqlite table = {
    sqlite3_open_v2, sqlite3_close_v2, sqlite3_errmsg, sqlite3_errstr, sqlite3_exec, sqlite3_busy_timeout,
    sqlite3_db_readonly, sqlite3_prepare_v2, sqlite3_step, sqlite3_reset, sqlite3_clear_bindings, sqlite3_finalize,
    sqlite3_bind_text, sqlite3_column_count, sqlite3_column_text, sqlite3_column_int64,
};

const struct csystem_sqlite *csystem_open_sqlite(void) {
    return &table;
}

#else

const struct csystem_sqlite *csystem_open_sqlite(void) {
    csystem_set_error("SQLite is opened on Linux and Apple platforms only");
    return 0;
}

#endif
