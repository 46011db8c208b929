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
    let clock = ImmediateClock()
    var standardInput: [UInt8] = []
    var hasTerminal = true
    var hasCrypt = true
    /// Whether new hashes cost what `login` makes them cost (bcrypt 12, yescrypt's default) rather than each
    /// method's lowest cost (see ``RememberingHasher/crypt(_:atFullCost:)``).
    var hashesAtFullCost = false
    var pam: (any Authenticator)?
    var defaultProfileStorePath: String?
    /// The environment variables the program reads (the locale's); none by default, as in the C locale.
    var variables: [String: String] = [:]

    init(typing script: [ScriptedTerminal.Keystrokes] = []) {
        terminal = ScriptedTerminal(typing: script)
    }

    var output: String { terminal.output }
    var errorOutput: String { errors.output }

    /// Runs `login` with the arguments, failing after ``TimedOut/defaultTimeout`` instead of hanging.
    func run(_ arguments: [String]) async throws -> ExitCode {
        let input = standardInput
        let pam = pam
        var environment = LoginEnvironment(
            output: terminal,
            errors: errors,
            lines: terminal,
            style: .plain,
            canReadHiddenInput: { [hasTerminal] in hasTerminal },
            readStandardInput: { maximumBytes in input.count > maximumBytes ? nil : input },
            makeHasher: { [hasCrypt, hashesAtFullCost] method in
                hasCrypt ? RememberingHasher.crypt(method, atFullCost: hashesAtFullCost) : nil
            },
            clock: clock
        )
        environment.makePAMAuthenticator = { service throws(PAMError) in
            guard PAMAuthenticator.isServiceName(service) else { throw .invalidServiceName(service) }
            guard let pam else { throw .unavailable }
            return pam
        }
        environment.defaultProfileStorePath = defaultProfileStorePath
        environment.variables = variables
        let program = LoginProgram(environment: environment)
        return try await withTimeout("login \(arguments) to end") { await program.run(arguments: arguments) }
    }
}
