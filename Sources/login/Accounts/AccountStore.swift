internal import LoginFeature

/// An account file on disk: read for signing in, updated by `login add-user`.
///
/// Updates are safe with several writers at once and against crashes: a writer takes an exclusive lock on
/// `FILE.lock`, reads the file, changes one entry, and replaces the file atomically (temporary file, fsync,
/// rename, mode 0600). Readers take no lock: they see the old file or the new one, never a part. A malformed
/// file is reported with its line number and never rewritten.
///
/// Neither the file nor its lock is ever reached through a symbolic link, and the permissions are checked as
/// OpenSSH checks a private key (``AccountFilePermissions``): a file or folder that group or others can write is
/// refused; a file they can read is used, with a warning.
struct AccountStore {
    /// The account file's path.
    let path: String
    /// Receives warnings, such as a file readable by others.
    var warn: (AccountFileWarning) -> Void = { _ in }

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
        try update { file throws(AccountFileError) in (try file.setPasswordHash(hash, for: name), true) }
    }

    /// Adds an account, unless its name already has an entry, while holding the lock: the sign-up screen's
    /// write, with the same lock, checks and atomic replacement as ``setPasswordHash(_:for:)``.
    ///
    /// - Returns: `false` when the name already has an entry; the file is left untouched.
    /// - Throws: ``AccountStoreError`` when the file cannot be read, is malformed (then it is left untouched), or
    ///   cannot be replaced.
    func addAccount(passwordHash hash: String, for name: String) throws(AccountStoreError) -> Bool {
        try update { file throws(AccountFileError) in
            guard file.account(named: name) == nil else { return (false, false) }
            try file.setPasswordHash(hash, for: name)
            return (true, true)
        }
    }

    /// Changes the file while holding the lock on `FILE.lock` (never reached through a symbolic link): reads it
    /// (a missing file is empty), lets `change` edit it, and replaces it atomically when `change` asks to.
    ///
    /// - Parameter change: Edits the file; returns its outcome and whether the file must be written.
    /// - Returns: `change`'s outcome.
    private func update<Outcome>(
        _ change: (inout AccountFile) throws(AccountFileError) -> (outcome: Outcome, write: Bool)
    ) throws(AccountStoreError) -> Outcome {
        try checkLockPath()
        let lock: FileLock
        do {
            lock = try POSIXFiles.lock(lockPath)
        } catch {
            throw .file(error)
        }
        defer { lock.unlock() }
        var file = try read(warning: false) ?? AccountFile()
        let result: (outcome: Outcome, write: Bool)
        do {
            result = try change(&file)
        } catch {
            throw .malformed(path: path, error)
        }
        guard result.write else { return result.outcome }
        do {
            try POSIXFiles.replace(path, with: Array(file.text.utf8))
        } catch {
            throw .file(error)
        }
        return result.outcome
    }

    /// Checks every hash of a file with a hasher, as ``AccountFile/checkHashes(with:)`` does, split across the
    /// machine's cores: for 100,000 entries the checks are about 23 million instructions, a fifth of `login`'s
    /// start-up.
    ///
    /// - Throws: ``AccountStoreError/malformed(path:_:)`` naming the first line whose hash the hasher refuses.
    static func checkHashes(of file: AccountFile, at path: String, with hasher: some PasswordHasher)
        async throws(AccountStoreError)
    {
        let count = file.accountCount
        let parts = count < 10_000 ? 1 : 4
        let size = (count + parts - 1) / parts
        let firstFailure = await withTaskGroup(of: AccountFileError?.self) { group in
            for start in stride(from: 0, to: count, by: max(size, 1)) {
                group.addTask {
                    do throws(AccountFileError) {
                        try file.checkHashes(ofEntries: start..<min(start + size, count), with: hasher)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            var first: AccountFileError?
            for await failure in group {
                if let failure, failure.line ?? .max < first?.line ?? .max { first = failure }
            }
            return first
        }
        if let firstFailure { throw .malformed(path: path, firstFailure) }
    }

    /// Reads the file, or returns `nil` when it does not exist (after checking that its folder is safe to create
    /// it in).
    func loadIfPresent() throws(AccountStoreError) -> AccountFile? {
        try read(warning: true)
    }

    /// Refuses a lock path that is a symbolic link before anything is asked or written (the lock itself is also
    /// opened without following one).
    func checkLockPath() throws(AccountStoreError) {
        if POSIXFiles.isSymbolicLink(lockPath) { throw .file(.symbolicLink(path: lockPath)) }
    }

    private func read(warning: Bool) throws(AccountStoreError) -> AccountFile? {
        let read: (bytes: [UInt8], status: FileStatus)?
        let folder = POSIXFiles.parentFolder(of: path)
        let folderStatus: FileStatus?
        do {
            read = try POSIXFiles.read(path, maximumBytes: AccountFile.maximumBytes)
            folderStatus = try POSIXFiles.folderStatus(folder)
        } catch {
            throw .file(error)
        }
        if let folderStatus {
            let finding = AccountFilePermissions.check(
                path: path, file: read?.status, folder: (folder, folderStatus), user: POSIXFiles.currentUser)
            switch finding {
            case .safe: break
            case .readableByOthers(let message): if warning { warn(message) }
            case .refused(let error): throw error
            }
        }
        guard let (bytes, status) = read else { return nil }
        if bytes.count > AccountFile.maximumBytes {
            throw .tooLarge(path: path, bytes: max(status.size, bytes.count), maximumBytes: AccountFile.maximumBytes)
        }
        do {
            return try AccountFile(bytes: bytes)
        } catch {
            throw .malformed(path: path, error)
        }
    }
}
