internal import Crypt

/// What `login` was asked to do, parsed from its arguments by ``ArgumentParser``.
enum LoginCommand: Equatable {
    /// Print the help of a command and exit 0.
    case help(HelpTopic)
    /// Run a sign-in session.
    case signIn(SignInOptions)
    /// Add or replace an account in an account file.
    case addUser(AddUserOptions)

    /// Which help to print.
    enum HelpTopic: Equatable {
        /// `login --help`.
        case signIn
        /// `login add-user --help`.
        case addUser
    }
}

/// The options of a sign-in session.
struct SignInOptions: Equatable {
    /// `--accounts FILE`: the account file; `nil` for the built-in demo account.
    var accountsPath: String?
    /// `--username NAME` with `--password-stdin`: sign in once, without prompts, for scripts.
    var scriptedUsername: String?
}

/// The options of `login add-user`.
struct AddUserOptions: Equatable {
    /// `--accounts FILE`: the account file, created if missing.
    var accountsPath: String
    /// The account name.
    var name: String
    /// `--password-stdin`: read the password from standard input instead of asking twice at the terminal.
    var passwordFromStandardInput = false
    /// `--method`: how to hash the password; yescrypt by default.
    var method: CryptPasswordHasher.Method = .yescrypt
}
