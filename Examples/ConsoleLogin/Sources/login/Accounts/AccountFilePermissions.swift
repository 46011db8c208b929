/// OpenSSH's rule for private keys, applied to account files: who may change the file decides who may sign in,
/// so a file or folder that someone else can write, or that someone else owns, is refused; a file that others can
/// only read (its hashes can be attacked offline) is used with a warning.
enum AccountFilePermissions {
    /// What the check found.
    enum Finding: Equatable {
        /// The file and its folder are private.
        case safe
        /// The file can be read by group or others: used, with this warning.
        case readableByOthers(AccountFileWarning)
        /// The file or folder cannot be trusted.
        case refused(AccountStoreError)
    }

    /// What the rule finds wrong with a file and its folder, whatever the file holds.
    enum Problem: Equatable {
        /// The file or folder belongs to someone other than the user and root.
        case untrustedOwner(path: String, owner: UInt32)
        /// The file or folder can be written by group or others.
        case unsafeMode(path: String, mode: UInt32, isFolder: Bool)
        /// The file can be read by group or others.
        case readableByOthers(mode: UInt32)
    }

    /// Checks an account file and its folder.
    ///
    /// - Parameters:
    ///   - path: The file's path, as given.
    ///   - file: The file's owner and mode; `nil` when it does not exist yet (`add-user` creates it).
    ///   - folder: The folder's path and its owner and mode.
    ///   - user: The user id `login` runs as.
    /// - Returns: The finding; a refusal names the file, its mode and the `chmod` that fixes it.
    static func check(path: String, file: FileStatus?, folder: (path: String, status: FileStatus), user: UInt32)
        -> Finding
    {
        switch problem(path: path, file: file, folder: folder, user: user) {
        case nil: .safe
        case .untrustedOwner(let path, let owner): .refused(.untrustedOwner(path: path, owner: owner, user: user))
        case .unsafeMode(let path, let mode, let isFolder):
            .refused(.unsafeMode(path: path, mode: mode, isFolder: isFolder))
        case .readableByOthers(let mode): .readableByOthers(AccountFileWarning(path: path, mode: mode))
        }
    }

    /// The rule itself, for any private file and its folder (the account file's, and the profile database's):
    /// the folder, then the file, each belonging to the user or root and not writable by group or others; then
    /// whether the file can be read by them.
    ///
    /// - Parameters:
    ///   - path: The file's path, as given.
    ///   - file: The file's owner and mode; `nil` when it does not exist yet.
    ///   - folder: The folder's path and its owner and mode.
    ///   - user: The user id `login` runs as.
    /// - Returns: The first problem found, or `nil` when the file and its folder are private.
    static func problem(path: String, file: FileStatus?, folder: (path: String, status: FileStatus), user: UInt32)
        -> Problem?
    {
        let trusted: Set<UInt32> = [0, user]
        if !trusted.contains(folder.status.owner) {
            return .untrustedOwner(path: folder.path, owner: folder.status.owner)
        }
        if folder.status.mode & 0o022 != 0 {
            return .unsafeMode(path: folder.path, mode: folder.status.mode, isFolder: true)
        }
        guard let file else { return nil }
        if !trusted.contains(file.owner) { return .untrustedOwner(path: path, owner: file.owner) }
        if file.mode & 0o022 != 0 { return .unsafeMode(path: path, mode: file.mode, isFolder: false) }
        if file.mode & 0o044 != 0 { return .readableByOthers(mode: file.mode) }
        return nil
    }

    /// A mode in the form `chmod` takes, such as `0644`.
    static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A path as a shell word: as is when it is only safe characters, otherwise in single quotes.
    static func shellQuoted(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || "0123456789/._-+,:@%".unicodeScalars.contains(scalar))
        }
        if safe && !path.isEmpty { return path }
        return "'" + path.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    /// The string with every occurrence of a piece replaced (the standard library alone, no Foundation).
    fileprivate func replacingAll(_ piece: String, with replacement: String) -> String {
        split(separator: piece, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
