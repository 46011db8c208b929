internal import PureMVVM

/// The sign-up screen's own words in each ``Language``; the fields' rule messages come from
/// ``ValidationMessages`` and ``LoginRules``.
struct SignupText {
    let language: Language

    /// The terms check box, when it is not ticked.
    var acceptTerms: String {
        switch language {
        case .chinese: "请先同意服务条款。"
        case .english: "Accept the terms to sign up."
        }
    }

    /// The email field, when the email cannot be an account name (``AccountFile/checkName(_:)``).
    var unusableName: String {
        switch language {
        case .chinese: "不能用作账户名：不能以 “#” 开头，也不能包含 “:”、空白、控制字符或不可见字符。"
        case .english:
            "Cannot be an account name: it must not start with '#' or contain ':', spaces, control or invisible characters."
        }
    }

    /// The email field, after the service answered ``SignupError/emailTaken``.
    var emailTaken: String {
        switch language {
        case .chinese: "该电子邮件地址已注册。"
        case .english: "This email is already registered."
        }
    }

    /// The alert after ``SignupError/unavailable(_:)``.
    func unavailable(_ reason: String) -> AlertContent<Never> {
        switch language {
        case .chinese: AlertContent(title: "注册失败", message: "无法创建账户：\(reason)")
        case .english: AlertContent(title: "Sign-up failed", message: "The account could not be created: \(reason)")
        }
    }
}
