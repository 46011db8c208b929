internal import ConsoleView

/// The sign-up form's fields, in the order the console asks for them.
enum SignupField: ConsoleFormField {
    case email
    case password
    case confirmation
    case terms

    var label: String {
        switch self {
        case .email: "Email"
        case .password: "Password"
        case .confirmation: "Repeat the password"
        case .terms: "Accept the terms (yes/no)"
        }
    }

    var isSecure: Bool { self == .password || self == .confirmation }
}
