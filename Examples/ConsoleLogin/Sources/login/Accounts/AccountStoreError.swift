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
    /// Counting a failure would make the failure tally larger than it may be (``FailureTally/maximumBytes``): it
    /// holds lines of names that no longer have an account (the bound is room for every account of the largest
    /// account file). Nothing was written, and the sign-in is unavailable.
    case tallyFull(path: String, bytes: Int, maximumBytes: Int)

    /// The sentence in English; see ``description(in:)``.
    var description: String { description(in: .english) }

    /// A sentence such as `accounts.txt: line 3: expected name:hash, found no ':'`, without a final full stop.
    func description(in language: Language) -> String {
        switch (self, language) {
        case (.missing(let path), .english): "\(path): no such file"
        case (.missing(let path), .chinese): "\(path)：文件不存在"
        case (.file(let error), _): error.description(in: language)
        case (.malformed(let path, let error), .english): "\(path): \(error.description(in: language))"
        case (.malformed(let path, let error), .chinese): "\(path)：\(error.description(in: language))"
        case (.refused(let path, let error), _): Self.refusal(path, error, language)
        case (.unsafeMode(let path, let mode, let isFolder), .english):
            "\(isFolder ? "the folder " : "")\(path) is writable by group or others (mode "
                + "\(AccountFilePermissions.octal(mode))), so anyone who can write it can add an account; "
                + "refusing to use it. Fix it with: chmod \(isFolder ? "go-w" : "600") "
                + AccountFilePermissions.shellQuoted(path)
        case (.unsafeMode(let path, let mode, let isFolder), .chinese):
            "\(isFolder ? "文件夹 " : "")\(path) 可被组或其他用户写入（权限 \(AccountFilePermissions.octal(mode))），"
                + "能写入它的人都能添加账户；拒绝使用。修复方法：chmod \(isFolder ? "go-w" : "600") "
                + AccountFilePermissions.shellQuoted(path)
        case (.tooLarge(let path, let bytes, let maximumBytes), .english):
            "\(path) is \(bytes) bytes, more than the \(maximumBytes) bytes (\(maximumBytes >> 20) MiB) an account "
                + "file may have"
        case (.tooLarge(let path, let bytes, let maximumBytes), .chinese):
            "\(path) 有 \(bytes) 字节，超过了账户文件允许的 \(maximumBytes) 字节（\(maximumBytes >> 20) MiB）"
        case (.untrustedOwner(let path, let owner, let user), .english):
            "\(path) belongs to user id \(owner), not to you (\(user)) or root; refusing to use it"
        case (.untrustedOwner(let path, let owner, let user), .chinese):
            "\(path) 属于用户 ID \(owner)，既不属于你（\(user)）也不属于 root；拒绝使用"
        case (.tallyFull(let path, let bytes, let maximumBytes), .english):
            "\(path) would be \(bytes) bytes, more than the \(maximumBytes) bytes a failure tally may have, so this "
                + "failure could not be counted and nothing was changed; delete the lines of names that have no "
                + "account (or the file)"
        case (.tallyFull(let path, let bytes, let maximumBytes), .chinese):
            "\(path) 将有 \(bytes) 字节，超过了失败计数文件允许的 \(maximumBytes) 字节，因此无法记下这次失败，没有做任何更改；"
                + "请删除已没有账户的名称所在的行（或删除该文件）"
        }
    }

    /// ``refused(path:_:)``'s sentence: an entry that would grow the file past the limit, or a name refused.
    private static func refusal(_ path: String, _ error: AccountFileError, _ language: Language) -> String {
        if case .tooLarge(let maximumBytes) = error.reason {
            return switch language {
            case .english:
                "\(path): the entry was not added: the file would be larger than \(maximumBytes) bytes "
                    + "(\(maximumBytes >> 20) MiB), the most login reads; nothing was changed"
            case .chinese:
                "\(path)：未添加该条目：文件将超过 login 能读取的上限 \(maximumBytes) 字节（\(maximumBytes >> 20) MiB）；"
                    + "没有做任何更改"
            }
        }
        return switch language {
        case .english: "\(path): the name was refused: \(error.description(in: language)); nothing was changed"
        case .chinese: "\(path)：该名称被拒绝：\(error.description(in: language))；没有做任何更改"
        }
    }
}
