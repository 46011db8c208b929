// The one file of SQLiteProfiles that calls the C library: creating a database file for its owner only.

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A database file readable and writable by its owner only.
enum PrivateFile {
    /// Creates an empty file at `path` with mode 0600, unless the path holds something already; never through a
    /// symbolic link. SQLite would create it with 0644 (its default file permissions), and its journal files take
    /// the database file's mode. A failure is left for SQLite's open, which reports it.
    ///
    /// - Parameter path: The database file.
    static func create(at path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }
}
