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
    /// `--timeout SECONDS`: how long each prompt before signing in waits for an answer, as login.defs'
    /// `LOGIN_TIMEOUT`; 60 seconds by default, 0 for ever.
    var timeout = PromptTimeout.standard
    /// `--deny N`: how many failed sign-ins in a row lock a name of the account file (pam_faillock's `deny`); 3
    /// when not given, 0 for no failure tally.
    var deny: Int?
    /// `--unlock-time SECONDS`: how long a locked name stays locked (pam_faillock's `unlock_time`); 600 when not
    /// given, 0 until reset.
    var unlockTime: Int?

    /// The failure tally's policy (``FailureTally``): `--deny` and `--unlock-time`, or pam_faillock's defaults.
    var failurePolicy: FailureTally.Policy {
        FailureTally.Policy(
            deny: deny ?? FailureTally.Policy.standard.deny,
            unlockTime: unlockTime ?? FailureTally.Policy.standard.unlockTime)
    }
}

/// `--timeout SECONDS`: how long a prompt waits for an answer, in milliseconds; 0 for ever.
struct PromptTimeout: Equatable {
    /// The wait, in milliseconds; 0 for ever.
    var milliseconds: Int

    /// login.defs' `LOGIN_TIMEOUT`: 60 seconds.
    static let standard = PromptTimeout(milliseconds: 60_000)
    /// The longest wait accepted: a day.
    static let maximumSeconds = 86_400

    /// The wait; `nil` for ever.
    var duration: Duration? {
        milliseconds == 0 ? nil : .milliseconds(milliseconds)
    }

    /// The wait as `--timeout` takes it: whole seconds, or with up to three decimals.
    var argument: String {
        let fraction = milliseconds % 1000
        guard fraction != 0 else { return "\(milliseconds / 1000)" }
        let digits = String(fraction)
        let padded = String(repeating: "0", count: 3 - digits.count) + digits
        return "\(milliseconds / 1000)." + String(padded.reversed().drop { $0 == "0" }.reversed())
    }

    /// Reads `--timeout`'s value: seconds, such as `60`, `0` or `0.5`, with at most three decimals, up to
    /// ``maximumSeconds``.
    ///
    /// - Parameter text: The value.
    /// - Returns: The timeout, or `nil` for anything else.
    init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.count <= 6,
            whole.allSatisfy({ ("0"..."9").contains($0) }), let seconds = Int(whole)
        else { return nil }
        var milliseconds = seconds * 1000
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...3).contains(fraction.count), fraction.allSatisfy({ ("0"..."9").contains($0) }),
                let value = Int(fraction + String(repeating: "0", count: 3 - fraction.count))
            else { return nil }
            milliseconds += value
        }
        guard milliseconds <= Self.maximumSeconds * 1000 else { return nil }
        self.milliseconds = milliseconds
    }

    private init(milliseconds: Int) {
        self.milliseconds = milliseconds
    }
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
    /// `--timeout SECONDS`: how long each password prompt waits; 60 seconds by default, 0 for ever.
    var timeout = PromptTimeout.standard
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
