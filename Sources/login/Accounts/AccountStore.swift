internal import LoginFeature

/// An account file on disk: read for signing in, updated by `login add-user`.
///
/// Updates are safe with several writers at once and against crashes: a writer takes an exclusive lock on
/// `FILE.lock`, reads the file, changes one entry, and replaces the file atomically (temporary file, fsync,
/// rename, mode 0600). Readers take no lock: they see the old file or the new one, never a part. A malformed
/// file is reported with its line number and never rewritten.
struct AccountStore {
    /// The account file's path.
    let path: String

    /// The lock file's path: the account file's with `.lock` appended.
    var lockPath: String { path + ".lock" }

    /// Reads the file.
    ///
    /// - Throws: ``AccountStoreError`` when it is missing, unreadable or malformed.
    func load() throws(AccountStoreError) -> AccountFile {
        guard let file = try loadIfPresent() else { throw .missing(path: path) }
        return file
    }

    /// Sets an account's password hash, adding the account if it is new, while holding the lock.
    ///
    /// - Returns: Whether the entry was added or replaced.
    /// - Throws: ``AccountStoreError`` when the file cannot be read, is malformed (then it is left untouched), or
    ///   cannot be replaced.
    func setPasswordHash(_ hash: String, for name: String) throws(AccountStoreError) -> AccountFile.Change {
        let lock: FileLock
        do {
            lock = try POSIXFiles.lock(lockPath)
        } catch {
            throw .file(error)
        }
        defer { lock.unlock() }
        var file = try loadIfPresent() ?? AccountFile()
        let change: AccountFile.Change
        do {
            change = try file.setPasswordHash(hash, for: name)
        } catch {
            throw .malformed(path: path, error)
        }
        do {
            try POSIXFiles.replace(path, with: Array(file.text.utf8))
        } catch {
            throw .file(error)
        }
        return change
    }

    /// Reads the file, or returns `nil` when it does not exist.
    func loadIfPresent() throws(AccountStoreError) -> AccountFile? {
        let bytes: [UInt8]?
        do {
            bytes = try POSIXFiles.read(path, maximumBytes: AccountFile.maximumBytes)
        } catch {
            throw .file(error)
        }
        guard let bytes else { return nil }
        do {
            return try AccountFile(bytes: bytes)
        } catch {
            throw .malformed(path: path, error)
        }
    }
}

extension AccountStore {
    /// Adds an account, unless its name already has an entry, while holding the lock: the sign-up screen's
    /// write, with the same lock, read and atomic replacement as ``setPasswordHash(_:for:)``.
    ///
    /// - Returns: `false` when the name already has an entry; the file is left untouched.
    /// - Throws: ``AccountStoreError`` when the file cannot be read, is malformed (then it is left untouched), or
    ///   cannot be replaced.
    func addAccount(passwordHash hash: String, for name: String) throws(AccountStoreError) -> Bool {
        let lock: FileLock
        do {
            lock = try POSIXFiles.lock(lockPath)
        } catch {
            throw .file(error)
        }
        defer { lock.unlock() }
        var file = try loadIfPresent() ?? AccountFile()
        guard file.account(named: name) == nil else { return false }
        do {
            try file.setPasswordHash(hash, for: name)
        } catch {
            throw .malformed(path: path, error)
        }
        do {
            try POSIXFiles.replace(path, with: Array(file.text.utf8))
        } catch {
            throw .file(error)
        }
        return true
    }
}
