internal import LoginFeature
internal import PureMVVM

extension LoginRules {
    /// The login form's rules for the system's accounts (`--pam`): any name and password PAM may check, so short
    /// system names such as `root` and `bob` can sign in, and names of directories such as `alice@example.com`.
    /// - username: 1 to 256 characters and at most ``LoginRules/maximumNameBytes`` UTF-8 bytes, no whitespace, control
    /// characters, invisible format characters (Unicode
    ///   category Cf: a zero-width space, a right-to-left mark, which would make two names look the same) or `:`
    ///   (which no account name holds);
    /// - password: 1 to 512 UTF-8 bytes (Linux-PAM's longest answer, `PAM_MAX_RESP_SIZE`), no control characters.
    ///
    /// - Parameter language: The language of every message.
    /// - Returns: The rules.
    static func systemAccounts(in language: Language) -> LoginRules {
        let words = SystemAccountWords(language: language)
        let forbiddenInNames = ScalarSet.whitespace.union(.controlCharacters).union(.formatCharacters)
            .union(ScalarSet(":"))
        return LoginRules(
            username: ValidationRule.all([
                .length(in: 1...256),
                .maximumLength(LoginRules.maximumNameBytes, in: .utf8),
                .allowedCharacters(forbiddenInNames.inverted, message: words.nameCharacters),
            ]).withDefaultMessages(language.validationMessages),
            password: ValidationRule.all([
                .minimumLength(1),
                .maximumLength(512, in: .utf8),
                .allowedCharacters(ScalarSet.controlCharacters.inverted, message: words.noControls),
            ]).withDefaultMessages(language.validationMessages)
        )
    }
}

/// The system-account rules' own messages, beside the toolkit's defaults.
private struct SystemAccountWords {
    let language: Language

    var nameCharacters: String {
        switch language {
        case .chinese: "不能包含空格、控制字符、不可见的格式字符或 “:”。"
        case .english: "Must not contain spaces, control characters, invisible format characters or ':'."
        }
    }

    var noControls: String {
        switch language {
        case .chinese: "不能包含控制字符。"
        case .english: "Must not contain control characters."
        }
    }
}
