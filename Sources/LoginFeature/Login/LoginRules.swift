internal import Foundation
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

    /// Exactly the seed article's rules: each field needs at least 6 characters.
    public static let seed = LoginRules(username: .minimumLength(6), password: .minimumLength(6))

    /// The seed's rules plus what a real account store needs, and the default:
    /// - username: 6 to 32 characters; letters and digits of any script, `.`, `_` and `-` only (so no
    ///   whitespace, `:` or invisible characters such as right-to-left marks);
    /// - password: at least 6 characters, at most 72 UTF-8 bytes (bcrypt ignores anything longer, so a longer
    ///   password is refused rather than silently shortened), no control characters (NUL, escape, delete).
    public static let standard = LoginRules(
        username: .all([
            .minimumLength(6),
            .maximumLength(32),
            .allowedCharacters(
                CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-")),
                message: "Use letters, digits, '.', '_' or '-' only."
            ),
        ]),
        password: .all([
            .minimumLength(6),
            .maximumLength(72, in: .utf8),
            .allowedCharacters(controlCharacters.inverted, message: "Must not contain control characters."),
        ])
    )

    /// C0 and C1 control characters and DEL (Unicode category Cc), which `CharacterSet.controlCharacters`
    /// widens to format characters such as the zero-width joiner inside emoji sequences.
    private static let controlCharacters = CharacterSet(charactersIn: "\u{0}"..."\u{1F}")
        .union(CharacterSet(charactersIn: "\u{7F}"..."\u{9F}"))
}
