public import PureMVVM

/// The validation rules of the login form.
public struct LoginRules: Sendable {
    /// The username's rule.
    public var username: ValidationRule
    /// The password's rule.
    public var password: ValidationRule

    /// Creates a set of rules.
    ///
    /// - Parameters:
    ///   - username: The username's rule.
    ///   - password: The password's rule.
    public init(username: ValidationRule, password: ValidationRule) {
        self.username = username
        self.password = password
    }

    /// The longest name, in UTF-8 bytes, whatever its characters: 254, RFC 5321's limit on an email address.
    ///
    /// A name is also limited in characters (32, or 254 for an email address), but a character can be one letter
    /// and thousands of combining marks, so a few "characters" could be kilobytes; login(1) limits names in bytes
    /// for the same reason (32 in its records, `LOGIN_NAME_MAX` in the system's). Any 32 characters of a script's
    /// letters and numbers fit.
    public static let maximumNameBytes = 254

    /// Exactly the seed article's rules: each field needs at least 6 characters.
    public static let seed = LoginRules(username: .minimumLength(6), password: .minimumLength(6))

    /// The seed's rules plus what a real account store needs, in English, and the default: see
    /// ``standard(in:)``.
    public static let standard = standard(in: .english)

    /// The seed's rules plus what a real account store needs, with messages in a language:
    /// - username: 6 to 32 characters; letters and digits of any script, `.`, `_` and `-` only (so no
    ///   whitespace, `:` or invisible characters such as right-to-left marks); or, when it contains `@`, an email
    ///   address (``ValidationRule/email(message:)``, at most 254 characters), as the sign-up screen creates;
    ///   either way at most ``maximumNameBytes`` UTF-8 bytes (an email address is ASCII: its 254 characters are
    ///   254 bytes);
    /// - password: at least 6 characters, at most 72 UTF-8 bytes (bcrypt ignores anything longer, so a longer
    ///   password is refused rather than silently shortened), no control characters (NUL, escape, delete).
    ///
    /// - Parameter language: The language of every message.
    /// - Returns: The rules.
    public static func standard(in language: Language) -> LoginRules {
        let words = LoginRuleWords(language: language)
        return LoginRules(
            // Without an '@' a user name, with one an email address. The test is a scalar set, not `/@/`: a regex
            // match runs Swift's regex engine, and allocates, on every keystroke (Performance article).
            username: .when(
                .allowedCharacters(ScalarSet("@").inverted),
                then: .all([
                    .minimumLength(6),
                    .maximumLength(32),
                    .maximumLength(maximumNameBytes, in: .utf8),
                    .allowedCharacters(.alphanumerics.union(ScalarSet("._-")), message: words.nameCharacters),
                ]),
                otherwise: .firstFailure(of: [.email(), .maximumLength(254)])
            ).withDefaultMessages(language.validationMessages),
            password: password(in: language)
        )
    }

    /// The password's rule of ``standard(in:)``, which the sign-up screen shares: an account it creates can sign
    /// in.
    ///
    /// - Parameter language: The language of every message.
    /// - Returns: The rule.
    public static func password(in language: Language) -> ValidationRule {
        ValidationRule.all([
            .minimumLength(6),
            .maximumLength(72, in: .utf8),
            .allowedCharacters(.controlCharacters.inverted, message: LoginRuleWords(language: language).noControls),
        ]).withDefaultMessages(language.validationMessages)
    }
}

/// The login rules' own messages, beside the toolkit's defaults.
private struct LoginRuleWords {
    let language: Language

    var nameCharacters: String {
        switch language {
        case .chinese: "只能包含字母、数字、“.”、“_” 或 “-”。"
        case .english: "Use letters, digits, '.', '_' or '-' only."
        }
    }

    var noControls: String {
        switch language {
        case .chinese: "不能包含控制字符。"
        case .english: "Must not contain control characters."
        }
    }
}
