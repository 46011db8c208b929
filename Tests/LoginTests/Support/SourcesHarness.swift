import ConsoleView
import Crypt
import LoginFeature
import PAM

@testable import login

/// Runs `login` in memory, like ``ProgramHarness``, with the outside world's account and profile sources
/// chosen by the test: the PAM authenticator `--pam` gets (none by default, as where Linux-PAM is missing) and
/// the default profile database (in memory by default).
@MainActor
final class SourcesHarness {
    let terminal: ScriptedTerminal
    let errors = ScriptedTerminal(typing: [])
    let clock = ImmediateClock()
    var standardInput: [UInt8] = []
    var pam: (any Authenticator)?
    var defaultProfileStorePath: String?

    init(typing script: [ScriptedTerminal.Keystrokes] = []) {
        terminal = ScriptedTerminal(typing: script)
    }

    var output: String { terminal.output }
    var errorOutput: String { errors.output }

    func run(_ arguments: [String]) async -> ExitCode {
        let input = standardInput
        let pam = pam
        var environment = LoginEnvironment(
            output: terminal,
            errors: errors,
            lines: terminal,
            style: .plain,
            canReadHiddenInput: { true },
            readStandardInput: { maximumBytes in input.count > maximumBytes ? nil : input },
            makeHasher: { try? CryptPasswordHasher(method: $0) },
            clock: clock
        )
        environment.makePAMAuthenticator = { service throws(PAMError) in
            guard PAMAuthenticator.isServiceName(service) else { throw .invalidServiceName(service) }
            guard let pam else { throw .unavailable }
            return pam
        }
        environment.defaultProfileStorePath = defaultProfileStorePath
        return await LoginProgram(environment: environment).run(arguments: arguments)
    }
}

/// The system's accounts as a test sets them: `bob` / `builder` signs in with two messages from the service,
/// `retired` is refused, anyone else fails.
struct FakeSystemAccounts: Authenticator {
    static let messages = [
        AccountServiceMessage(.info, "Last login: \u{1B}[2Jyesterday"),
        AccountServiceMessage(.error, "Your password will expire in 3 days."),
    ]

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        switch (username, password) {
        case ("bob", "builder"): return User(name: "bob", messages: Self.messages)
        case ("retired", _):
            throw .accountRefused(reason: "Your account has expired; please contact your administrator.")
        default: throw .invalidCredentials
        }
    }
}
