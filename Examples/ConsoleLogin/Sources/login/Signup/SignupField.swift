internal import ConsoleView
internal import LoginFeature

/// The sign-up form's fields, in the order the console asks for them. Their names in the session's language are
/// ``SignupConsoleWords/label(of:)``; ``label`` is the English one.
enum SignupField: ConsoleFormField {
    case email
    case password
    case confirmation
    case terms

    var label: String { SignupConsoleWords(language: .english).label(of: self) }

    var isSecure: Bool { self == .password || self == .confirmation }
}
