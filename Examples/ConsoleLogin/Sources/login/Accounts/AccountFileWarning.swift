internal import LoginFeature

/// An account file that is used, with a warning: group or others can read it, so its password hashes can be
/// copied and guessed at offline (``AccountFilePermissions``).
struct AccountFileWarning: Equatable, CustomStringConvertible {
    /// The file's path, as given.
    var path: String
    /// Its permission bits.
    var mode: UInt32

    /// The warning in English; see ``description(in:)``.
    var description: String { description(in: .english) }

    /// The warning, naming the file, its mode and the `chmod` that fixes it.
    func description(in language: Language) -> String {
        let mode = AccountFilePermissions.octal(mode)
        let quoted = AccountFilePermissions.shellQuoted(path)
        return switch language {
        case .english:
            "warning: \(path) is readable by group or others (mode \(mode)), so its password hashes can be copied "
                + "and guessed at; fix it with: chmod 600 \(quoted)"
        case .chinese: "警告：\(path) 可被组或其他用户读取（权限 \(mode)），其中的密码哈希可能被复制并猜测；修复方法：chmod 600 \(quoted)"
        }
    }
}
