internal import LoginFeature
internal import PureMVVM

/// How a trace writes the values its messages carry: as Swift source would, so a line reads like the call it
/// shows, with every password masked.
enum TraceText {
    /// What a trace shows for any password: the same whatever its length, so it tells nothing about it.
    static let maskedPassword = "\"•••\""

    /// A string as a Swift literal: quoted, with `"` and `\` escaped. Control characters stay as they are, for
    /// the sink to sanitise.
    static func literal(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }

    /// An optional string as a literal, or `nil`.
    static func literal(_ text: String?) -> String {
        text.map(literal) ?? "nil"
    }

    /// A password, masked; `nil` when there is none.
    static func password(_ text: String?) -> String {
        text == nil ? "nil" : maskedPassword
    }

    /// A field's text: the username as a literal, the password masked.
    static func text(_ text: String?, in field: LoginTextField) -> String {
        switch field {
        case .username: literal(text)
        case .password: password(text)
        }
    }

    /// A field, as `.username`.
    static func field(_ field: LoginTextField) -> String {
        switch field {
        case .username: ".username"
        case .password: ".password"
        }
    }

    /// A list of strings, as `["Must be at least 6 characters."]`.
    static func strings(_ strings: [String]) -> String {
        "[" + strings.map(literal).joined(separator: ", ") + "]"
    }

    /// A border, as `.valid` or `.invalid(["…"])`.
    static func border(_ border: BorderState) -> String {
        switch border {
        case .neutral: ".neutral"
        case .valid: ".valid"
        case .invalid(let messages): ".invalid(\(strings(messages)))"
        }
    }

    /// An alert, as `AlertContent(title: "…", message: "…")`.
    static func alert(_ alert: AlertContent<Never>) -> String {
        "AlertContent(title: \(literal(alert.title)), message: \(literal(alert.message)))"
    }

    /// A user, as `User(name: "dimsky")`, with the full name and what the account service said, if anything.
    static func user(_ user: User) -> String {
        var arguments = ["name: \(literal(user.name))"]
        if let fullName = user.fullName { arguments.append("fullName: \(literal(fullName))") }
        if !user.messages.isEmpty {
            let messages = user.messages.map { message in
                switch message.kind {
                case .info: ".info(\(literal(message.text)))"
                case .error: ".error(\(literal(message.text)))"
                }
            }
            arguments.append("messages: [\(messages.joined(separator: ", "))]")
        }
        return "User(\(arguments.joined(separator: ", ")))"
    }

    /// An authentication error, as `.invalidCredentials`.
    static func error(_ error: AuthenticationError) -> String {
        switch error {
        case .invalidCredentials: ".invalidCredentials"
        case .lockedOut: ".lockedOut"
        case .unavailable: ".unavailable"
        case .accountRefused(let reason): ".accountRefused(reason: \(literal(reason)))"
        case .passwordChangeRequired(let reason): ".passwordChangeRequired(reason: \(literal(reason)))"
        case .cancelled: ".cancelled"
        }
    }

    /// A sign-in's result, as `.success(User(name: "dimsky"))` or `.failure(.invalidCredentials)`.
    static func result(_ result: Result<User, AuthenticationError>) -> String {
        switch result {
        case .success(let user): ".success(\(self.user(user)))"
        case .failure(let error): ".failure(\(self.error(error)))"
        }
    }

    /// A duration, as `.seconds(1)` or `.milliseconds(1500)`, to the millisecond.
    static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + Int64((Double(attoseconds) / 1e15).rounded())
        return milliseconds % 1000 == 0 ? ".seconds(\(milliseconds / 1000))" : ".milliseconds(\(milliseconds))"
    }
}
