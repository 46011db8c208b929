import ConsoleView
import Crypt
import LoginFeature
import PAM
import PureMVVMTesting

@testable import login

/// Runs the whole `login` program in memory: a scripted terminal for prompts and output, another for standard
/// error, standard input as bytes, switches for "no terminal" and "no libxcrypt", and the outside world's account
/// and profile sources chosen by the test: the PAM authenticator `--pam` gets (none by default, as where
/// Linux-PAM is missing) and the default profile database (in memory by default).
@MainActor
final class ProgramHarness {
    let terminal: ScriptedTerminal
    let errors = ScriptedTerminal(typing: [])
    let clock = RecordingClock()
    var standardInput: [UInt8] = []
    /// What reading standard input gives instead of ``standardInput``: a timeout, or a read error.
    var standardInputFailure: StandardInputContents?
    /// Whether standard input is a terminal (`--password-stdin` refuses one).
    var standardInputIsTerminal = false
    /// The errors the standard streams report at the end of the run.
    var streamErrors: [StreamError] = []
    /// How long an account file update waits for another writer's lock: not at all, by default.
    var lockTimeout: Duration = .zero
    /// The failure tally's clock, in seconds since 1970.
    var now: Int64 = 1_767_225_600
    /// The prompt timeouts the program set, in order.
    private(set) var promptTimeouts: [Duration?] = []
    var hasTerminal = true
    var hasCrypt = true
    /// What making a hasher throws when ``hasCrypt`` is `false`: as on a platform without libxcrypt, by default.
    var cryptError = PasswordHashingError.unavailable
    /// Whether new hashes cost what `login` makes them cost (bcrypt 12, yescrypt's default) rather than each
    /// method's lowest cost (see ``RememberingHasher/crypt(_:atFullCost:)``).
    var hashesAtFullCost = false
    var pam: (any Authenticator)?
    /// What making the PAM authenticator throws when ``pam`` is `nil`: as on a platform without Linux-PAM, by
    /// default.
    var pamOpeningError = PAMError.unavailable
    /// Why SQLite cannot be opened; `nil` (the default) when it can.
    var sqliteError: SystemLibraryError?
    var defaultProfileStorePath: String?
    /// The environment variables the program reads (the locale's); none by default, as in the C locale.
    var variables: [String: String] = [:]
    /// The variables a path is made from that were left out for not being UTF-8 (the program warns about them).
    var variablesNotUTF8: [String] = []
    /// What turning core files off says: `nil` when it took (the default; the test process itself is left as it
    /// is), else why not.
    var coreFilesProblem: String?
    /// How many times the program turned core files off.
    private(set) var coreFilesForbidden = 0

    init(typing script: [ScriptedTerminal.Keystrokes] = []) {
        terminal = ScriptedTerminal(typing: script)
    }

    var output: String { terminal.output }
    var errorOutput: String { errors.output }

    /// Runs `login` with the arguments, failing after ``TimeLimitExceeded/defaultTimeout`` instead of hanging.
    func run(_ arguments: [String]) async throws -> ExitCode {
        let program = makeProgram()
        return try await withTimeLimit("login \(arguments) to end") { await program.run(arguments: arguments) }
    }

    /// Runs `login` with the arguments given as the bytes the system would give them.
    func run(rawArguments arguments: [[UInt8]]) async throws -> ExitCode {
        let program = makeProgram()
        return try await withTimeLimit("login to end") { await program.run(rawArguments: arguments) }
    }

    private func makeProgram() -> LoginProgram {
        let input = standardInput
        let inputFailure = standardInputFailure
        let pam = pam
        var environment = LoginEnvironment(
            output: terminal,
            errors: errors,
            lines: terminal,
            style: .plain,
            canReadHiddenInput: { [hasTerminal] in hasTerminal },
            readStandardInput: { maximumBytes in
                inputFailure ?? (input.count > maximumBytes ? .tooLong : .bytes(input))
            },
            makeHasher: { [hasCrypt, cryptError, hashesAtFullCost] method throws(PasswordHashingError) in
                guard hasCrypt else { throw cryptError }
                return try RememberingHasher.crypt(method, atFullCost: hashesAtFullCost)
            },
            clock: clock
        )
        environment.makePAMAuthenticator = { [pamOpeningError] service throws(PAMError) in
            guard PAMAuthenticator.isServiceName(service) else { throw .invalidServiceName(service) }
            guard let pam else { throw pamOpeningError }
            return pam
        }
        environment.openSQLite = { [sqliteError] () throws(SystemLibraryError) in
            if let sqliteError { throw sqliteError }
        }
        environment.defaultProfileStorePath = defaultProfileStorePath
        environment.variables = variables
        environment.variablesNotUTF8 = variablesNotUTF8
        environment.isInputTerminal = standardInputIsTerminal
        environment.streamErrors = { [streamErrors] in streamErrors }
        environment.lockTimeout = lockTimeout
        environment.now = { [now] in now }
        environment.setPromptTimeout = { [weak self] in self?.promptTimeouts.append($0) }
        environment.forbidCoreFiles = { [weak self, coreFilesProblem] in
            self?.coreFilesForbidden += 1
            return coreFilesProblem
        }
        return LoginProgram(environment: environment)
    }
}
