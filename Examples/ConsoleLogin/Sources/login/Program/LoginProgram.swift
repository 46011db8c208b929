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

/// The composition root: chooses the run's language, parses the arguments, builds the authenticator, the console
/// form, the login screen of the chosen pattern on it and, after a sign-in, the home screen; runs the session and
/// turns what happened into an exit status.
///
/// The language (``LanguageChoice``) is chosen once, before anything is printed, and handed to every screen,
/// words table and error description, so a run never mixes two.
@MainActor
struct LoginProgram {
    /// The outside world.
    var environment: LoginEnvironment
    /// The delays after failures and the attempt limit.
    var failurePolicy: LoginFailurePolicy
    /// The run's language: set by ``run(arguments:)`` before anything else happens.
    private(set) var language = Language.english
    /// What the program says around its screens, in the run's language.
    var words: ProgramWords { ProgramWords(language: language) }
    /// The words of `login`'s guards (the prompt timeout, the account file's lock and tally, `--password-stdin`'s
    /// refusals), in the run's language.
    var safetyWords: LoginSafetyWords { LoginSafetyWords(language: language) }

    /// Creates the program.
    ///
    /// - Parameters:
    ///   - environment: The outside world.
    ///   - failurePolicy: The delays after failures and the attempt limit; the standard ones by default.
    init(environment: LoginEnvironment, failurePolicy: LoginFailurePolicy = .standard) {
        self.environment = environment
        self.failurePolicy = failurePolicy
    }

    /// The most bytes read from standard input for a password, as for a typed line.
    static let maximumPasswordBytes = LineDecoder.maximumLineBytes

    /// Runs `login` with the arguments after the program name, as the bytes the system gave: an argument that is
    /// not UTF-8 is refused (it would name another file), with exit status 2, in the language the other
    /// arguments (`--language`) and the locale choose.
    ///
    /// - Returns: The exit status.
    func run(rawArguments: [[UInt8]]) async -> ExitCode {
        switch CommandLineArguments.decode(rawArguments) {
        case .success(let arguments):
            return await run(arguments: arguments)
        case .failure(let error):
            var program = self
            let readable = rawArguments.map { String(decoding: $0, as: UTF8.self) }
            program.language = LanguageChoice.language(arguments: readable, environment: environment.variables)
            program.warnAboutVariables()
            program.fail(program.safetyWords.argumentNotUTF8(position: error.position, shown: error.shown))
            return program.finish(.usage)
        }
    }

    /// Runs `login` with the arguments after the program name, once core files are turned off for the process
    /// (``LoginEnvironment/forbidCoreFiles``; exit status 2 when they cannot be).
    ///
    /// - Returns: The exit status; 2 when a standard stream could not be read or written (``finish(_:)``).
    func run(arguments: [String]) async -> ExitCode {
        var program = self
        program.language = LanguageChoice.language(arguments: arguments, environment: environment.variables)
        // Before anything is read: no password typed from here on can end up in a core file.
        if let problem = environment.forbidCoreFiles() {
            program.fail(program.safetyWords.coreFilesNotForbidden(problem))
            return program.finish(.usage)
        }
        program.warnAboutVariables()
        if let prompts = environment.promptDeadlines {
            let safety = program.safetyWords
            prompts.timedOut = { "login: " + ConsoleText.sanitized(safety.timedOut(after: $0)) + "\n" }
            prompts.standardInputTimedOut = {
                "login: " + ConsoleText.sanitized(safety.passwordInputTimedOut(after: $0)) + "\n"
            }
        }
        return program.finish(await program.run(parsing: arguments))
    }

    /// Warns, once the language is chosen, about each variable a path is made from that was left out because it
    /// is not UTF-8 (``LoginEnvironment/variablesNotUTF8``).
    private func warnAboutVariables() {
        for name in environment.variablesNotUTF8 {
            fail(safetyWords.warning + safetyWords.variableNotUTF8(name))
        }
    }

    /// The exit status, once every read and write of the standard streams is known to have worked: after an
    /// error, a message on standard error (where it can still be written) and status 2, whatever the command did.
    /// (A read error that already ended the command with status 2, such as `--password-stdin`'s, was reported.)
    private func finish(_ status: ExitCode) -> ExitCode {
        environment.secrets?.forgetSecrets()
        MemoryProbe.report()
        let errors = environment.streamErrors().filter { $0.stream != .standardInput || status != .usage }
        guard !errors.isEmpty else { return status }
        for error in errors { fail(words.sentence(error.description(in: language.consoleWords))) }
        return .usage
    }

    /// Runs `login` in the chosen language.
    private func run(parsing arguments: [String]) async -> ExitCode {
        let command: LoginCommand
        do {
            command = try ArgumentParser.parse(arguments)
        } catch {
            fail(error.description(in: language), words.seeHelp)
            return .usage
        }
        let help = HelpText(language: language)
        switch command {
        case .help(.signIn):
            environment.output.write(help.signIn)
            return .success
        case .help(.addUser):
            environment.output.write(help.addUser)
            return .success
        case .help(.importProfiles):
            environment.output.write(help.importProfiles)
            return .success
        case .help(.signUp):
            environment.output.write(help.signUp)
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
        var rules = LoginRules.standard(in: language)
        if let service = options.pamService {
            do throws(PAMError) {
                authenticator = try environment.makePAMAuthenticator(service)
            } catch {
                fail(words.pamRefused(error))
                return .usage
            }
            rules = .systemAccounts(in: language)
        } else if let path = options.accountsPath {
            guard let hasher = accountFileHasher(.yescrypt) else { return .usage }
            do throws(AccountStoreError) {
                let file = try accountStore(path).load()
                guard file.accountCount > 0 else {
                    fail(words.noAccounts(in: path))
                    return .usage
                }
                guard let made = accountFileAuthenticator(file, at: path, hasher: hasher, options) else {
                    return .usage
                }
                authenticator = made
            } catch {
                fail(error.description(in: language))
                return .usage
            }
        } else {
            // The demo account's password is known, so it signs in without libxcrypt too.
            let hasher = (try? environment.makeHasher(.yescrypt)) ?? DemoPasswordHasher()
            authenticator = AccountAuthenticator(accounts: [DemoAccount.account], hasher: hasher)
        }
        let dependencies = LoginDependencies(
            authenticator: authenticator, rules: rules, alerts: LoginAlerts(language: language),
            failurePolicy: failurePolicy, clock: environment.clock)

        if let username = options.scriptedUsername {
            environment.setPromptTimeout(options.timeout.duration)  // reading the password waits as a prompt
            let password: String
            switch await readPasswordFromStandardInput(timeout: options.timeout) {
            case .read(let read): password = read
            case .failed(let status): return status
            }
            let answers = PresetAnswers(visible: username, hidden: password)
            // A script signs in once and stops: the home screen is for people.
            let outcome = await runLogin(reading: answers, options, dependencies)
            return if case .signedIn = outcome { .success } else { .notSignedIn }
        }
        guard environment.canReadHiddenInput() else {
            fail(words.noTerminal, words.useScriptedSignIn)
            return .usage
        }
        guard checkProfileDatabase(options.profilesPath) else { return .usage }  // the session's home screen uses it
        let banner = LoginConsoleWords(language: language).banner(
            accountsPath: options.accountsPath, pamService: options.pamService)
        for line in banner {
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
        let orderStore = HomeOrders.store(path: options.profilesPath, defaultPath: environment.defaultProfileStorePath)
        let orderService = HomeOrders.service(store: orderStore, server: options.server, clock: environment.clock)
        // A line is a whole search: the console's search runs at once, with no pause to wait for.
        let makeOrders = { @MainActor [language, clock = environment.clock] (user: User) in
            OrdersViewModel(user: user, service: orderService, language: language, clock: clock, searchDelay: .zero)
        }
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
                viewModel: HomeViewModel(user: user, service: profiles, language: language),
                output: environment.output, style: environment.style, language: language, orders: makeOrders)
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
        let words = LoginConsoleWords(language: language)
        let form = ConsoleForm<LoginField>(
            actionTitle: words.actionTitle, output: environment.output, style: environment.style,
            words: language.consoleWords, label: words.label(of:))
        form.helpNote = words.signupNote
        let widgets = ConsoleLoginWidgets(form: form, language: language)
        var dependencies = dependencies
        if environment.stallsSignIns { dependencies.authenticator = StalledAuthenticator() }
        if let deadlines = environment.deadlines, let timeout = options.timeout.duration {
            let alert = LoginAlerts(language: language).alert(for: .unavailable)
            dependencies.authenticator = SignInDeadline(
                base: dependencies.authenticator, deadlines: deadlines, timeout: timeout,
                output: ConsoleText.sanitized(
                    "! " + (alert.map { $0.title + language.consoleWords.separator + $0.message } ?? "")) + "\n",
                errors: "login: " + ConsoleText.sanitized(safetyWords.signInStalled(after: timeout)) + "\n")
        }
        dependencies.authenticator = RefusalEndsSession(base: dependencies.authenticator, widgets: widgets)
        if let secrets = environment.secrets {
            dependencies.authenticator = SecretsForgottenAfterAttempt(
                base: dependencies.authenticator, forget: { secrets.forgetSecrets() })
        }
        let screen =
            if options.trace {
                options.pattern.makeScreen(
                    on: widgets, dependencies: dependencies,
                    tracing: ConsoleTrace(output: environment.output, style: environment.style, language: language))
            } else {
                options.pattern.makeScreen(on: widgets, dependencies: dependencies)
            }
        let end = await form.run(reading: source)
        environment.secrets?.forgetSecrets()  // the form has ended: no field's text is needed
        return withExtendedLifetime(screen) { end == .timedOut ? .timedOut : widgets.outcome }
    }

    /// The hasher an account file needs, or `nil` after printing why there is none (libxcrypt missing).
    ///
    /// - Parameter method: The method of new hashes.
    private func accountFileHasher(_ method: CryptPasswordHasher.Method) -> (any PasswordHasher)? {
        do throws(PasswordHashingError) {
            return try environment.makeHasher(method)
        } catch {
            fail(words.noCrypt(error))
            return nil
        }
    }

    /// Checks that SQLite can be opened, and the home screen's database file (`--profiles FILE`, or the default
    /// one) as an account file is checked (``ProfileDatabaseFile``), before anything is asked.
    ///
    /// - Parameter profilesPath: `--profiles FILE`, or `nil` for the default database.
    /// - Returns: `false` after printing why the database cannot be used.
    private func checkProfileDatabase(_ profilesPath: String?) -> Bool {
        do throws(SystemLibraryError) {
            try environment.openSQLite()
        } catch {
            fail(words.noSQLite(error))
            return false
        }
        guard let path = profilesPath ?? environment.defaultProfileStorePath else { return true }
        do throws(ProfileDatabaseFileError) {
            try ProfileDatabaseFile.check(path)
            return true
        } catch {
            fail(error.description(in: language))
            return false
        }
    }

    /// Refuses a JSON file given as the profile database, pointing at `import-profiles`.
    ///
    /// - Returns: `false` after printing why, when `--profiles` names a JSON file.
    private func checkProfilesPath(_ options: SignInOptions) -> Bool {
        guard let path = options.profilesPath, path.lowercased().hasSuffix(".json") else { return true }
        fail(lines: words.profilesIsJSON(path))
        return false
    }

    // MARK: Signing up

    /// `login signup`: the sign-up screen on a console form, writing to the account file; after the account is
    /// created, the session goes on signed in, as after a sign-in.
    private func signUp(_ options: SignInOptions) async -> ExitCode {
        guard let path = options.accountsPath else { return .usage }  // the parser requires it
        guard checkProfilesPath(options) else { return .usage }
        guard let hasher = accountFileHasher(.yescrypt) else { return .usage }
        let store = accountStore(path)
        do throws(AccountStoreError) {
            // Report a bad file before asking anything, as add-user does; entries that cannot sign in are shown.
            if let file = try store.loadIfPresent() {
                report(AccountHashes(file: file, hasher: hasher), of: path)
            }
        } catch {
            fail(error.description(in: language))
            return .usage
        }
        guard environment.canReadHiddenInput() else {
            fail(words.noTerminal, words.signUpAtATerminal)
            return .usage
        }
        guard checkProfileDatabase(options.profilesPath) else { return .usage }
        let signupWords = SignupConsoleWords(language: language)
        for line in signupWords.banner(accountsPath: path) {
            environment.output.write(environment.style.paint(ConsoleText.sanitized(line), .strong) + "\n")
        }
        let form = ConsoleForm<SignupField>(
            actionTitle: signupWords.actionTitle, output: environment.output, style: environment.style,
            words: language.consoleWords, label: signupWords.label(of:))
        let service = AccountFileSignupService(store: store, hasher: hasher, language: language)
        service.fileDidFail = { [weak form] in form?.close() }  // the alert says why; nothing was written
        let view = SignupConsoleView(
            form: form, viewModel: SignupViewModel(service: service, language: language), language: language)
        environment.setPromptTimeout(options.timeout.duration)
        let end = await form.run(reading: environment.lines)
        environment.secrets?.forgetSecrets()  // the form has ended: the account is made, or not
        guard let user = view.signedUpUser else {
            if end == .timedOut {
                fail(safetyWords.timedOut(after: options.timeout.duration ?? .zero))
            }
            return service.fileError == nil ? .notSignedIn : .usage
        }

        // Signed in: the home screen, and after a logout the login screen against the file with the new account.
        let file: AccountFile
        do throws(AccountStoreError) {
            file = try store.load()
        } catch {
            fail(error.description(in: language))
            return .usage
        }
        guard let authenticator = accountFileAuthenticator(file, at: path, hasher: hasher, options, reporting: false)
        else { return .usage }
        let dependencies = LoginDependencies(
            authenticator: authenticator, rules: .standard(in: language), alerts: LoginAlerts(language: language),
            failurePolicy: failurePolicy, clock: environment.clock)
        environment.setPromptTimeout(nil)
        return await runSession(reading: environment.lines, options, dependencies, signedIn: user)
    }

    // MARK: Adding a user

    private func addUser(_ options: AddUserOptions) async -> ExitCode {
        guard let hasher = accountFileHasher(options.method) else { return .usage }
        let name = options.name
        let rules = LoginRules.standard(in: language)
        do {
            try AccountFile.checkName(name)
        } catch {
            if case .invalidName(let problem) = error.reason {
                fail(words.unusableName(name, problem))
            } else {
                fail(error.description(in: language))
            }
            return .usage
        }
        let nameFailures = rules.username.failures(for: name)
        guard nameFailures.isEmpty else {
            fail(words.nameCouldNeverSignIn(name, nameFailures))
            return .usage
        }
        let store = accountStore(options.accountsPath)
        do throws(AccountStoreError) {
            // Report a bad file, or a name that is another's, before asking for a password.
            if let file = try store.loadIfPresent() {
                try store.refuseSameName(as: name, in: file)
                report(AccountHashes(file: file, hasher: hasher), of: options.accountsPath)
            }
            try store.checkLockPath()
        } catch {
            fail(error.description(in: language))
            return .usage
        }

        environment.setPromptTimeout(options.timeout.duration)
        let password: String
        if options.passwordFromStandardInput {
            switch await readPasswordFromStandardInput(timeout: options.timeout) {
            case .read(let read): password = read
            case .failed(let status): return status
            }
        } else {
            switch await askNewPassword(for: name, timeout: options.timeout) {
            case .typed(let typed): password = typed
            case .failed(let exit): return exit
            }
        }
        let passwordFailures = rules.password.failures(for: password)
        guard passwordFailures.isEmpty else {
            fail(words.unusablePassword(passwordFailures))
            return .usage
        }

        do {
            let hash = try hasher.hash(password)
            environment.secrets?.forgetSecrets()  // hashed: the password is no longer needed
            switch try store.setPasswordHash(hash, for: name) {
            case .added: environment.output.write(ConsoleText.sanitized(words.added(name, to: store.path)) + "\n")
            case .replaced:
                environment.output.write(ConsoleText.sanitized(words.replaced(name, in: store.path)) + "\n")
            }
            return .success
        } catch let error as PasswordHashingError {
            fail(words.cannotHash(error))
        } catch let error as AccountStoreError {
            fail(error.description(in: language))
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
    private func askNewPassword(for name: String, timeout: PromptTimeout) async -> NewPassword {
        guard environment.canReadHiddenInput() else {
            fail(words.noTerminal, words.usePasswordFromStandardInput)
            return .failed(.usage)
        }
        var typed: [String] = []
        for prompt in [words.newPasswordPrompt(for: name), words.repeatPasswordPrompt] {
            switch await environment.lines.readLine(prompt: ConsoleText.sanitized(prompt), hidden: true) {
            case .line(let line): typed.append(line)
            case .endOfInput: return .failed(.notSignedIn)
            case .timedOut:
                fail(safetyWords.timedOut(after: timeout.duration ?? .zero))
                return .failed(.notSignedIn)
            case .rejected(let rejection):
                fail(language.consoleWords.sentence(for: rejection))
                return .failed(.usage)
            }
        }
        guard typed[0].utf8.elementsEqual(typed[1].utf8) else {
            fail(words.passwordsDiffer)
            return .failed(.usage)
        }
        return .typed(typed[0])
    }

    // MARK: Importing profiles

    private func importProfiles(_ options: ImportProfilesOptions) async -> ExitCode {
        guard FileManager.default.fileExists(atPath: options.jsonPath) else {
            fail(words.missingFile(options.jsonPath))
            return .usage
        }
        guard let path = options.profilesPath ?? environment.defaultProfileStorePath else {
            fail(lines: words.noDefaultDatabase)
            return .usage
        }
        guard checkProfileDatabase(path) else { return .usage }
        do throws(ProfileSourceError) {
            let records = try JSONFileProfileSource(url: URL(fileURLWithPath: options.jsonPath)).allProfiles()
            let store = HomeProfiles.store(path: options.profilesPath, defaultPath: environment.defaultProfileStorePath)
            let total = try await store.importProfiles(records)
            let done = words.imported(records.count, from: options.jsonPath, into: path, holding: total)
            environment.output.write(ConsoleText.sanitized(done) + "\n")
            return .success
        } catch {
            fail(words.sentence(error.description(in: language)))
            return .usage
        }
    }

    // MARK: Shared

    /// The account file at a path, its warnings written to standard error, waiting for another writer's lock as
    /// long as the environment allows (saying so once).
    func accountStore(_ path: String) -> AccountStore {
        var store = AccountStore(path: path, warn: { [language] warning in fail(warning.description(in: language)) })
        let timeout = environment.lockTimeout
        let lockPath = store.lockPath
        let words = safetyWords
        store.lockWait = LockWait(timeout: timeout) {
            fail(words.waitingForLock(lockPath, timeout: timeout))
        }
        return store
    }

    /// Writes `login: message` and any further lines to standard error, sanitised.
    func fail(_ message: String, _ more: String...) {
        fail(lines: [message] + more)
    }

    /// Writes `login: ` and the first line, then the others, to standard error, sanitised.
    func fail(lines: [String]) {
        let lines = lines.enumerated().map { $0.offset == 0 ? "login: " + $0.element : $0.element }
        environment.errors.write(lines.map(ConsoleText.sanitized).joined(separator: "\n") + "\n")
    }
}
