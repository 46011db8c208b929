internal import LoginFeature

/// Why an account file could not be used.
enum AccountStoreError: Error, Equatable, CustomStringConvertible {
    /// The file does not exist.
    case missing(path: String)
    /// The system refused an operation, or the path is a symbolic link or not a regular file.
    case file(FileError)
    /// The file's contents are wrong.
    case malformed(path: String, AccountFileError)
    /// A change was refused, and nothing was written: the new name is the same as another entry's, or the file
    /// would grow past the most `login` reads.
    case refused(path: String, AccountFileError)
    /// The file or its folder can be written by group or others.
    case unsafeMode(path: String, mode: UInt32, isFolder: Bool)
    /// The file is larger than ``AccountFile/maximumBytes``.
    case tooLarge(path: String, bytes: Int, maximumBytes: Int)
    /// The file or its folder belongs to someone other than the user and root.
    case untrustedOwner(path: String, owner: UInt32, user: UInt32)

    /// A sentence such as `accounts.txt: line 3: expected name:hash, found no ':'`.
    var description: String {
        switch self {
        case .missing(let path): "\(path): no such file"
        case .file(let error): "\(error)"
        case .malformed(let path, let error): "\(path): \(error)"
        case .refused(let path, let error):
            if case .tooLarge(let maximumBytes) = error.reason {
                "\(path): the entry was not added: the file would be larger than \(maximumBytes) bytes "
                    + "(\(maximumBytes >> 20) MiB), the most login reads; nothing was changed"
            } else {
                "\(path): the name was refused: \(error); nothing was changed"
            }
        case .unsafeMode(let path, let mode, let isFolder):
            "\(isFolder ? "the folder " : "")\(path) is writable by group or others (mode "
                + "\(AccountFilePermissions.octal(mode))), so anyone who can write it can add an account; "
                + "refusing to use it. Fix it with: chmod \(isFolder ? "go-w" : "600") "
                + AccountFilePermissions.shellQuoted(path)
        case .tooLarge(let path, let bytes, let maximumBytes):
            "\(path) is \(bytes) bytes, more than the \(maximumBytes) bytes (\(maximumBytes >> 20) MiB) an account file may have"
        case .untrustedOwner(let path, let owner, let user):
            "\(path) belongs to user id \(owner), not to you (\(user)) or root; refusing to use it"
        }
    }
}
