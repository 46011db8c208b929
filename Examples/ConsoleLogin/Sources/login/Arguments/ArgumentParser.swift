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
                options.pattern = try scanner.choice(of: "--pattern", value, LoginPattern.self, named: .pattern)
            case .option("--profiles", let value): options.profilesPath = try scanner.value(of: "--profiles", value)
            case .option("--language", let value):
                options.language = try scanner.choice(of: "--language", value, Language.self, named: .language)
            case .option("--remote", let value):
                options.server = try scanner.choice(of: "--remote", value, SimulatedServer.self, named: .serverState)
            case .option("--trace", let value):
                try scanner.flag("--trace", value)
                options.trace = true
            case .option("--timeout", let value): options.timeout = try scanner.timeout(value)
            case .option("--deny", let value): options.deny = try scanner.count(of: "--deny", value, upTo: 1000)
            case .option("--unlock-time", let value):
                options.unlockTime = try scanner.count(of: "--unlock-time", value, upTo: 31_536_000)
            case .option(let name, _): throw UsageError(.unknownOption(name, command: nil))
            case .positional(let text): throw UsageError(.unexpectedArgument(text))
            }
        }
        if options.accountsPath != nil, options.pamService != nil {
            throw UsageError(.twoAccountSources)
        }
        if options.accountsPath == nil, options.deny != nil || options.unlockTime != nil {
            throw UsageError(.failureCountNeedsAccounts)
        }
        switch (options.scriptedUsername, passwordFromStandardInput) {
        case (nil, true): throw UsageError(.passwordFromStandardInputNeedsUsername)
        case (.some, false): throw UsageError(.usernameNeedsPasswordFromStandardInput)
        default: return .signIn(options)
        }
    }

    /// `login signup`: the sign-in session's options, with an account file and no script.
    private static func parseSignup(_ arguments: [String]) throws(UsageError) -> LoginCommand {
        switch try parse(arguments) {
        case .help: return .help(.signUp)
        case .signIn(let options):
            guard options.accountsPath != nil else { throw UsageError(.needsAccounts(command: "signup")) }
            guard options.scriptedUsername == nil else { throw UsageError(.signupAsksAtTheTerminal) }
            return .signUp(options)
        case .addUser, .signUp, .importProfiles: throw UsageError(.signupTakesNoOtherCommand)
        }
    }

    private static func parseAddUser(_ arguments: [String]) throws(UsageError) -> LoginCommand {
        var scanner = Scanner(arguments)
        var path: String?
        var method: CryptPasswordHasher.Method?
        var language: Language?
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
                method = try scanner.choice(of: "--method", value, CryptPasswordHasher.Method.self, named: .method)
            case .option("--language", let value):
                language = try scanner.choice(of: "--language", value, Language.self, named: .language)
            case .option("--timeout", let value): timeout = try scanner.timeout(value)
            case .option(let name, _): throw UsageError(.unknownOption(name, command: "add-user"))
            case .positional(let text): names.append(text)
            }
        }
        guard let path else { throw UsageError(.needsAccounts(command: "add-user")) }
        guard names.count == 1, let name = names.first else {
            throw UsageError(names.isEmpty ? .addUserNeedsName : .addUserTakesOneName)
        }
        return .addUser(
            AddUserOptions(
                accountsPath: path, name: name, passwordFromStandardInput: fromStandardInput,
                method: method ?? .yescrypt, language: language, timeout: timeout))
    }

    private static func parseImportProfiles(_ arguments: [String]) throws(UsageError) -> LoginCommand {
        var scanner = Scanner(arguments)
        var profilesPath: String?
        var language: Language?
        var files: [String] = []
        while let argument = try scanner.next() {
            switch argument {
            case .option("--profiles", let value): profilesPath = try scanner.value(of: "--profiles", value)
            case .option("--language", let value):
                language = try scanner.choice(of: "--language", value, Language.self, named: .language)
            case .option(let name, _): throw UsageError(.unknownOption(name, command: "import-profiles"))
            case .positional(let text): files.append(text)
            }
        }
        guard files.count == 1, let file = files.first else {
            throw UsageError(files.isEmpty ? .importNeedsFile : .importTakesOneFile)
        }
        return .importProfiles(ImportProfilesOptions(jsonPath: file, profilesPath: profilesPath, language: language))
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
        guard seen.insert(name).inserted else { throw UsageError(.givenTwice(name)) }
        return .option(name, inlineValue: inlineValue)
    }

    /// The value of an option: inline, or the next argument.
    mutating func value(of name: String, _ inlineValue: String?) throws(UsageError) -> String {
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard let next = arguments.first, next.unicodeScalars.first != "-" else {
                throw UsageError(.needsValue(name, separate: true))
            }
            value = next
            arguments.removeFirst()
        }
        guard !value.isEmpty else { throw UsageError(.needsValue(name, separate: false)) }
        return value
    }

    /// The value of an option whose value may be left out (`--pam`, `--pam NAME`, `--pam=NAME`): inline, or the
    /// next argument unless it starts with `-`; `nil` when there is none.
    mutating func optionalValue(of name: String, _ inlineValue: String?) throws(UsageError) -> String? {
        if let inlineValue {
            guard !inlineValue.isEmpty else { throw UsageError(.needsValueAfterEquals(name)) }
            return inlineValue
        }
        guard let next = arguments.first, next.unicodeScalars.first != "-" else { return nil }
        arguments.removeFirst()
        // An empty argument is a value left empty, refused as `--pam=` is (found by ArgumentsFuzz).
        guard !next.isEmpty else { throw UsageError(.needsValue(name, separate: false)) }
        return next
    }

    /// The value of an option that names one of a few choices.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        of name: String, _ inlineValue: String?, _ type: Choice.Type, named noun: UsageError.Choice
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        let text = try value(of: name, inlineValue)
        guard let choice = Choice(rawValue: text) else {
            throw UsageError(.unknownChoice(noun, value: text, option: name, known: Choice.allCases.map(\.rawValue)))
        }
        return choice
    }

    /// `--timeout`'s value: seconds, with up to three decimals.
    mutating func timeout(_ inlineValue: String?) throws(UsageError) -> PromptTimeout {
        let text = try value(of: "--timeout", inlineValue)
        guard let timeout = PromptTimeout(parsing: text) else {
            throw UsageError(.invalidTimeout(text, maximumSeconds: PromptTimeout.maximumSeconds))
        }
        return timeout
    }

    /// The value of an option that counts something: a whole number from 0 to `maximum`.
    mutating func count(of name: String, _ inlineValue: String?, upTo maximum: Int) throws(UsageError) -> Int {
        let text = try value(of: name, inlineValue)
        guard text.count <= 10, text.allSatisfy({ ("0"..."9").contains($0) }), let count = Int(text), count <= maximum
        else { throw UsageError(.invalidCount(text, option: name, maximum: maximum)) }
        return count
    }

    /// Checks that a flag has no value.
    func flag(_ name: String, _ inlineValue: String?) throws(UsageError) {
        if inlineValue != nil { throw UsageError(.takesNoValue(name)) }
    }
}
