internal import Crypt
internal import Gallery
internal import LoginFeature

/// What `login` was asked to do, parsed from its arguments by ``ArgumentParser``.
enum LoginCommand: Equatable {
    /// Print the help of a command and exit 0.
    case help(HelpTopic)
    /// Run a sign-in session.
    case signIn(SignInOptions)
    /// Add or replace an account in an account file.
    case addUser(AddUserOptions)
    /// Import a JSON file of profiles into the home screen's database.
    case importProfiles(ImportProfilesOptions)
    /// Run a sign-up session (`login signup`): create an account in the options' account file, then continue as a
    /// signed-in session.
    case signUp(SignInOptions)

    /// Which help to print.
    enum HelpTopic: Equatable {
        /// `login --help`.
        case signIn
        /// `login add-user --help`.
        case addUser
        /// `login import-profiles --help`.
        case importProfiles
        /// `login signup --help`.
        case signUp
    }

    /// The command's `--language`; `nil` when none was given, and for help, which is not parsed further.
    var language: Language? {
        switch self {
        case .help: nil
        case .signIn(let options), .signUp(let options): options.language
        case .addUser(let options): options.language
        case .importProfiles(let options): options.language
        }
    }
}

/// The options of a sign-in session.
struct SignInOptions: Equatable {
    /// The PAM service `--pam` uses when it names none: /etc/pam.d/puremvvm-login.
    static let defaultPAMService = "puremvvm-login"

    /// `--accounts FILE`: the account file; `nil` for the built-in demo account.
    var accountsPath: String?
    /// `--pam [SERVICE]`: sign in with the system's accounts through this PAM service; `nil` when not given.
    var pamService: String?
    /// `--username NAME` with `--password-stdin`: sign in once, without prompts, for scripts.
    var scriptedUsername: String?
    /// `--pattern`: how the login screen is written; MVVM by default.
    var pattern: LoginPattern = .mvvm
    /// `--profiles FILE`: the home screen's profile database; `nil` for the default one (see ``HomeProfiles``).
    var profilesPath: String?
    /// `--language`: the language of everything the run says; `nil` when not given (see ``LanguageChoice``).
    var language: Language?
    /// `--remote`: how the simulated profile server behaves.
    var server: SimulatedServer = .up
    /// `--trace`: print the messages between the login screen's roles as they are sent (see ``ConsoleTrace``).
    var trace = false
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
    /// `--language`: the language of the messages; `nil` when not given (see ``LanguageChoice``).
    var language: Language?
}

/// The options of `login import-profiles`.
struct ImportProfilesOptions: Equatable {
    /// The JSON file to import.
    var jsonPath: String
    /// `--profiles FILE`: the database to import into; `nil` for the default one.
    var profilesPath: String?
    /// `--language`: the language of the messages; `nil` when not given (see ``LanguageChoice``).
    var language: Language?
}
