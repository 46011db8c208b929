/// The console sign-up's own words (English, as all the console's words); the screen's messages are the
/// ViewModel's, in the session's language.
enum SignupConsoleWords {
    /// The form's action.
    static let actionTitle = "Sign up"
    /// The busy line while the account is created.
    static let busy = "Creating the account…"

    /// The banner of a sign-up session.
    static func banner(accountsPath: String) -> [String] {
        ["PureMVVM sign-up. New accounts go to \(accountsPath).", "Type :help at a prompt for commands."]
    }

    /// The line after the account was created, before the home screen.
    static func created(_ name: String) -> String {
        "Account created. Welcome, \(name)!"
    }

    /// Whether a line typed at the terms prompt accepts them: yes, y, 是 or 同意, in any case.
    static func acceptsTerms(_ line: String) -> Bool {
        ["yes", "y", "是", "同意"].contains(line.lowercased())
    }
}
