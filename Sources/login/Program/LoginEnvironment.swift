internal import ConsoleView
internal import Crypt
internal import LoginFeature
internal import PAM
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
    /// Reads standard input to its end; `nil` when it holds more than the given number of bytes.
    var readStandardInput: (_ maximumBytes: Int) async -> [UInt8]?
    /// Makes the crypt(3) hasher for a method; `nil` where libxcrypt does not exist.
    var makeHasher: (CryptPasswordHasher.Method) -> (any PasswordHasher)?
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

    /// The real terminal, file system and clock.
    static func system() -> LoginEnvironment {
        let terminal = SystemTerminal()
        let variables = ProcessInfo.processInfo.environment
        return LoginEnvironment(
            output: terminal,
            errors: terminal.errors,
            lines: terminal,
            style: terminal.style,
            canReadHiddenInput: { terminal.canReadHiddenInput },
            readStandardInput: { await terminal.readStandardInputToEnd(maximumBytes: $0) },
            makeHasher: newHasher(for:),
            clock: failureDelayClock(),
            makePAMAuthenticator: { service throws(PAMError) in try PAMAuthenticator(service: service) },
            variables: variables,
            defaultProfileStorePath: HomeProfiles.defaultStorePath(environment: variables)
        )
    }

    /// The hasher for new hashes: each method's own cost (in debug builds, its lowest cost when
    /// `PUREMVVM_TEST_LOWEST_HASH_COST=1`, a test hook for end-to-end runs that need a hash written, not its cost).
    private static func newHasher(for method: CryptPasswordHasher.Method) -> CryptPasswordHasher? {
        #if DEBUG
            if ProcessInfo.processInfo.environment["PUREMVVM_TEST_LOWEST_HASH_COST"] == "1" {
                return try? CryptPasswordHasher(method: method, cost: method.lowestCost)
            }
        #endif
        return try? CryptPasswordHasher(method: method)
    }

    /// The clock the failure delays run on: the real one (in debug builds, the test hook ``SkippingClock`` when
    /// `PUREMVVM_TEST_SKIP_DELAYS=1`).
    private static func failureDelayClock() -> any Clock<Duration> {
        #if DEBUG
            if ProcessInfo.processInfo.environment["PUREMVVM_TEST_SKIP_DELAYS"] == "1" { return SkippingClock() }
        #endif
        return ContinuousClock()
    }
}
