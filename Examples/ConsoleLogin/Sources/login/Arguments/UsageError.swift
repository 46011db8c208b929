internal import LoginFeature

/// A command line `login` cannot run: it exits with status 2 and prints the problem and a pointer to `--help`, in
/// the run's language (``description(in:)``).
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong. Options, values and commands are named as typed.
    enum Problem: Equatable {
        /// An option the command does not take; `command` is the subcommand (`add-user`), `nil` for signing in.
        case unknownOption(String, command: String?)
        /// An argument that is no option's value and no command's operand.
        case unexpectedArgument(String)
        /// An option given twice.
        case givenTwice(String)
        /// An option without its value; `separate` when the value was to be the next argument.
        case needsValue(String, separate: Bool)
        /// `--pam=` with nothing after the `=`.
        case needsValueAfterEquals(String)
        /// A flag given a value, as `--trace=yes`.
        case takesNoValue(String)
        /// A value that is not one of the option's choices.
        case unknownChoice(Choice, value: String, option: String, known: [String])
        /// `--accounts` and `--pam` together.
        case twoAccountSources
        /// `--timeout` with a value that is not seconds (with at most three decimals) up to the maximum.
        case invalidTimeout(String, maximumSeconds: Int)
        /// An option that counts (`--deny`, `--unlock-time`) with a value that is not a whole number up to the
        /// maximum.
        case invalidCount(String, option: String, maximum: Int)
        /// `--deny` or `--unlock-time` without `--accounts`: the failure tally is the account file's.
        case failureCountNeedsAccounts
        /// `--password-stdin` without `--username`.
        case passwordFromStandardInputNeedsUsername
        /// `--username` without `--password-stdin`.
        case usernameNeedsPasswordFromStandardInput
        /// A subcommand (`signup`, `add-user`) without `--accounts FILE`.
        case needsAccounts(command: String)
        /// `signup` with `--username` or `--password-stdin`.
        case signupAsksAtTheTerminal
        /// `signup` followed by another command.
        case signupTakesNoOtherCommand
        /// `add-user` without a name.
        case addUserNeedsName
        /// `add-user` with more than one name.
        case addUserTakesOneName
        /// `import-profiles` without a file.
        case importNeedsFile
        /// `import-profiles` with more than one file.
        case importTakesOneFile
    }

    /// What an option's value chooses.
    enum Choice: Equatable {
        case pattern, language, serverState, method
    }

    /// What is wrong.
    var problem: Problem

    init(_ problem: Problem) {
        self.problem = problem
    }

    /// The problem in English; see ``description(in:)``.
    var description: String { description(in: .english) }

    /// The problem, such as "unknown option '--acounts'", without a final full stop.
    func description(in language: Language) -> String {
        switch (problem, language) {
        case (.unknownOption(let name, nil), .english): "unknown option '\(name)'"
        case (.unknownOption(let name, nil), .chinese): "未知选项 '\(name)'"
        case (.unknownOption(let name, let command?), .english): "unknown option '\(name)' for \(command)"
        case (.unknownOption(let name, let command?), .chinese): "\(command) 没有选项 '\(name)'"
        case (.unexpectedArgument(let text), .english): "unexpected argument '\(text)'"
        case (.unexpectedArgument(let text), .chinese): "多余的参数 '\(text)'"
        case (.givenTwice(let name), .english): "\(name) is given twice"
        case (.givenTwice(let name), .chinese): "\(name) 给了两次"
        case (.needsValue(let name, true), .english):
            "\(name) needs a value (for one that starts with '-', write \(name)=VALUE)"
        case (.needsValue(let name, true), .chinese): "\(name) 需要一个值（以 '-' 开头的值请写成 \(name)=VALUE）"
        case (.needsValue(let name, false), .english): "\(name) needs a value"
        case (.needsValue(let name, false), .chinese): "\(name) 需要一个值"
        case (.needsValueAfterEquals(let name), .english): "\(name) needs a value after '='"
        case (.needsValueAfterEquals(let name), .chinese): "\(name) 的 '=' 后面需要一个值"
        case (.takesNoValue(let name), .english): "\(name) takes no value"
        case (.takesNoValue(let name), .chinese): "\(name) 不带值"
        case (.unknownChoice(let choice, let value, let option, let known), .english):
            "unknown \(choice.name(in: language)) '\(value)' for \(option); use one of \(known.joined(separator: ", "))"
        case (.unknownChoice(let choice, let value, let option, let known), .chinese):
            "\(option) 的\(choice.name(in: language)) '\(value)' 无效；请使用以下之一：\(known.joined(separator: ", "))"
        case (.twoAccountSources, .english): "--accounts and --pam are two account sources; give one"
        case (.twoAccountSources, .chinese): "--accounts 和 --pam 是两个账户来源；只能给一个"
        case (.invalidTimeout(let text, let maximum), .english):
            "--timeout takes seconds, such as 60, 0.5 or 0 (no timeout), up to \(maximum); not '\(text)'"
        case (.invalidTimeout(let text, let maximum), .chinese):
            "--timeout 需要秒数，例如 60、0.5 或 0（不限时），最多 \(maximum)；而不是 '\(text)'"
        case (.invalidCount(let text, let option, let maximum), .english):
            "\(option) takes a whole number from 0 to \(maximum); not '\(text)'"
        case (.invalidCount(let text, let option, let maximum), .chinese):
            "\(option) 需要 0 到 \(maximum) 之间的整数；而不是 '\(text)'"
        case (.failureCountNeedsAccounts, .english):
            "--deny and --unlock-time count the failed sign-ins of an account file (--accounts); for --pam, "
                + "set pam_faillock's deny and unlock_time in the PAM service"
        case (.failureCountNeedsAccounts, .chinese):
            "--deny 和 --unlock-time 统计的是账户文件（--accounts）的登录失败次数；使用 --pam 时，"
                + "请在 PAM 服务中设置 pam_faillock 的 deny 和 unlock_time"
        case (.passwordFromStandardInputNeedsUsername, .english): "--password-stdin needs --username NAME"
        case (.passwordFromStandardInputNeedsUsername, .chinese): "--password-stdin 需要 --username NAME"
        case (.usernameNeedsPasswordFromStandardInput, .english):
            "--username needs --password-stdin (the password is read from standard input)"
        case (.usernameNeedsPasswordFromStandardInput, .chinese): "--username 需要 --password-stdin（密码从标准输入读取）"
        case (.needsAccounts(let command), .english): "\(command) needs --accounts FILE"
        case (.needsAccounts(let command), .chinese): "\(command) 需要 --accounts FILE"
        case (.signupAsksAtTheTerminal, .english):
            "signup asks at the terminal; --username and --password-stdin are for signing in"
        case (.signupAsksAtTheTerminal, .chinese): "signup 在终端中询问；--username 和 --password-stdin 用于登录"
        case (.signupTakesNoOtherCommand, .english): "signup takes no other command"
        case (.signupTakesNoOtherCommand, .chinese): "signup 后面不能再跟其他命令"
        case (.addUserNeedsName, .english): "add-user needs the account NAME"
        case (.addUserNeedsName, .chinese): "add-user 需要账户名 NAME"
        case (.addUserTakesOneName, .english): "add-user takes one NAME"
        case (.addUserTakesOneName, .chinese): "add-user 只接受一个 NAME"
        case (.importNeedsFile, .english): "import-profiles needs the JSON FILE to import"
        case (.importNeedsFile, .chinese): "import-profiles 需要要导入的 JSON 文件"
        case (.importTakesOneFile, .english): "import-profiles takes one FILE"
        case (.importTakesOneFile, .chinese): "import-profiles 只接受一个文件"
        }
    }
}

extension UsageError.Choice {
    /// What the choice is called, as in "unknown pattern".
    fileprivate func name(in language: Language) -> String {
        switch (self, language) {
        case (.pattern, .english): "pattern"
        case (.pattern, .chinese): "模式"
        case (.language, .english): "language"
        case (.language, .chinese): "语言"
        case (.serverState, .english): "server state"
        case (.serverState, .chinese): "服务器状态"
        case (.method, .english): "method"
        case (.method, .chinese): "哈希方法"
        }
    }
}
