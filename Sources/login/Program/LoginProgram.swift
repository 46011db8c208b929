internal import ConsoleView
internal import Crypt
internal import Gallery
internal import LoginFeature
internal import PAM
internal import PureMVVM
internal import SQLiteProfiles

#if canImport(FoundationEssentials)
    internal import FoundationEssentials  // Foundation without ICU: a smaller process
#else
    internal import Foundation
#endif

/// The composition root: parses the arguments, builds the authenticator, the console form, the login screen of
/// the chosen pattern on it and, after a sign-in, the home screen; runs the session and turns what happened into
/// an exit status.
@MainActor
struct LoginProgram {
    /// The outside world.
    var environment: LoginEnvironment
    /// The delays after failures and the attempt limit.
    var failurePolicy: LoginFailurePolicy = .standard

    /// The words of `login`'s guards. The console's own words (its banner, prompts, hints and errors) are English
    /// whatever `--language` today; issue 22 chooses them by the session's language, here.
    var safetyWords: LoginSafetyWords {
        LoginSafetyWords(language: .english)
    }

    /// The most bytes read from standard input for a password, as for a typed line.
    static let maximumPasswordBytes = LineDecoder.maximumLineBytes

    /// Runs `login` with the arguments after the program name, as the bytes the system gave: an argument that is
    /// not UTF-8 is refused (it would name another file), with exit status 2.
    ///
    /// - Returns: The exit status.
    func run(rawArguments: [[UInt8]]) async -> ExitCode {
        switch CommandLineArguments.decode(rawArguments) {
        case .success(let arguments):
            return await run(arguments: arguments)
        case .failure(let error):
            fail(safetyWords.argumentNotUTF8(position: error.position, shown: error.shown))
            return finish(.usage)
        }
    }

    /// Runs `login` with the arguments after the program name.
    ///
    /// - Returns: The exit status; 2 when a standard stream could not be read or written (``finish(_:)``).
    func run(arguments: [String]) async -> ExitCode {
        finish(await runCommand(arguments))
    }

    /// The exit status, once every read and write of the standard streams is known to have worked: after an
    /// error, a message on standard error (where it can still be written) and status 2, whatever the command did.
    /// (A read error that already ended the command with status 2, such as `--password-stdin`'s, was reported.)
    private func finish(_ status: ExitCode) -> ExitCode {
        let errors = environment.streamErrors().filter { $0.stream != .standardInput || status != .usage }
        guard !errors.isEmpty else { return status }
        for error in errors { fail("\(error).") }
        return .usage
    }

    private func runCommand(_ arguments: [String]) async -> ExitCode {
        let command: LoginCommand
        do {
            command = try ArgumentParser.parse(arguments)
        } catch {
            fail(error.message, "See 'login --help'.")
            return .usage
        }
        switch command {
        case .help(.signIn):
            environment.output.write(HelpText.signIn)
            return .success
        case .help(.addUser):
            environment.output.write(HelpText.addUser)
            return .success
        case .help(.importProfiles):
            environment.output.write(HelpText.importProfiles)
            return .success
        case .help(.signUp):
            environment.output.write(HelpText.signUp)
            return .success
        case .signIn(let options):
            return await signIn(options)
        case .addUser(let options):
            return await addUser(options)
        case .importProfiles(let options):
            return await importProfiles(options)
        case .signUp(let options):
            return await signUp(options)
        }
    }

    // MARK: Signing in

    private func signIn(_ options: SignInOptions) async -> ExitCode {
        guard checkProfilesPath(options) else { return .usage }
        let authenticator: any Authenticator
        var rules = LoginRules.standard(in: options.language)
        if let service = options.pamService {
            do throws(PAMError) {
                authenticator = try environment.makePAMAuthenticator(service)
            } catch .unavailable {
                fail("--pam needs Linux-PAM, which this build does not have (it is used on Linux, with libpam0g-dev).")
                return .usage
            } catch {
                fail("--pam: \(error).")
                return .usage
            }
            rules = .systemAccounts(in: options.language)
        } else if let path = options.accountsPath {
            guard let hasher = environment.makeHasher(.yescrypt) else {
                fail("account files need libxcrypt's crypt(3), which this build does not have (it is used on Linux).")
                return .usage
            }
            do {
                let file = try accountStore(path).load()
                guard file.accountCount > 0 else {
                    fail("\(path) has no accounts; add one with 'login add-user --accounts \(path) NAME'.")
                    return .usage
                }
                authenticator = accountFileAuthenticator(file, at: path, hasher: hasher, options)
            } catch {
                fail("\(error)")
                return .usage
            }
        } else {
            let hasher = environment.makeHasher(.yescrypt) ?? DemoPasswordHasher()
            authenticator = AccountAuthenticator(accounts: [DemoAccount.account], hasher: hasher)
        }
        let dependencies = LoginDependencies(
            authenticator: authenticator, rules: rules, failurePolicy: failurePolicy, clock: environment.clock)

        if let username = options.scriptedUsername {
            environment.setPromptTimeout(options.timeout.duration)  // reading the password waits as a prompt
            let password: String
            switch await readPasswordFromStandardInput(
                safetyWords, timeout: options.timeout)
            {
            case .read(let read): password = read
            case .failed(let status): return status
            }
            let answers = PresetAnswers(visible: username, hidden: password)
            // A script signs in once and stops: the home screen is for people.
            let outcome = await runLogin(reading: answers, options, dependencies)
            return if case .signedIn = outcome { .success } else { .notSignedIn }
        }
        guard environment.canReadHiddenInput() else {
            fail(
                "cannot ask for the password: there is no terminal.",
                "In a script, use --username NAME --password-stdin.")
            return .usage
        }
        for line in LoginConsoleWords.banner(accountsPath: options.accountsPath, pamService: options.pamService) {
            environment.output.write(environment.style.paint(ConsoleText.sanitized(line), .strong) + "\n")
        }
        return await runSession(reading: environment.lines, options, dependencies)
    }

    /// The login screen, then the home screen, until the user quits at the home screen (signed in) or leaves
    /// the login without signing in. Logging out shows a new login screen: nothing typed survives it.
    ///
    /// - Parameter signedInUser: A user already signed in (after a sign-up): the session starts at the home screen.
    private func runSession(
        reading source: any LineSource, _ options: SignInOptions, _ dependencies: LoginDependencies,
        signedIn signedInUser: User? = nil
    ) async -> ExitCode {
        let store = HomeProfiles.store(path: options.profilesPath, defaultPath: environment.defaultProfileStorePath)
        let profiles = HomeProfiles.service(store: store, server: options.server, clock: environment.clock)
        var signedInUser = signedInUser
        while true {
            let user: User
            if let signedIn = signedInUser {
                user = signedIn
                signedInUser = nil
            } else {
                environment.setPromptTimeout(options.timeout.duration)
                switch await runLogin(reading: source, options, dependencies) {
                case .signedIn(let signedIn): user = signedIn
                case .timedOut:
                    fail(safetyWords.timedOut(after: options.timeout.duration ?? .zero))
                    return .notSignedIn
                case .lockedOut, .refused, nil: return .notSignedIn
                }
            }
            environment.setPromptTimeout(nil)  // signed in: login(1)'s timeout ends here
            let home = HomeConsoleView(
                viewModel: HomeViewModel(user: user, service: profiles, language: options.language),
                output: environment.output, style: environment.style)
            switch await home.run(reading: source) {
            case .loggedOut: continue
            case .quit, .endOfInput: return .success
            }
        }
    }

    /// Runs one login screen of the options' pattern on a new console form, traced with `--trace`.
    ///
    /// - Returns: How it ended; `nil` when the user left (`:quit`, end of input).
    private func runLogin(
        reading source: any LineSource, _ options: SignInOptions, _ dependencies: LoginDependencies
    ) async -> LoginOutcome? {
        let form = ConsoleForm<LoginField>(
            actionTitle: LoginConsoleWords.actionTitle, output: environment.output, style: environment.style)
        let widgets = ConsoleLoginWidgets(form: form)
        var dependencies = dependencies
        dependencies.authenticator = RefusalEndsSession(base: dependencies.authenticator, widgets: widgets)
        let screen =
            if options.trace {
                options.pattern.makeScreen(
                    on: widgets, dependencies: dependencies,
                    tracing: ConsoleTrace(output: environment.output, style: environment.style))
            } else {
                options.pattern.makeScreen(on: widgets, dependencies: dependencies)
            }
        let end = await form.run(reading: source)
        return withExtendedLifetime(screen) { end == .timedOut ? .timedOut : widgets.outcome }
    }

    /// Refuses a JSON file given as the profile database, pointing at `import-profiles`.
    ///
    /// - Returns: `false` after printing why, when `--profiles` names a JSON file.
    private func checkProfilesPath(_ options: SignInOptions) -> Bool {
        guard let path = options.profilesPath, path.lowercased().hasSuffix(".json") else { return true }
        fail(
            "--profiles takes an SQLite database, and \(path) is JSON.",
            "Import it into one with 'login import-profiles --profiles FILE.sqlite \(path)'.")
        return false
    }

    // MARK: Signing up

    /// `login signup`: the sign-up screen on a console form, writing to the account file; after the account is
    /// created, the session goes on signed in, as after a sign-in.
    private func signUp(_ options: SignInOptions) async -> ExitCode {
        guard let path = options.accountsPath else { return .usage }  // the parser requires it
        guard checkProfilesPath(options) else { return .usage }
        guard let hasher = environment.makeHasher(.yescrypt) else {
            fail("account files need libxcrypt's crypt(3), which this build does not have (it is used on Linux).")
            return .usage
        }
        let store = accountStore(path)
        do {
            // Report a bad file before asking anything, as add-user does; entries that cannot sign in are shown.
            if let file = try store.loadIfPresent() {
                report(AccountHashes(file: file, hasher: hasher), of: path, safetyWords)
            }
        } catch {
            fail("\(error)")
            return .usage
        }
        guard environment.canReadHiddenInput() else {
            fail("cannot ask for the password: there is no terminal.", "Sign up at a terminal.")
            return .usage
        }
        for line in SignupConsoleWords.banner(accountsPath: path) {
            environment.output.write(environment.style.paint(ConsoleText.sanitized(line), .strong) + "\n")
        }
        let form = ConsoleForm<SignupField>(
            actionTitle: SignupConsoleWords.actionTitle, output: environment.output, style: environment.style)
        let service = AccountFileSignupService(store: store, hasher: hasher)
        service.fileDidFail = { [weak form] in form?.close() }  // the alert says why; nothing was written
        let view = SignupConsoleView(
            form: form, viewModel: SignupViewModel(service: service, language: options.language))
        environment.setPromptTimeout(options.timeout.duration)
        let end = await form.run(reading: environment.lines)
        guard let user = view.signedUpUser else {
            if end == .timedOut {
                fail(safetyWords.timedOut(after: options.timeout.duration ?? .zero))
            }
            return service.fileError == nil ? .notSignedIn : .usage
        }

        // Signed in: the home screen, and after a logout the login screen against the file with the new account.
        let file: AccountFile
        do {
            file = try store.load()
        } catch {
            fail("\(error)")
            return .usage
        }
        let dependencies = LoginDependencies(
            authenticator: accountFileAuthenticator(file, at: path, hasher: hasher, options, reporting: false),
            rules: .standard(in: options.language), failurePolicy: failurePolicy, clock: environment.clock)
        environment.setPromptTimeout(nil)
        return await runSession(reading: environment.lines, options, dependencies, signedIn: user)
    }

    // MARK: Adding a user

    private func addUser(_ options: AddUserOptions) async -> ExitCode {
        guard let hasher = environment.makeHasher(options.method) else {
            fail("account files need libxcrypt's crypt(3), which this build does not have (it is used on Linux).")
            return .usage
        }
        let name = options.name
        do {
            try AccountFile.checkName(name)
        } catch {
            if case .invalidName(let problem) = error.reason {
                fail("the name \"\(name)\" \(problem).")
            } else {
                fail("\(error)")
            }
            return .usage
        }
        let nameFailures = LoginRules.standard.username.failures(for: name)
        guard nameFailures.isEmpty else {
            fail("the name \"\(name)\" could never sign in: " + nameFailures.joined(separator: " "))
            return .usage
        }
        let store = accountStore(options.accountsPath)
        let words = safetyWords
        do {
            // Report a bad file, or a name that is another's, before asking for a password.
            if let file = try store.loadIfPresent() {
                try store.refuseSameName(as: name, in: file)
                report(AccountHashes(file: file, hasher: hasher), of: options.accountsPath, words)
            }
            try store.checkLockPath()
        } catch {
            fail("\(error)")
            return .usage
        }

        environment.setPromptTimeout(options.timeout.duration)
        let password: String
        if options.passwordFromStandardInput {
            switch await readPasswordFromStandardInput(words, timeout: options.timeout) {
            case .read(let read): password = read
            case .failed(let status): return status
            }
        } else {
            switch await askNewPassword(for: name, timeout: options.timeout, words) {
            case .typed(let typed): password = typed
            case .failed(let exit): return exit
            }
        }
        let passwordFailures = LoginRules.standard.password.failures(for: password)
        guard passwordFailures.isEmpty else {
            fail("the password cannot be used: " + passwordFailures.joined(separator: " "))
            return .usage
        }

        do {
            let hash = try hasher.hash(password)
            switch try store.setPasswordHash(hash, for: name) {
            case .added: environment.output.write(ConsoleText.sanitized("Added \"\(name)\" to \(store.path).") + "\n")
            case .replaced:
                environment.output.write(
                    ConsoleText.sanitized("Replaced the password of \"\(name)\" in \(store.path).") + "\n")
            }
            return .success
        } catch let error as PasswordHashingError {
            fail("cannot hash the password: \(error)")
        } catch {
            fail("\(error)")
        }
        return .usage
    }

    /// A new password, or the exit status when there is none.
    private enum NewPassword {
        case typed(String)
        case failed(ExitCode)
    }

    /// Asks for a new password twice, hidden; the two must be the same bytes, since the bytes are what is hashed
    /// (the two Unicode forms of `passé` are equal strings, but hash apart).
    private func askNewPassword(for name: String, timeout: PromptTimeout, _ words: LoginSafetyWords) async
        -> NewPassword
    {
        guard environment.canReadHiddenInput() else {
            fail("cannot ask for the password: there is no terminal.", "In a script, use --password-stdin.")
            return .failed(.usage)
        }
        var typed: [String] = []
        for prompt in ["New password for \(name): ", "Repeat the password: "] {
            switch await environment.lines.readLine(prompt: ConsoleText.sanitized(prompt), hidden: true) {
            case .line(let line): typed.append(line)
            case .endOfInput: return .failed(.notSignedIn)
            case .timedOut:
                fail(words.timedOut(after: timeout.duration ?? .zero))
                return .failed(.notSignedIn)
            case .rejected(let rejection):
                fail(rejection.description)
                return .failed(.usage)
            }
        }
        guard typed[0].utf8.elementsEqual(typed[1].utf8) else {
            fail("the passwords do not match; nothing was changed.")
            return .failed(.usage)
        }
        return .typed(typed[0])
    }

    // MARK: Importing profiles

    private func importProfiles(_ options: ImportProfilesOptions) async -> ExitCode {
        guard FileManager.default.fileExists(atPath: options.jsonPath) else {
            fail("\(options.jsonPath) does not exist.")
            return .usage
        }
        guard let path = options.profilesPath ?? environment.defaultProfileStorePath else {
            fail(
                "there is no default profile database: neither XDG_DATA_HOME nor HOME is set.",
                "Name one with --profiles FILE.sqlite.")
            return .usage
        }
        do {
            let records = try JSONFileProfileSource(url: URL(fileURLWithPath: options.jsonPath)).allProfiles()
            let store = HomeProfiles.store(path: options.profilesPath, defaultPath: environment.defaultProfileStorePath)
            let total = try await store.importProfiles(records)
            let noun = records.count == 1 ? "profile" : "profiles"
            environment.output.write(
                ConsoleText.sanitized(
                    "Imported \(records.count) \(noun) from \(options.jsonPath) into \(path) (it holds \(total)).")
                    + "\n")
            return .success
        } catch {
            fail("\(error).")
            return .usage
        }
    }

    // MARK: Shared

    /// The account file at a path, its warnings written to standard error, waiting for another writer's lock as
    /// long as the environment allows (saying so once).
    func accountStore(_ path: String) -> AccountStore {
        var store = AccountStore(path: path, warn: { fail($0) })
        let timeout = environment.lockTimeout
        let lockPath = store.lockPath
        store.lockWait = LockWait(timeout: timeout) {
            fail(safetyWords.waitingForLock(lockPath, timeout: timeout))
        }
        return store
    }

    /// Writes `login: message` and any further lines to standard error, sanitised.
    func fail(_ message: String, _ more: String...) {
        let lines = ["login: " + message] + more
        environment.errors.write(lines.map(ConsoleText.sanitized).joined(separator: "\n") + "\n")
    }
}
