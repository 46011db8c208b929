internal import LoginFeature
internal import PAM

/// What `login` itself says around its screens, in one language: refusals on standard error (after `login: `),
/// `add-user`'s prompts and results, and `import-profiles`' result. Paths, names, options and commands are as
/// given; text from the system (strerror's) is kept as it came.
struct ProgramWords {
    /// The language of every word.
    let language: Language

    /// The line after a usage error.
    var seeHelp: String {
        switch language {
        case .english: "See 'login --help'."
        case .chinese: "参见 'login --help'。"
        }
    }

    /// A sentence made of an error's description, such as ``AccountStoreError/description(in:)``: its full stop.
    func sentence(_ clause: String) -> String {
        switch language {
        case .english: clause + "."
        case .chinese: clause + "。"
        }
    }

    /// `--pam` where Linux-PAM cannot be opened or does not exist, or with a name that is no PAM service.
    func pamRefused(_ error: PAMError) -> String {
        switch (error, language) {
        case (.libraryMissing, .english): "--pam needs Linux-PAM: " + sentence(error.description(in: language))
        case (.libraryMissing, .chinese): "--pam 需要 Linux-PAM：" + sentence(error.description(in: language))
        case (.unavailable, .english): "--pam needs Linux-PAM, which this platform does not have (it is used on Linux)."
        case (.unavailable, .chinese): "--pam 需要 Linux-PAM，但此平台没有（它在 Linux 上使用）。"
        case (.invalidServiceName, .english): "--pam: " + sentence(error.description(in: language))
        case (.invalidServiceName, .chinese): "--pam：" + sentence(error.description(in: language))
        }
    }

    /// An account file where libxcrypt cannot be opened or does not exist.
    func noCrypt(_ error: PasswordHashingError) -> String {
        switch (error, language) {
        case (.libraryMissing, .english): "account files need libxcrypt: " + sentence(error.description(in: language))
        case (.libraryMissing, .chinese): "账户文件需要 libxcrypt：" + sentence(error.description(in: language))
        case (_, .english):
            "account files need libxcrypt's crypt(3), which this platform does not have (it is used on Linux)."
        case (_, .chinese): "账户文件需要 libxcrypt 的 crypt(3)，但此平台没有（它在 Linux 上使用）。"
        }
    }

    /// The home screen's database where SQLite cannot be opened.
    func noSQLite(_ error: SystemLibraryError) -> String {
        switch language {
        case .english: "the home screen's database needs SQLite: " + sentence(error.description(in: language))
        case .chinese: "主页的数据库需要 SQLite：" + sentence(error.description(in: language))
        }
    }

    /// An account file without an account.
    func noAccounts(in path: String) -> String {
        switch language {
        case .english: "\(path) has no accounts; add one with 'login add-user --accounts \(path) NAME'."
        case .chinese: "\(path) 中没有账户；请用 'login add-user --accounts \(path) NAME' 添加一个。"
        }
    }

    /// No terminal to ask for the password on.
    var noTerminal: String {
        switch language {
        case .english: "cannot ask for the password: there is no terminal."
        case .chinese: "无法询问密码：没有终端。"
        }
    }

    /// What a script signing in does instead.
    var useScriptedSignIn: String {
        switch language {
        case .english: "In a script, use --username NAME --password-stdin."
        case .chinese: "在脚本中请使用 --username NAME --password-stdin。"
        }
    }

    /// What `signup` needs instead.
    var signUpAtATerminal: String {
        switch language {
        case .english: "Sign up at a terminal."
        case .chinese: "请在终端中注册。"
        }
    }

    /// What a script adding a user does instead.
    var usePasswordFromStandardInput: String {
        switch language {
        case .english: "In a script, use --password-stdin."
        case .chinese: "在脚本中请使用 --password-stdin。"
        }
    }

    /// `--profiles` naming a JSON file, and how to import it: two lines.
    func profilesIsJSON(_ path: String) -> [String] {
        switch language {
        case .english:
            [
                "--profiles takes an SQLite database, and \(path) is JSON.",
                "Import it into one with 'login import-profiles --profiles FILE.sqlite \(path)'.",
            ]
        case .chinese:
            [
                "--profiles 需要 SQLite 数据库，而 \(path) 是 JSON。",
                "请用 'login import-profiles --profiles FILE.sqlite \(path)' 把它导入一个数据库。",
            ]
        }
    }

    /// A name no account file can hold.
    func unusableName(_ name: String, _ problem: AccountFileError.NameProblem) -> String {
        switch language {
        case .english: "the name \"\(name)\" \(problem.description(in: language))."
        case .chinese: "名称 \"\(name)\" \(problem.description(in: language))。"
        }
    }

    /// A name the login form's rules refuse, with the rules' messages.
    func nameCouldNeverSignIn(_ name: String, _ failures: [String]) -> String {
        switch language {
        case .english: "the name \"\(name)\" could never sign in: " + failures.joined(separator: " ")
        case .chinese: "名称 \"\(name)\" 永远无法登录：" + failures.joined()
        }
    }

    /// A password the login form's rules refuse, with the rules' messages.
    func unusablePassword(_ failures: [String]) -> String {
        switch language {
        case .english: "the password cannot be used: " + failures.joined(separator: " ")
        case .chinese: "此密码不能使用：" + failures.joined()
        }
    }

    /// The hasher refused the password.
    func cannotHash(_ error: PasswordHashingError) -> String {
        switch language {
        case .english: "cannot hash the password: \(error.description(in: language))"
        case .chinese: "无法对密码进行哈希：\(error.description(in: language))"
        }
    }

    /// `add-user` added a new entry.
    func added(_ name: String, to path: String) -> String {
        switch language {
        case .english: "Added \"\(name)\" to \(path)."
        case .chinese: "已将 \"\(name)\" 添加到 \(path)。"
        }
    }

    /// `add-user` replaced an entry's hash.
    func replaced(_ name: String, in path: String) -> String {
        switch language {
        case .english: "Replaced the password of \"\(name)\" in \(path)."
        case .chinese: "已替换 \(path) 中 \"\(name)\" 的密码。"
        }
    }

    /// `add-user`'s first password prompt.
    func newPasswordPrompt(for name: String) -> String {
        switch language {
        case .english: "New password for \(name): "
        case .chinese: "\(name) 的新密码："
        }
    }

    /// `add-user`'s second password prompt.
    var repeatPasswordPrompt: String {
        switch language {
        case .english: "Repeat the password: "
        case .chinese: "再次输入密码："
        }
    }

    /// The two passwords typed to `add-user` differ.
    var passwordsDiffer: String {
        switch language {
        case .english: "the passwords do not match; nothing was changed."
        case .chinese: "两次输入的密码不一致；没有做任何更改。"
        }
    }

    /// `import-profiles` with a JSON file that does not exist.
    func missingFile(_ path: String) -> String {
        switch language {
        case .english: "\(path) does not exist."
        case .chinese: "\(path) 不存在。"
        }
    }

    /// `import-profiles` with no database named and no default one: two lines.
    var noDefaultDatabase: [String] {
        switch language {
        case .english:
            [
                "there is no default profile database: neither XDG_DATA_HOME nor HOME is set.",
                "Name one with --profiles FILE.sqlite.",
            ]
        case .chinese: ["没有默认的资料数据库：XDG_DATA_HOME 和 HOME 都没有设置。", "请用 --profiles FILE.sqlite 指定一个。"]
        }
    }

    /// `import-profiles` done.
    func imported(_ count: Int, from jsonPath: String, into path: String, holding total: Int) -> String {
        switch language {
        case .english:
            "Imported \(count) \(count == 1 ? "profile" : "profiles") from \(jsonPath) into \(path) (it holds \(total))."
        case .chinese: "已从 \(jsonPath) 导入 \(count) 份资料到 \(path)（其中现有 \(total) 份）。"
        }
    }

    /// A password on standard input over the limit.
    func passwordTooLong(maximumBytes: Int) -> String {
        switch language {
        case .english: "the password on standard input is longer than \(maximumBytes) bytes."
        case .chinese: "标准输入中的密码超过 \(maximumBytes) 字节。"
        }
    }

    /// A password on standard input that is not UTF-8.
    var passwordNotUTF8: String {
        switch language {
        case .english: "the password on standard input is not UTF-8 text."
        case .chinese: "标准输入中的密码不是 UTF-8 文本。"
        }
    }
}
