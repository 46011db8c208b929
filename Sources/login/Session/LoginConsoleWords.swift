internal import LoginFeature

/// The console login's own words, shared by every screen wired to the console form so their transcripts are the
/// same. Alert wording is the login feature's (``LoginAlerts``).
enum LoginConsoleWords {
    /// The form's action.
    static let actionTitle = "Sign in"
    /// The busy line while signing in.
    static let busy = "Signing in…"

    /// The line after a successful sign-in, before the home screen.
    static func welcome(_ user: User) -> String {
        "Welcome, \(user.name)!"
    }

    /// What `:help` adds at the login form: where sign-up is.
    static let signupNote = "No account yet? 'login signup --accounts FILE' creates one in an account file."

    /// The banner of an interactive session.
    static func banner(accountsPath: String?, pamService: String? = nil) -> [String] {
        let accounts =
            if let pamService {
                "The system's accounts, through PAM service \(pamService)."
            } else if let accountsPath { "Accounts from \(accountsPath)." } else {
                "Demo account: \(DemoAccount.name) / \(DemoAccount.password)."
            }
        return ["PureMVVM login. " + accounts, "Type :help at a prompt for commands."]
    }
}
