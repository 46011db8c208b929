/// A system library that `login` opens when a command first needs it, and could not open: which library, why, and
/// the package that installs it.
///
/// `login` carries the few declarations of Linux-PAM, SQLite and libxcrypt that it uses and opens each library by
/// its soname, so it builds without their development packages; a library that is not installed turns off only
/// the commands that need it.
public struct SystemLibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A library `login` opens at run time.
    public enum Library: Hashable, Sendable, CaseIterable {
        /// Linux-PAM, for `--pam`.
        case linuxPAM
        /// SQLite, for the home screen's database.
        case sqlite
        /// libxcrypt, for account files.
        case libxcrypt

        /// The library's name, such as `Linux-PAM`.
        public var name: String {
            switch self {
            case .linuxPAM: "Linux-PAM"
            case .sqlite: "SQLite"
            case .libxcrypt: "libxcrypt"
            }
        }

        /// The file name the library is opened by, such as `libpam.so.0`.
        public var soname: String {
            switch self {
            case .linuxPAM: "libpam.so.0"
            case .sqlite: "libsqlite3.so.0"
            case .libxcrypt: "libcrypt.so.1"
            }
        }

        /// The Debian and Ubuntu package that installs it, such as `libpam0g`.
        public var package: String {
            switch self {
            case .linuxPAM: "libpam0g"
            case .sqlite: "libsqlite3-0"
            case .libxcrypt: "libcrypt1"
            }
        }
    }

    /// The library that could not be opened.
    public let library: Library
    /// Why, as the dynamic loader said it (such as `libpam.so.0: cannot open shared object file: No such file or
    /// directory`), or the function the library lacks.
    public let reason: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - library: The library that could not be opened.
    ///   - reason: Why, as the dynamic loader said it.
    public init(library: Library, reason: String) {
        self.library = library
        self.reason = reason
    }

    /// The sentence, in English; see ``description(in:)``.
    public var description: String { description(in: .english) }

    /// What could not be opened, why, and how to install it. The loader's reason is kept as it came.
    ///
    /// - Parameter language: The language of the sentence.
    /// - Returns: The sentence, without a final full stop, such as "SQLite could not be loaded (libsqlite3.so.0:
    ///   cannot open shared object file: No such file or directory); install it with `apt-get install
    ///   libsqlite3-0` (Debian, Ubuntu)".
    public func description(in language: Language) -> String {
        switch language {
        case .english:
            "\(library.name) could not be loaded (\(reason)); install it with `apt-get install \(library.package)` "
                + "(Debian, Ubuntu)"
        case .chinese:
            "无法加载 \(library.name)（\(reason)）；请用 `apt-get install \(library.package)` 安装（Debian、Ubuntu）"
        }
    }
}
