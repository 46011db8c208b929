internal import LoginFeature
internal import PureMVVM

extension LoginRules {
    /// The login form's rules for the system's accounts (`--pam`): any name and password PAM may check, so short
    /// system names such as `root` and `bob` can sign in, and names of directories such as `alice@example.com`.
    /// - username: 1 to 256 characters, no whitespace, control characters or `:` (which no account name holds);
    /// - password: 1 to 512 UTF-8 bytes (Linux-PAM's longest answer, `PAM_MAX_RESP_SIZE`), no control characters.
    static let systemAccounts = LoginRules(
        username: .all([
            .length(in: 1...256),
            .custom(message: "Must not contain spaces, control characters or ':'.") { text in
                (text ?? "").unicodeScalars.allSatisfy { scalar in
                    scalar != ":" && !scalar.properties.isWhitespace && !isControl(scalar)
                }
            },
        ]),
        password: .all([
            .minimumLength(1),
            .maximumLength(512, in: .utf8),
            .custom(message: "Must not contain control characters.") { text in
                !(text ?? "").unicodeScalars.contains(where: isControl)
            },
        ])
    )

    /// C0 and C1 control characters and DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
