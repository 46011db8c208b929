internal import ConsoleView
internal import LoginFeature

/// The words of `login`'s guards (issue 21) in each ``Language``: the prompt timeout, the account file's lock and
/// failure tally, reading the password from standard input, arguments that are not UTF-8, and the hash problems of
/// an account file. Messages for standard error come without the `login: ` prefix, which ``LoginProgram`` adds.
struct LoginSafetyWords {
    let language: Language

    /// No answer came within `--timeout`.
    func timedOut(after timeout: Duration) -> String {
        let seconds = Self.seconds(timeout)
        return switch language {
        case .chinese: "等待输入超时（\(seconds) 秒），已退出；没有做任何更改。"
        case .english: "timed out after \(seconds) \(Self.secondUnit(seconds)) with no answer; nothing was changed."
        }
    }

    /// A sign-in's check did not answer within `--timeout` (``SignInDeadline``): the system gave it no thread or no
    /// memory, or the account service took too long. `login` ends there, with exit status 1.
    func signInStalled(after timeout: Duration) -> String {
        let seconds = Self.seconds(timeout)
        return switch language {
        case .chinese: "登录在 \(seconds) 秒内没有完成（系统没有给它线程或内存，或账户服务太慢），已结束。"
        case .english:
            "the sign-in did not finish within \(seconds) \(Self.secondUnit(seconds)) (the system gave it no "
                + "thread or no memory, or the account service was too slow), so it was ended."
        }
    }

    /// Another writer holds the account file's lock: said once, while waiting for it.
    func waitingForLock(_ lockPath: String, timeout: Duration) -> String {
        let seconds = Self.seconds(timeout)
        return switch language {
        case .chinese: "正在等待 \(lockPath)：另一个程序正在修改账户文件（最多等待 \(seconds) 秒）…"
        case .english:
            "waiting for \(lockPath): another program is changing the account file (for at most \(seconds) \(Self.secondUnit(seconds)))…"
        }
    }

    /// Core files could not be turned off (``POSIXFiles/forbidCoreFiles()``): `login` stops before reading any
    /// secret, as OpenSSH does when it cannot make itself undumpable.
    func coreFilesNotForbidden(_ reason: String) -> String {
        switch language {
        case .chinese: "无法阻止核心转储文件记录密码（\(reason)）；为免泄露，不读取任何密码即退出。"
        case .english:
            "cannot keep passwords out of core files (\(reason)); stopping before any is read, so none can leak."
        }
    }

    /// A limit of the process too low for a sign-in (``ResourceLimits``): what it is, what a sign-in needs, and
    /// how to raise it. `login` stops there, with exit status 2, before anything is asked.
    ///
    /// - Parameters:
    ///   - shortfall: The limit.
    ///   - accountsPath: The account file whose hashes need the memory, for a shortfall found once it was read.
    func resourcesShort(_ shortfall: ResourceLimits.Shortfall, accountsPath: String? = nil) -> String {
        switch (shortfall, language) {
        case (.openFiles(let limit, let open, let needed), .english):
            "the open-file limit (ulimit -n) is \(limit), and a sign-in needs \(needed): \(ResourceLimits.signInFiles) "
                + "more than the \(open) open now. Raise it (ulimit -n 1024) and run login again."
        case (.openFiles(let limit, let open, let needed), .chinese):
            "打开文件数上限（ulimit -n）为 \(limit)，而登录需要 \(needed)：比当前已打开的 \(open) 个多 "
                + "\(ResourceLimits.signInFiles) 个。请提高上限（ulimit -n 1024）后再运行 login。"
        case (.addressSpace(let limit, let mapped, let needed, let hashMemory), .english):
            "the address-space limit (ulimit -v) is \(Self.mebibytes(limit)) MiB, and a sign-in"
                + (accountsPath.map { " against \($0)" } ?? "") + " needs \(Self.mebibytes(needed)) MiB: "
                + "\(Self.mebibytes(needed - mapped)) MiB more than the \(Self.mebibytes(mapped)) MiB mapped now"
                + (hashMemory.map { ", as its costliest yescrypt hashes take \(Self.mebibytes($0)) MiB each" } ?? "")
                + ". Raise it (ulimit -v unlimited) and run login again."
        case (.addressSpace(let limit, let mapped, let needed, let hashMemory), .chinese):
            "地址空间上限（ulimit -v）为 \(Self.mebibytes(limit)) MiB，而"
                + (accountsPath.map { "针对 \($0) 的" } ?? "") + "登录需要 \(Self.mebibytes(needed)) MiB："
                + "比当前已映射的 \(Self.mebibytes(mapped)) MiB 多 \(Self.mebibytes(needed - mapped)) MiB"
                + (hashMemory.map { "，因为其中成本最高的 yescrypt 哈希每次检查需要 \(Self.mebibytes($0)) MiB" } ?? "")
                + "。请提高上限（ulimit -v unlimited）后再运行 login。"
        case (.threads(let reason), .english):
            "cannot start a thread (\(reason)), and a sign-in needs them. Raise the process limit (ulimit -u) or "
                + "free memory, and run login again."
        case (.threads(let reason), .chinese):
            "无法启动线程（\(reason)），而登录需要线程。请提高进程数上限（ulimit -u）或释放内存后再运行 login。"
        }
    }

    /// Bytes in whole mebibytes, rounded up.
    private static func mebibytes(_ bytes: Int) -> Int {
        bytes / (1 << 20) + (bytes % (1 << 20) == 0 ? 0 : 1)
    }

    /// Why a sign-in was unavailable: the failure tally could not count its name (one an account file can hold but
    /// the tally cannot, such as one longer than the login form's 254 bytes), so its password was not checked.
    func notCounted(_ name: String) -> String {
        switch language {
        case .chinese: "失败计数无法记录名称 \"\(name)\"，因此没有检查它的密码，登录不可用"
        case .english:
            "the failure tally cannot count the name \"\(name)\", so its password was not checked and the sign-in "
                + "is unavailable"
        }
    }

    /// The reason shown when the failure tally locks a name: "Sign-in refused: …".
    func lockedByTally(secondsLeft: Int) -> String {
        if secondsLeft == .max {
            return switch language {
            case .chinese: "该用户名登录失败次数过多，已被锁定，需由管理员解除。"
            case .english: "Too many failed sign-ins for this name: it is locked until an administrator unlocks it."
            }
        }
        let minutes = (secondsLeft + 59) / 60
        return switch language {
        case .chinese: "该用户名登录失败次数过多，已被锁定，请在 \(minutes) 分钟后再试。"
        case .english:
            "Too many failed sign-ins for this name: it is locked for \(minutes) more minute\(minutes == 1 ? "" : "s")."
        }
    }

    /// `--password-stdin` with standard input at a terminal, where the password would be echoed.
    var passwordStandardInputIsTerminal: String {
        switch language {
        case .chinese: "--password-stdin 从标准输入读取密码，而标准输入是终端，输入的密码会显示出来。请用管道传入密码，或去掉 --password-stdin 以隐藏输入。"
        case .english:
            "--password-stdin reads the password from standard input, which is a terminal, where it would be "
                + "echoed; pipe it in, or leave out --password-stdin to be asked with echo off."
        }
    }

    /// Standard input could not be read for `--password-stdin`: the error, never an empty password.
    func passwordUnreadable(_ error: StreamError) -> String {
        switch language {
        case .chinese: "无法从标准输入读取密码：\(error.reason(in: .chinese))。"
        case .english: "cannot read the password from standard input: \(error.reason(in: .english))."
        }
    }

    /// An argument is not UTF-8, so it cannot be used as the file or name it stands for.
    func argumentNotUTF8(position: Int, shown: String) -> String {
        switch language {
        case .chinese: "第 \(position) 个参数（\(shown)）不是 UTF-8 文本：login 只接受 UTF-8 的文件名和账户名，否则会用到另一个文件。请改用 UTF-8 名称。"
        case .english:
            "argument \(position) (\(shown)) is not UTF-8 text: login takes file and account names in UTF-8 only, "
                + "and would otherwise use another file; rename it."
        }
    }

    /// Entries of an account file that cannot sign in, or whose hash is weak, were reported; this many more were
    /// not, to keep the report short.
    func moreProblems(_ count: Int) -> String {
        switch language {
        case .chinese: "……另有 \(count) 个条目有同样的问题。"
        case .english: "… and \(count) more entr\(count == 1 ? "y" : "ies") like these."
        }
    }

    /// A variable a path is made from (`HOME`, `XDG_DATA_HOME`) is not UTF-8, so it was left out.
    func variableNotUTF8(_ name: String) -> String {
        switch language {
        case .chinese: "\(name) 不是 UTF-8 文本，不能用来指定资料数据库的文件夹；资料只保存在内存中（可用 --profiles 指定文件）。"
        case .english:
            "\(name) is not UTF-8 text, so it cannot name the profile database's folder; the profiles stay in memory "
                + "(name a file with --profiles)."
        }
    }

    /// `--password-stdin`'s input did not end within `--timeout`.
    func passwordInputTimedOut(after timeout: Duration) -> String {
        switch language {
        case .chinese: "--password-stdin：" + timedOut(after: timeout)
        case .english: "--password-stdin: " + timedOut(after: timeout)
        }
    }

    /// The prefix of a warning on standard error.
    var warning: String {
        switch language {
        case .chinese: "警告："
        case .english: "warning: "
        }
    }

    /// "second" after `1`, "seconds" after any other amount (`0`, `0.5`, `60`).
    static func secondUnit(_ seconds: String) -> String {
        seconds == "1" ? "second" : "seconds"
    }

    /// A duration in whole seconds, or with its fraction when it has one (`--timeout 0.5`): `60`, `0.5`, `0`.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds)" }
        let milliseconds = Int64(seconds) * 1000 + attoseconds / 1_000_000_000_000_000
        let fraction = String(milliseconds % 1000)
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        return "\(milliseconds / 1000)." + String(padded.reversed().drop { $0 == "0" }.reversed())
    }
}
