internal import ConsoleView
internal import Gallery

/// The login form's fields, in the order the console asks for them.
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

    var label: String {
        switch self {
        case .username: "Username"
        case .password: "Password"
        }
    }

    var isSecure: Bool { self == .password }
}
