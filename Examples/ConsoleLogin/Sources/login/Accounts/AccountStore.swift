internal import LoginFeature

/// An account file on disk: read for signing in, updated by `login add-user` and sign-up, with its failure tally
/// beside it.
///
/// Updates are safe with several writers at once and against crashes: a writer takes an exclusive lock on
/// `FILE.lock` (waiting at most ``lockWait``'s timeout for another writer, then giving up with nothing changed),
/// reads the file, changes one entry, and replaces the file atomically (temporary file, fsync, rename, mode 0600,
/// the old file's group, and its owner when root writes it). Readers take no lock: they see the old file or the
/// new one, never a part. A malformed file is reported with its line number and never rewritten; an update that
/// would make the file larger than ``AccountFile/maximumBytes`` is refused.
///
/// The failure tally (``FailureTally``) is `FILE.faillock`, changed under the same lock, with the same atomic
/// replacement and checks.
///
/// Neither the file, its lock nor its tally is ever reached through a symbolic link, and the permissions are
/// checked as OpenSSH checks a private key (``AccountFilePermissions``): a file or folder that group or others can
/// write is refused; a file they can read is used, with a warning.
struct AccountStore {
    /// The account file's path.
    let path: String
    /// Receives warnings, such as a file readable by others.
    var warn: (AccountFileWarning) -> Void = { _ in }
    /// How long an update waits for another writer's lock, and what it says meanwhile.
    var lockWait = LockWait()

    /// The lock file's path: the account file's with `.lock` appended.
    var lockPath: String { path + ".lock" }
    /// The failure tally's path: the account file's with `.faillock` appended.
    var tallyPath: String { path + ".faillock" }
    /// The most bytes of a failure tally read or written: ``FailureTally/maximumBytes``, room for a line of every
    /// account of the largest account file (its doc gives the arithmetic). An update that would write more is
    /// refused (``AccountStoreError/tallyFull(path:bytes:maximumBytes:)``), so a name that cannot be counted is
    /// never checked uncounted. Tests choose a smaller one.
    var maximumTallyBytes = FailureTally.maximumBytes

    /// Reads the file.
    ///
    /// - Throws: ``AccountStoreError`` when it is missing, unreadable or malformed.
    func load() throws(AccountStoreError) -> AccountFile {
        guard let file = try loadIfPresent() else { throw .missing(path: path) }
        return file
    }

    /// Sets an account's password hash, adding the account if it is new, while holding the lock; a new password
    /// also clears the name's failure count.
    ///
    /// - Returns: Whether the entry was added or replaced.
    /// - Throws: ``AccountStoreError`` when the file cannot be read, is malformed (then it is left untouched), has
    ///   another name that is the same as this one (``AccountNameFolding``), would grow too large, or cannot be
    ///   replaced.
    func setPasswordHash(_ hash: String, for name: String) throws(AccountStoreError) -> AccountFile.Change {
        try update { file throws(AccountStoreError) in
            try refuseSameName(as: name, in: file)
            let change: AccountFile.Change
            do throws(AccountFileError) {
                change = try file.setPasswordHash(hash, for: name)
            } catch {
                throw refusal(error)
            }
            return (change, true)
        } after: { () throws(AccountStoreError) in
            try resetTally(of: name)
        }
    }

    /// Adds an account, unless its name, or a name that is the same (``AccountNameFolding``), already has an
    /// entry, while holding the lock: the sign-up screen's write, with the same lock, checks and atomic replacement
    /// as ``setPasswordHash(_:for:)``.
    ///
    /// - Returns: `false` when the name is taken; the file is left untouched.
    /// - Throws: ``AccountStoreError`` when the file cannot be read, is malformed (then it is left untouched), would
    ///   grow too large, or cannot be replaced.
    func addAccount(passwordHash hash: String, for name: String) throws(AccountStoreError) -> Bool {
        try update { file throws(AccountStoreError) in
            guard file.entry(sameNameAs: name) == nil else { return (false, false) }
            do throws(AccountFileError) {
                try file.setPasswordHash(hash, for: name)
            } catch {
                throw refusal(error)
            }
            return (true, true)
        } after: {
        }
    }

    /// Refuses a new name that is the same as another entry's name, and not that entry's own.
    ///
    /// - Throws: ``AccountStoreError/refused(path:_:)`` with ``AccountFileError/Reason/sameName(as:line:)``.
    func refuseSameName(as name: String, in file: AccountFile) throws(AccountStoreError) {
        if let same = file.entry(sameNameAs: name), same.account.name != name {
            throw .refused(path: path, AccountFileError(.sameName(as: same.account.name, line: same.line)))
        }
    }

    /// Reads the failure tally without the lock (it is replaced atomically, so it reads whole): empty when the
    /// file is missing.
    ///
    /// - Throws: ``AccountStoreError`` when the tally cannot be read, is unsafe or malformed.
    func readTally() throws(AccountStoreError) -> FailureTally {
        try readTallyAndStatus().tally
    }

    /// Changes the failure tally while holding the account file's lock: reads it again, lets `change` edit it,
    /// and replaces it atomically when it changed (or always, when `rewriting`). A missing tally is empty, and is
    /// created only when there is something to keep (or when `rewriting`).
    ///
    /// - Parameters:
    ///   - rewriting: Whether to replace the tally even when `change` left it as it was: the same work as a change.
    ///   - change: Edits the tally.
    /// - Throws: ``AccountStoreError`` when the lock, the tally or its folder cannot be used, or the tally cannot
    ///   be written.
    func updateTally(rewriting: Bool = false, _ change: (inout FailureTally) -> Void) throws(AccountStoreError) {
        let lock = try takeLock()
        defer { lock.unlock() }
        let (read, status) = try readTallyAndStatus()
        var tally = read
        change(&tally)
        if rewriting || tally != read { try writeTally(tally, keeping: status) }
    }

    /// Reads the file, or returns `nil` when it does not exist (after checking that its folder is safe to create
    /// it in).
    func loadIfPresent() throws(AccountStoreError) -> AccountFile? {
        try read(warning: true)?.file
    }

    /// Refuses a lock path that is a symbolic link before anything is asked or written (the lock itself is also
    /// opened without following one).
    func checkLockPath() throws(AccountStoreError) {
        if POSIXFiles.isSymbolicLink(lockPath) { throw .file(.symbolicLink(path: lockPath)) }
    }

    // MARK: Private

    /// Changes the file while holding the lock on `FILE.lock` (never reached through a symbolic link): reads it
    /// (a missing file is empty), lets `change` edit it, replaces it atomically when `change` asks to, and then
    /// runs `after`, still holding the lock.
    ///
    /// - Parameters:
    ///   - change: Edits the file; returns its outcome and whether the file must be written.
    ///   - after: More work under the lock once the file is written (or left as it was).
    /// - Returns: `change`'s outcome.
    private func update<Outcome>(
        _ change: (inout AccountFile) throws(AccountStoreError) -> (outcome: Outcome, write: Bool),
        after: () throws(AccountStoreError) -> Void
    ) throws(AccountStoreError) -> Outcome {
        let lock = try takeLock()
        defer { lock.unlock() }
        let read = try read(warning: false)
        var file = read?.file ?? AccountFile()
        let result = try change(&file)
        if result.write {
            do {
                try POSIXFiles.replace(path, with: Array(file.text.utf8), keeping: read?.status)
            } catch {
                throw .file(error)
            }
        }
        try after()
        return result.outcome
    }

    /// Takes the lock on `FILE.lock`, waiting as ``lockWait`` says.
    private func takeLock() throws(AccountStoreError) -> FileLock {
        try checkLockPath()
        do {
            return try POSIXFiles.lock(lockPath, wait: lockWait)
        } catch {
            throw .file(error)
        }
    }

    /// The error for a change ``AccountFile`` refused.
    private func refusal(_ error: AccountFileError) -> AccountStoreError {
        if case .tooLarge = error.reason { return .refused(path: path, error) }
        return .malformed(path: path, error)
    }

    /// Clears a name's failure count, if the tally has one; call it holding the lock.
    private func resetTally(of name: String) throws(AccountStoreError) {
        let (read, status) = try readTallyAndStatus()
        var tally = read
        if tally.reset(name) { try writeTally(tally, keeping: status) }
    }

    /// Reads the tally (empty when missing) and its status.
    private func readTallyAndStatus() throws(AccountStoreError) -> (tally: FailureTally, status: FileStatus?) {
        let read: (bytes: [UInt8], status: FileStatus)?
        do {
            read = try POSIXFiles.read(tallyPath, maximumBytes: maximumTallyBytes)
        } catch {
            throw .file(error)
        }
        guard let (bytes, status) = read else { return (FailureTally(), nil) }
        try checkPermissions(of: tallyPath, status: status, warning: false)
        if bytes.count > maximumTallyBytes {
            throw .tooLarge(path: tallyPath, bytes: max(status.size, bytes.count), maximumBytes: maximumTallyBytes)
        }
        guard let text = UTF8Text.string(validating: bytes) else {
            throw .malformed(path: tallyPath, AccountFileError(.notUTF8))
        }
        do {
            return (try FailureTally(parsing: text), status)
        } catch {
            throw .malformed(path: tallyPath, error)
        }
    }

    /// Replaces the tally atomically; call it holding the lock. A tally larger than ``maximumTallyBytes`` is not
    /// written: the old one stays.
    private func writeTally(_ tally: FailureTally, keeping status: FileStatus?) throws(AccountStoreError) {
        let bytes = Array(tally.text.utf8)
        guard bytes.count <= maximumTallyBytes else {
            throw .tallyFull(path: tallyPath, bytes: bytes.count, maximumBytes: maximumTallyBytes)
        }
        do {
            try POSIXFiles.replace(tallyPath, with: bytes, keeping: status)
        } catch {
            throw .file(error)
        }
    }

    private func read(warning: Bool) throws(AccountStoreError) -> (file: AccountFile, status: FileStatus)? {
        let read: (bytes: [UInt8], status: FileStatus)?
        do {
            read = try POSIXFiles.read(path, maximumBytes: AccountFile.maximumBytes)
        } catch {
            throw .file(error)
        }
        try checkPermissions(of: path, status: read?.status, warning: warning)
        guard let (bytes, status) = read else { return nil }
        if bytes.count > AccountFile.maximumBytes {
            throw .tooLarge(path: path, bytes: max(status.size, bytes.count), maximumBytes: AccountFile.maximumBytes)
        }
        do {
            return (try AccountFile(bytes: bytes), status)
        } catch {
            throw .malformed(path: path, error)
        }
    }

    /// Checks a file of the store (or where it would be created) and its folder with ``AccountFilePermissions``.
    private func checkPermissions(of path: String, status: FileStatus?, warning: Bool) throws(AccountStoreError) {
        let folder = POSIXFiles.parentFolder(of: path)
        let folderStatus: FileStatus?
        do {
            folderStatus = try POSIXFiles.folderStatus(folder)
        } catch {
            throw .file(error)
        }
        guard let folderStatus else { return }
        let finding = AccountFilePermissions.check(
            path: path, file: status, folder: (folder, folderStatus), user: POSIXFiles.currentUser)
        switch finding {
        case .safe: break
        case .readableByOthers(let message): if warning { warn(message) }
        case .refused(let error): throw error
        }
    }
}
