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
        let trusted: Set<UInt32> = [0, user]
        if !trusted.contains(folder.status.owner) {
            return .refused(.untrustedOwner(path: folder.path, owner: folder.status.owner, user: user))
        }
        if folder.status.mode & 0o022 != 0 {
            return .refused(.unsafeMode(path: folder.path, mode: folder.status.mode, isFolder: true))
        }
        guard let file else { return .safe }
        if !trusted.contains(file.owner) { return .refused(.untrustedOwner(path: path, owner: file.owner, user: user)) }
        if file.mode & 0o022 != 0 { return .refused(.unsafeMode(path: path, mode: file.mode, isFolder: false)) }
        if file.mode & 0o044 != 0 { return .readableByOthers(AccountFileWarning(path: path, mode: file.mode)) }
        return .safe
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
