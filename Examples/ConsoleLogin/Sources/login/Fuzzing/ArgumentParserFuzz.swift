internal import Crypt
internal import Gallery
internal import LoginFeature

#if FUZZING
    internal import FuzzSupport
#endif

/// The argument parser's fuzz target. It lives in `login`, beside the parser; `scripts/fuzz.sh` builds `login` with
/// `-sanitize=fuzzer -D FUZZING`, and then `login` is this target instead of the console login (see main.swift).
///
/// An input is a command line: arguments separated by NUL bytes, where an argument of one byte below 0x20 stands
/// for one of the first 32 ``tokens`` (options, values, `--`), and one of 0x80 to 0xBF (a lone continuation byte,
/// not text) for the 33rd on, so the fuzzer reaches the parser's paths quickly. The checks:
/// parsing never traps and gives the same answer twice; `--help` or `-h` before `--` always wins; a refusal has a
/// message in each language; a parsed command's `--language` is the one ``LanguageChoice`` reads from the raw
/// arguments (so a run's language never depends on which of the two read it); and a parsed command, written back
/// as canonical arguments, parses to the same command.
enum ArgumentParserFuzz {
    static let target = "arguments"

    /// The words a one-byte argument stands for.
    static let tokens = [
        "add-user", "--accounts", "--username", "--password-stdin", "--pattern", "--profiles", "--language",
        "--remote", "--method", "--help", "-h", "--", "-", "--accounts=", "--pattern=viper", "mvvm-io", "en", "zh",
        "flaky", "bcrypt", "sha512crypt", "dimsky", "-x", "--bogus", "=", "team.accounts", "--method=", "",
        "signup", "import-profiles", "--pam", "--pam=", "login", "p.json", "--trace", "--trace=x",
        "--timeout", "--deny", "--unlock-time", "0", "60", "0.25", "1.5000", "86401", "--timeout=0.001",
    ]

    /// Checks one input.
    ///
    /// - Parameter bytes: The fuzzer's input.
    /// - Returns: `nil` when every check held, or the first that did not.
    static func check(_ bytes: [UInt8]) -> String? {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { piece in
            guard piece.count == 1, let byte = piece.first else { return String(decoding: piece, as: UTF8.self) }
            switch byte {
            case ..<0x20: return tokens[Int(byte) % tokens.count]
            case 0x80...0xBF: return tokens[(32 + Int(byte - 0x80)) % tokens.count]  // the tokens from 32 on
            default: return String(decoding: piece, as: UTF8.self)
            }
        }
        let first = Result { () throws(UsageError) in try ArgumentParser.parse(arguments) }
        let second = Result { () throws(UsageError) in try ArgumentParser.parse(arguments) }
        guard first == second else { return "\(arguments): two parses differ: \(first), \(second)" }
        let isSubcommand = ["add-user", "signup", "import-profiles"].contains(arguments.first)
        let options = arguments.dropFirst(isSubcommand ? 1 : 0).prefix { $0 != "--" }
        let asksForHelp = options.contains("--help") || options.contains("-h")
        switch first {
        case .failure(let error):
            if asksForHelp { return "\(arguments): --help did not win over \"\(error)\"" }
            if Language.allCases.contains(where: { error.description(in: $0).isEmpty }) {
                return "\(arguments): a refusal without a message"
            }
        case .success(let command):
            let isHelp = if case .help = command { true } else { false }
            if asksForHelp != isHelp {
                return "\(arguments): parsed as \(command)"
            }
            if !isHelp, LanguageChoice.flag(in: arguments) != command.language {
                return "\(arguments): parsed --language \(String(describing: command.language)), but the run's "
                    + "language choice read \(String(describing: LanguageChoice.flag(in: arguments)))"
            }
            let canonical = canonicalArguments(command)
            let reparsed = Result { () throws(UsageError) in try ArgumentParser.parse(canonical) }
            guard reparsed == .success(command) else {
                return "\(arguments) parsed as \(command), but its canonical form \(canonical) as \(reparsed)"
            }
        }
        return nil
    }

    /// A command written back as arguments, every value inline (`--name=VALUE`) and the name after `--`.
    private static func canonicalArguments(_ command: LoginCommand) -> [String] {
        switch command {
        case .help(.signIn): return ["--help"]
        case .help(.addUser): return ["add-user", "--help"]
        case .help(.signUp): return ["signup", "--help"]
        case .help(.importProfiles): return ["import-profiles", "--help"]
        case .signIn(let options): return canonicalArguments(options)
        case .signUp(let options): return ["signup"] + canonicalArguments(options)
        case .importProfiles(let options):
            return ["import-profiles"] + (options.profilesPath.map { ["--profiles=\($0)"] } ?? [])
                + (options.language.map { ["--language=\($0.rawValue)"] } ?? []) + ["--", options.jsonPath]
        case .addUser(let options):
            var arguments = [
                "add-user", "--accounts=\(options.accountsPath)", "--method=\(options.method.rawValue)",
                "--timeout=\(options.timeout.argument)",
            ]
            if options.passwordFromStandardInput { arguments.append("--password-stdin") }
            if let language = options.language { arguments.append("--language=\(language.rawValue)") }
            return arguments + ["--", options.name]
        }
    }

    /// A sign-in's options written back as arguments.
    private static func canonicalArguments(_ options: SignInOptions) -> [String] {
        var arguments = ["--pattern=\(options.pattern.rawValue)", "--remote=\(options.server.rawValue)"]
        if let language = options.language { arguments.append("--language=\(language.rawValue)") }
        if let path = options.accountsPath { arguments.append("--accounts=\(path)") }
        if let service = options.pamService { arguments.append("--pam=\(service)") }
        if let path = options.profilesPath { arguments.append("--profiles=\(path)") }
        if let name = options.scriptedUsername { arguments += ["--username=\(name)", "--password-stdin"] }
        if options.trace { arguments.append("--trace") }
        arguments.append("--timeout=\(options.timeout.argument)")
        if let deny = options.deny { arguments.append("--deny=\(deny)") }
        if let unlockTime = options.unlockTime { arguments.append("--unlock-time=\(unlockTime)") }
        return arguments
    }
}

#if FUZZING
    extension ArgumentParserFuzz: FuzzTarget {}
#endif
