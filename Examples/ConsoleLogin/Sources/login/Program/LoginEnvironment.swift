internal import ConsoleView
internal import Crypt
internal import LoginFeature
internal import PAM
internal import SQLiteProfiles

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif
#if canImport(FoundationEssentials)
    internal import FoundationEssentials  // Foundation without ICU: a smaller process
#else
    internal import Foundation
#endif

/// Everything `login` takes from the outside world, so tests run the whole program in memory.
@MainActor
struct LoginEnvironment {
    /// Standard output.
    var output: any ConsoleOutput
    /// Standard error.
    var errors: any ConsoleOutput
    /// Where prompted lines come from.
    var lines: any LineSource
    /// How standard output is coloured.
    var style: ConsoleStyle
    /// Whether hidden input can be read (there is a terminal).
    var canReadHiddenInput: () -> Bool
    /// Reads standard input to its end: its bytes, or more than the given number of bytes, a timeout, or a read
    /// error.
    var readStandardInput: (_ maximumBytes: Int) async -> StandardInputContents
    /// Makes the crypt(3) hasher for a method; throws where libxcrypt cannot be opened or does not exist.
    var makeHasher: (CryptPasswordHasher.Method) throws(PasswordHashingError) -> any PasswordHasher
    /// The clock the failure delays run on.
    var clock: any Clock<Duration>
    /// Makes the PAM authenticator for a service (`--pam`); by default there is none, as where Linux-PAM does not
    /// exist: the real one talks to the machine's PAM, which tests reach only through pam_wrapper.
    var makePAMAuthenticator: (_ service: String) throws(PAMError) -> any Authenticator = { _ throws(PAMError) in
        throw .unavailable
    }
    /// The environment variables `login` reads: the locale's (`LC_ALL`, `LC_MESSAGES`, `LANG`), which choose the
    /// language without `--language` (``LanguageChoice``). None by default, as in the C locale: English.
    var variables: [String: String] = [:]
    /// The home screen's database when `--profiles` names none (see ``HomeProfiles/defaultStorePath(environment:)``);
    /// `nil`, the default, keeps it in memory, so tests never write a user's files.
    var defaultProfileStorePath: String?
    /// The variables a path is made from (`XDG_DATA_HOME`, `HOME`) left out of ``variables`` because they are not
    /// UTF-8 text; ``LoginProgram`` warns about each, in the run's language.
    var variablesNotUTF8: [String] = []
    /// Whether standard input is a terminal, where `--password-stdin` would echo the password.
    var isInputTerminal = false
    /// Sets how long a prompt (and reading the password from standard input) waits for an answer; `nil` for ever.
    var setPromptTimeout: (Duration?) -> Void = { _ in }
    /// The read and write errors of the standard streams so far (``SystemTerminal/streamErrors``).
    var streamErrors: () -> [StreamError] = { [] }
    /// How long an update of an account file (or its failure tally) waits for another writer's lock.
    var lockTimeout: Duration = .seconds(5)
    /// The time, in seconds since 1970: the failure tally's clock.
    var now: () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    /// Keeps the process out of core files before any secret is read (``POSIXFiles/forbidCoreFiles()``): `nil`
    /// when it took, else why not. Nothing by default, so tests running the program in memory leave the test
    /// process as it is.
    var forbidCoreFiles: () -> String? = { nil }
    /// The hidden lines' secrets, kept until the program forgets them (``SecretLines``, the system's terminal
    /// wrapped); `nil` in tests, whose lines are scripted.
    var secrets: SecretLines?
    /// The process's deadline, which ends a wait no thread can end (``ProcessDeadlines``); `nil` in tests.
    var deadlines: ProcessDeadlines?
    /// The prompts' deadlines (``DeadlineLines``, the system's terminal wrapped); `nil` in tests.
    var promptDeadlines: DeadlineLines?
    /// Whether the address-space limit is too low for a hash check that takes the given bytes
    /// (``ResourceLimits/addressSpace(forHashesOf:)``); never, by default.
    var addressSpaceShortfall: (_ hashMemory: Int) -> ResourceLimits.Shortfall? = { _ in nil }
    /// Whether every sign-in's check never answers: a test hook of debug builds (`PUREMVVM_TEST_STALL_SIGN_IN=1`),
    /// for ``SignInDeadline``.
    var stallsSignIns = false
    /// Opens SQLite, which the home screen's database needs (``SQLiteProfileStore/openLibrary()``); throws where
    /// it cannot be opened.
    var openSQLite: () throws(SystemLibraryError) -> Void = SQLiteProfileStore.openLibrary

    /// The real terminal, file system and clock.
    static func system() -> LoginEnvironment {
        let terminal = SystemTerminal()
        let deadlines = ProcessDeadlines(
            set: { terminal.setDeadline(after: $0, output: $1, errors: $2, status: $3) },
            cancel: { terminal.cancelDeadline() })
        let guarded = DeadlineLines(base: terminal, deadlines: deadlines)
        let secrets = SecretLines(base: guarded)
        let (variables, notUTF8) = utf8Environment()
        var environment = LoginEnvironment(
            output: terminal,
            errors: terminal.errors,
            lines: secrets,
            style: terminal.style,
            canReadHiddenInput: { terminal.canReadHiddenInput },
            readStandardInput: { maximumBytes in
                await guarded.readingStandardInput { await terminal.readStandardInputToEnd(maximumBytes: maximumBytes) }
            },
            makeHasher: newHasher(for:),
            clock: failureDelayClock(),
            makePAMAuthenticator: { service throws(PAMError) in try PAMAuthenticator(service: service) },
            variables: variables,
            defaultProfileStorePath: HomeProfiles.defaultStorePath(environment: variables)
        )
        environment.variablesNotUTF8 = notUTF8
        environment.secrets = secrets
        environment.isInputTerminal = terminal.isInputTerminal
        environment.setPromptTimeout = {
            terminal.promptTimeout = $0
            guarded.timeout = $0
        }
        environment.deadlines = deadlines
        environment.addressSpaceShortfall = ResourceLimits.addressSpace(forHashesOf:)
        environment.promptDeadlines = guarded
        #if DEBUG
            // Test hooks: the reads and the sign-ins that never answer, as when no thread can run them.
            guarded.stallsReads = ProcessInfo.processInfo.environment["PUREMVVM_TEST_STALL_READS"] == "1"
            environment.stallsSignIns = ProcessInfo.processInfo.environment["PUREMVVM_TEST_STALL_SIGN_IN"] == "1"
        #endif
        environment.streamErrors = { terminal.streamErrors }
        environment.lockTimeout = lockTimeout()
        environment.forbidCoreFiles = POSIXFiles.forbidCoreFiles
        return environment
    }

    /// The process's environment without the variables a path is made from (`XDG_DATA_HOME`, `HOME`) whose bytes
    /// are not UTF-8: Foundation would repair them into U+FFFD, a path to another folder. Such a variable is left
    /// out, and named in the second result, which ``LoginProgram`` warns about in the run's language; the home
    /// screen's profiles then stay in memory unless `--profiles` names a file.
    static func utf8Environment() -> (variables: [String: String], notUTF8: [String]) {
        var environment = ProcessInfo.processInfo.environment
        var notUTF8: [String] = []
        for name in ["XDG_DATA_HOME", "HOME"] {
            guard let value = getenv(name) else { continue }
            let bytes = UnsafeBufferPointer(start: value, count: strlen(value)).map { UInt8(bitPattern: $0) }
            if UTF8Text.string(validating: bytes) == nil {
                environment[name] = nil
                notUTF8.append(name)
            }
        }
        return (environment, notUTF8)
    }

    /// How long an account file update waits for a lock: 5 seconds (in debug builds, the seconds in
    /// `PUREMVVM_TEST_LOCK_TIMEOUT`, a test hook, so an end-to-end test of a held lock ends in a moment).
    private static func lockTimeout() -> Duration {
        #if DEBUG
            if let text = ProcessInfo.processInfo.environment["PUREMVVM_TEST_LOCK_TIMEOUT"],
                let timeout = PromptTimeout(parsing: text)
            {
                return .milliseconds(timeout.milliseconds)
            }
        #endif
        return .seconds(5)
    }

    /// The hasher for new hashes: each method's own cost (in debug builds, its lowest cost when
    /// `PUREMVVM_TEST_LOWEST_HASH_COST=1`, a test hook for end-to-end runs that need a hash written, not its cost).
    private static func newHasher(for method: CryptPasswordHasher.Method) throws(PasswordHashingError)
        -> any PasswordHasher
    {
        #if DEBUG
            if ProcessInfo.processInfo.environment["PUREMVVM_TEST_LOWEST_HASH_COST"] == "1" {
                return try CryptPasswordHasher(method: method, cost: method.lowestCost)
            }
        #endif
        return try CryptPasswordHasher(method: method)
    }

    /// The clock the failure delays run on: the real one (in debug builds, the test hook ``SkippingClock`` when
    /// `PUREMVVM_TEST_SKIP_DELAYS=1`, or ``ScalingClock`` when `PUREMVVM_TEST_DELAY_SCALE` is a factor).
    private static func failureDelayClock() -> any Clock<Duration> {
        #if DEBUG
            let variables = ProcessInfo.processInfo.environment
            if variables["PUREMVVM_TEST_SKIP_DELAYS"] == "1" { return SkippingClock() }
            if let text = variables["PUREMVVM_TEST_DELAY_SCALE"], let clock = ScalingClock(parsing: text) {
                return clock
            }
        #endif
        return ContinuousClock()
    }
}
