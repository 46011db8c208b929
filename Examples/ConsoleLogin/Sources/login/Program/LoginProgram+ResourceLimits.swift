internal import ConsoleView
internal import LoginFeature

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif
#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension LoginProgram {
    /// Ends the run before anything else is done: a limit of the process is too low for a sign-in
    /// (``ResourceLimits/checkAtStart()``). The reason goes to standard error in the language the arguments
    /// (`--language`) and the locale choose, written directly (no terminal is set up yet), and the exit status is 2.
    ///
    /// - Parameters:
    ///   - shortfall: The limit.
    ///   - rawArguments: The arguments after the program name, as the system gave them.
    static func refuseToStart(_ shortfall: ResourceLimits.Shortfall, rawArguments: [[UInt8]]) -> Never {
        let arguments = rawArguments.map { String(decoding: $0, as: UTF8.self) }
        let language = LanguageChoice.language(arguments: arguments, environment: ProcessInfo.processInfo.environment)
        let message = "login: " + ConsoleText.sanitized(LoginSafetyWords(language: language).resourcesShort(shortfall))
        var bytes = Array((message + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(ExitCode.usage.rawValue)
    }
}
