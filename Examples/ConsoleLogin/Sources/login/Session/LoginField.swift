internal import ConsoleView
internal import Gallery
internal import LoginFeature

/// The login form's fields, in the order the console asks for them. Their names in the session's language are
/// ``LoginConsoleWords/label(of:)``; ``label`` is the English one.
enum LoginField: ConsoleFormField {
    case username
    case password

    /// The console field of a widget field.
    init(_ field: LoginTextField) {
        switch field {
        case .username: self = .username
        case .password: self = .password
        }
    }

    /// The widget field of this console field.
    var textField: LoginTextField {
        switch self {
        case .username: .username
        case .password: .password
        }
    }

    var label: String { LoginConsoleWords(language: .english).label(of: self) }

    var isSecure: Bool { self == .password }
}
