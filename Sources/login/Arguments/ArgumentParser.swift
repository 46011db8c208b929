internal import Crypt
internal import Gallery
internal import LoginFeature

/// Turns `login`'s arguments into a ``LoginCommand``: a small hand-written parser, since the package takes no
/// dependencies.
///
/// Rules: options may come in any order, as `--name VALUE` or `--name=VALUE`; a value given separately may not
/// start with `-` (write `--name=-value` for that); `--` ends the options; an option given twice, an unknown
/// option or a stray argument is an error; `--help` or `-h` anywhere wins.
enum ArgumentParser {
    /// Parses the arguments after the program name.
    ///
    /// - Parameter arguments: The arguments, such as `["--accounts", "team.accounts"]`.
    /// - Returns: The command.
    /// - Throws: ``UsageError`` naming the first problem.
    static func parse(_ arguments: [String]) throws(UsageError) -> LoginCommand {
        let subcommand: LoginCommand.HelpTopic? =
            switch arguments.first {
            case "add-user": .addUser
            case "import-profiles": .importProfiles
            case "signup": .signUp
            default: nil
            }
        let optionArguments = arguments.dropFirst(subcommand == nil ? 0 : 1).prefix { $0 != "--" }
        if optionArguments.contains("--help") || optionArguments.contains("-h") {
            return .help(subcommand ?? .signIn)
        }
        switch subcommand {
        case .addUser: return try parseAddUser(Array(arguments.dropFirst()))
        case .importProfiles: return try parseImportProfiles(Array(arguments.dropFirst()))
        case .signUp: return try parseSignup(Array(arguments.dropFirst()))
        case .signIn, nil: break
        }
        var scanner = Scanner(arguments)
        var options = SignInOptions()
        var passwordFromStandardInput = false
        while let argument = try scanner.next() {
            switch argument {
            case .option("--accounts", let value): options.accountsPath = try scanner.value(of: "--accounts", value)
            case .option("--pam", let value):
                options.pamService = try scanner.optionalValue(of: "--pam", value) ?? SignInOptions.defaultPAMService
            case .option("--username", let value): options.scriptedUsername = try scanner.value(of: "--username", value)
            case .option("--password-stdin", let value):
                try scanner.flag("--password-stdin", value)
                passwordFromStandardInput = true
            case .option("--pattern", let value):
                options.pattern = try scanner.choice(of: "--pattern", value, LoginPattern.self, named: "pattern")
            case .option("--profiles", let value): options.profilesPath = try scanner.value(of: "--profiles", value)
            case .option("--language", let value):
                options.language = try scanner.choice(of: "--language", value, Language.self, named: "language")
            case .option("--remote", let value):
                options.server = try scanner.choice(of: "--remote", value, SimulatedServer.self, named: "server state")
            case .option("--trace", let value):
                try scanner.flag("--trace", value)
                options.trace = true
            case .option("--timeout", let value): options.timeout = try scanner.timeout(value)
            case .option("--deny", let value): options.deny = try scanner.count(of: "--deny", value, upTo: 1000)
            case .option("--unlock-time", let value):
                options.unlockTime = try scanner.count(of: "--unlock-time", value, upTo: 31_536_000)
            case .option(let name, _): throw UsageError("unknown option '\(name)'")
            case .positional(let text): throw UsageError("unexpected argument '\(text)'")
            }
        }
        if options.accountsPath != nil, options.pamService != nil {
            throw UsageError("--accounts and --pam are two account sources; give one")
        }
        if options.accountsPath == nil, options.deny != nil || options.unlockTime != nil {
            throw UsageError(
                "--deny and --unlock-time count the failed sign-ins of an account file (--accounts); for --pam, "
                    + "set pam_faillock's deny and unlock_time in the PAM service")
        }
        switch (options.scriptedUsername, passwordFromStandardInput) {
        case (nil, true): throw UsageError("--password-stdin needs --username NAME")
        case (.some, false):
            throw UsageError("--username needs --password-stdin (the password is read from standard input)")
        default: return .signIn(options)
        }
    }

    /// `login signup`: the sign-in session's options, with an account file and no script.
    private static func parseSignup(_ arguments: [String]) throws(UsageError) -> LoginCommand {
        switch try parse(arguments) {
        case .help: return .help(.signUp)
        case .signIn(let options):
            guard options.accountsPath != nil else { throw UsageError("signup needs --accounts FILE") }
            guard options.scriptedUsername == nil else {
                throw UsageError("signup asks at the terminal; --username and --password-stdin are for signing in")
            }
            return .signUp(options)
        case .addUser, .signUp, .importProfiles: throw UsageError("signup takes no other command")
        }
    }

    private static func parseAddUser(_ arguments: [String]) throws(UsageError) -> LoginCommand {
        var scanner = Scanner(arguments)
        var path: String?
        var method: CryptPasswordHasher.Method?
        var fromStandardInput = false
        var timeout = PromptTimeout.standard
        var names: [String] = []
        while let argument = try scanner.next() {
            switch argument {
            case .option("--accounts", let value): path = try scanner.value(of: "--accounts", value)
            case .option("--password-stdin", let value):
                try scanner.flag("--password-stdin", value)
                fromStandardInput = true
            case .option("--method", let value):
                let text = try scanner.value(of: "--method", value)
                guard let parsed = CryptPasswordHasher.Method(rawValue: text) else {
                    let known = CryptPasswordHasher.Method.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("unknown method '\(text)'; use one of \(known)")
                }
                method = parsed
            case .option("--timeout", let value): timeout = try scanner.timeout(value)
            case .option(let name, _): throw UsageError("unknown option '\(name)' for add-user")
            case .positional(let text): names.append(text)
            }
        }
        guard let path else { throw UsageError("add-user needs --accounts FILE") }
        guard names.count == 1, let name = names.first else {
            throw UsageError(names.isEmpty ? "add-user needs the account NAME" : "add-user takes one NAME")
        }
        return .addUser(
            AddUserOptions(
                accountsPath: path, name: name, passwordFromStandardInput: fromStandardInput,
                method: method ?? .yescrypt, timeout: timeout))
    }

    private static func parseImportProfiles(_ arguments: [String]) throws(UsageError) -> LoginCommand {
        var scanner = Scanner(arguments)
        var profilesPath: String?
        var files: [String] = []
        while let argument = try scanner.next() {
            switch argument {
            case .option("--profiles", let value): profilesPath = try scanner.value(of: "--profiles", value)
            case .option(let name, _): throw UsageError("unknown option '\(name)' for import-profiles")
            case .positional(let text): files.append(text)
            }
        }
        guard files.count == 1, let file = files.first else {
            throw UsageError(
                files.isEmpty ? "import-profiles needs the JSON FILE to import" : "import-profiles takes one FILE")
        }
        return .importProfiles(ImportProfilesOptions(jsonPath: file, profilesPath: profilesPath))
    }
}

/// Walks the arguments, splitting `--name=value`, remembering which options were seen.
private struct Scanner {
    enum Argument {
        case option(String, inlineValue: String?)
        case positional(String)
    }

    private var arguments: ArraySlice<String>
    private var seen: Set<String> = []
    private var optionsEnded = false

    init(_ arguments: [String]) {
        self.arguments = arguments[...]
    }

    mutating func next() throws(UsageError) -> Argument? {
        guard let argument = arguments.popFirst() else { return nil }
        // By scalar, not by Character: a combining mark after "-" or "=" must not hide it ("--name=\u{301}x").
        if optionsEnded || argument.unicodeScalars.first != "-" || argument == "-" { return .positional(argument) }
        if argument == "--" {
            optionsEnded = true
            return try next()
        }
        let name: String
        let inlineValue: String?
        let scalars = argument.unicodeScalars
        if let equals = scalars.firstIndex(of: "=") {
            name = String(scalars[..<equals])
            inlineValue = String(scalars[scalars.index(after: equals)...])
        } else {
            name = argument
            inlineValue = nil
        }
        guard seen.insert(name).inserted else { throw UsageError("\(name) is given twice") }
        return .option(name, inlineValue: inlineValue)
    }

    /// The value of an option: inline, or the next argument.
    mutating func value(of name: String, _ inlineValue: String?) throws(UsageError) -> String {
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard let next = arguments.first, next.unicodeScalars.first != "-" else {
                throw UsageError("\(name) needs a value (for one that starts with '-', write \(name)=VALUE)")
            }
            value = next
            arguments.removeFirst()
        }
        guard !value.isEmpty else { throw UsageError("\(name) needs a value") }
        return value
    }

    /// The value of an option whose value may be left out (`--pam`, `--pam NAME`, `--pam=NAME`): inline, or the
    /// next argument unless it starts with `-`; `nil` when there is none.
    mutating func optionalValue(of name: String, _ inlineValue: String?) throws(UsageError) -> String? {
        if let inlineValue {
            guard !inlineValue.isEmpty else { throw UsageError("\(name) needs a value after '='") }
            return inlineValue
        }
        guard let next = arguments.first, next.unicodeScalars.first != "-" else { return nil }
        arguments.removeFirst()
        // An empty argument is a value left empty, refused as `--pam=` is (found by ArgumentsFuzz).
        guard !next.isEmpty else { throw UsageError("\(name) needs a value") }
        return next
    }

    /// The value of an option that names one of a few choices.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        of name: String, _ inlineValue: String?, _ type: Choice.Type, named noun: String
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        let text = try value(of: name, inlineValue)
        guard let choice = Choice(rawValue: text) else {
            let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("unknown \(noun) '\(text)' for \(name); use one of \(known)")
        }
        return choice
    }

    /// `--timeout`'s value: seconds, with up to three decimals.
    mutating func timeout(_ inlineValue: String?) throws(UsageError) -> PromptTimeout {
        let text = try value(of: "--timeout", inlineValue)
        guard let timeout = PromptTimeout(parsing: text) else {
            throw UsageError(
                "--timeout takes seconds, such as 60, 0.5 or 0 (no timeout), up to \(PromptTimeout.maximumSeconds); "
                    + "not '\(text)'")
        }
        return timeout
    }

    /// The value of an option that counts something: a whole number from 0 to `maximum`.
    mutating func count(of name: String, _ inlineValue: String?, upTo maximum: Int) throws(UsageError) -> Int {
        let text = try value(of: name, inlineValue)
        guard text.count <= 10, text.allSatisfy({ ("0"..."9").contains($0) }), let count = Int(text), count <= maximum
        else { throw UsageError("\(name) takes a whole number from 0 to \(maximum); not '\(text)'") }
        return count
    }

    /// Checks that a flag has no value.
    func flag(_ name: String, _ inlineValue: String?) throws(UsageError) {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
    }
}
