// SQLite's C interface: the home screen's local profile store.
// Debian and Ubuntu: apt-get install libsqlite3-dev. Apple platforms have it in their SDKs.
#include <sqlite3.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

// SQLITE_TRANSIENT is a cast Swift cannot import: binds text that SQLite copies at once.
static inline int csqlite_bind_text_copy(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return sqlite3_bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}

// Creates an empty database file, readable and writable by its owner only (0600), unless the path holds something
// already; never through a symbolic link. SQLite would create it with 0644 (its default file permissions), and its
// journal files take the database file's mode. Returns 0 when it was created or already there, else errno.
static inline int csqlite_create_private_file(const char *path) {
    int descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (descriptor < 0) return errno == EEXIST ? 0 : errno;
    close(descriptor);
    return 0;
}
