internal import LoginFeature

/// The console login's own words in one language, shared by every screen wired to the console form so their
/// transcripts are the same. The alerts' wording is the login feature's (``LoginAlerts``), the form's own words the
/// console view's (`ConsoleWords`).
struct LoginConsoleWords {
    /// The language of every word.
    let language: Language

    /// The form's action.
    var actionTitle: String {
        switch language {
        case .english: "Sign in"
        case .chinese: "登录"
        }
    }

    /// The busy line while signing in.
    var busy: String {
        switch language {
        case .english: "Signing in…"
        case .chinese: "正在登录…"
        }
    }

    /// A field's name in its prompt and status line.
    func label(of field: LoginField) -> String {
        switch (field, language) {
        case (.username, .english): "Username"
        case (.username, .chinese): "用户名"
        case (.password, .english): "Password"
        case (.password, .chinese): "密码"
        }
    }

    /// The line after a successful sign-in, before the home screen.
    func welcome(_ user: User) -> String {
        switch language {
        case .english: "Welcome, \(user.name)!"
        case .chinese: "欢迎，\(user.name)！"
        }
    }

    /// What `:help` adds at the login form: where sign-up is.
    var signupNote: String {
        switch language {
        case .english: "No account yet? 'login signup --accounts FILE' creates one in an account file."
        case .chinese: "还没有账户？'login signup --accounts FILE' 会在账户文件中创建一个。"
        }
    }

    /// The banner of an interactive session.
    func banner(accountsPath: String?, pamService: String? = nil) -> [String] {
        switch (accountsPath, pamService, language) {
        case (_, let service?, .english):
            ["PureMVVM login. The system's accounts, through PAM service \(service).", commandsHint]
        case (_, let service?, .chinese): ["PureMVVM 登录。使用系统账户，经由 PAM 服务 \(service)。", commandsHint]
        case (let path?, nil, .english): ["PureMVVM login. Accounts from \(path).", commandsHint]
        case (let path?, nil, .chinese): ["PureMVVM 登录。账户来自 \(path)。", commandsHint]
        case (nil, nil, .english):
            ["PureMVVM login. Demo account: \(DemoAccount.name) / \(DemoAccount.password).", commandsHint]
        case (nil, nil, .chinese): ["PureMVVM 登录。演示账户：\(DemoAccount.name) / \(DemoAccount.password)。", commandsHint]
        }
    }

    /// The banner's second line, shared with the sign-up's banner.
    var commandsHint: String {
        switch language {
        case .english: "Type :help at a prompt for commands."
        case .chinese: "在提示处输入 :help 查看命令。"
        }
    }
}
