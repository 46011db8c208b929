internal import ConsoleView

/// The login form's fields, in the order the console asks for them.
enum LoginField: ConsoleFormField {
    case username
    case password

    var label: String {
        switch self {
        case .username: "Username"
        case .password: "Password"
        }
    }

    var isSecure: Bool { self == .password }
}
