internal import LoginFeature

/// The console sign-up's own words in one language; the screen's messages are the ViewModel's, in the same
/// language.
struct SignupConsoleWords {
    /// The language of every word.
    let language: Language

    /// The form's action.
    var actionTitle: String {
        switch language {
        case .english: "Sign up"
        case .chinese: "注册"
        }
    }

    /// The busy line while the account is created.
    var busy: String {
        switch language {
        case .english: "Creating the account…"
        case .chinese: "正在创建账户…"
        }
    }

    /// A field's name in its prompt and status line.
    func label(of field: SignupField) -> String {
        switch (field, language) {
        case (.email, .english): "Email"
        case (.email, .chinese): "电子邮件"
        case (.password, .english): "Password"
        case (.password, .chinese): "密码"
        case (.confirmation, .english): "Repeat the password"
        case (.confirmation, .chinese): "再次输入密码"
        case (.terms, .english): "Accept the terms (yes/no)"
        case (.terms, .chinese): "接受服务条款（是/否）"
        }
    }

    /// The banner of a sign-up session.
    func banner(accountsPath: String) -> [String] {
        let hint = LoginConsoleWords(language: language).commandsHint
        return switch language {
        case .english: ["PureMVVM sign-up. New accounts go to \(accountsPath).", hint]
        case .chinese: ["PureMVVM 注册。新账户将写入 \(accountsPath)。", hint]
        }
    }

    /// The line after the account was created, before the home screen.
    func created(_ name: String) -> String {
        switch language {
        case .english: "Account created. Welcome, \(name)!"
        case .chinese: "账户已创建。欢迎，\(name)！"
        }
    }

    /// Whether a line typed at the terms prompt accepts them: yes, y, 是 or 同意, in any case and either language
    /// (what a user types is understood whatever the screen's language).
    static func acceptsTerms(_ line: String) -> Bool {
        ["yes", "y", "是", "同意"].contains(line.lowercased())
    }
}
