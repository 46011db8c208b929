internal import LoginFeature

/// Why the home screen's database file is not used (``ProfileDatabaseFile``).
enum ProfileDatabaseFileError: Error, Equatable, CustomStringConvertible {
    /// The path is a symbolic link.
    case symbolicLink(path: String)
    /// The file or its folder can be written by group or others.
    case unsafeMode(path: String, mode: UInt32, isFolder: Bool)
    /// The file or its folder belongs to someone other than the user and root.
    case untrustedOwner(path: String, owner: UInt32, user: UInt32)
    /// The system could not tell what the path holds, or it is not a regular file.
    case file(FileError)

    /// The sentence in English; see ``description(in:)``.
    var description: String { description(in: .english) }

    /// A sentence naming the file or folder and the fix, without a final full stop.
    func description(in language: Language) -> String {
        switch (self, language) {
        case (.symbolicLink(let path), .english):
            "\(path) is a symbolic link; the profile database is never opened through one, so nothing was read or "
                + "changed (use the real path)"
        case (.symbolicLink(let path), .chinese): "\(path) 是符号链接；个人资料数据库从不经由符号链接打开，因此没有读取或更改任何内容（请使用真实路径）"
        case (.unsafeMode(let path, let mode, let isFolder), .english):
            "\(isFolder ? "the folder " : "")\(path) is writable by group or others (mode "
                + "\(AccountFilePermissions.octal(mode))), so anyone who can write it can change your profile and "
                + "orders; refusing to use it as the profile database. Fix it with: chmod \(isFolder ? "go-w" : "600") "
                + AccountFilePermissions.shellQuoted(path)
        case (.unsafeMode(let path, let mode, let isFolder), .chinese):
            "\(isFolder ? "文件夹 " : "")\(path) 可被组或其他用户写入（权限 \(AccountFilePermissions.octal(mode))），"
                + "能写入它的人都能更改你的资料和订单；拒绝将其用作个人资料数据库。修复方法：chmod \(isFolder ? "go-w" : "600") "
                + AccountFilePermissions.shellQuoted(path)
        case (.untrustedOwner(let path, let owner, let user), .english):
            "\(path) belongs to user id \(owner), not to you (\(user)) or root; refusing to use it as the profile "
                + "database"
        case (.untrustedOwner(let path, let owner, let user), .chinese):
            "\(path) 属于用户 ID \(owner)，既不属于你（\(user)）也不属于 root；拒绝将其用作个人资料数据库"
        case (.file(let error), _): error.description(in: language)
        }
    }
}
