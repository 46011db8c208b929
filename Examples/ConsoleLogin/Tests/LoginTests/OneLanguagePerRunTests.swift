import ConsoleView
import Foundation
import LoginFeature
import TestSupport
import XCTest

@testable import login

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One language per run: every command and branch of `login` (its sessions, screens, refusals, helps, usage
/// errors, `add-user`, `signup`, `import-profiles`), run once in English and once in Chinese, chosen by the
/// locale as a user's shell sets it. An English run prints no Chinese character, a Chinese run no Latin word but
/// identifiers (``ScriptCheck``), beyond what the user typed or gave and text from the system or a library.
@MainActor
final class OneLanguagePerRunTests: GuardedTestCase {
    /// One run of `login`: its arguments (`{Folder}` is a fresh folder, `{Fixtures}` the fixtures), what is typed
    /// and on standard input, the outside world, the text from outside the program it may show as it came, and
    /// a piece of what it shows in English, which proves the run reached its branch.
    private struct Run {
        var arguments: [String]
        var typing: [ScriptedTerminal.Keystrokes] = []
        var standardInput: [UInt8] = []
        var hasTerminal = true
        var hasCrypt = true
        var pam: (any Authenticator)?
        /// Whether standard input is a terminal (`--password-stdin` refuses one).
        var standardInputIsTerminal = false
        /// What reading standard input gives instead of ``standardInput``.
        var standardInputFailure: StandardInputContents?
        /// The errors the standard streams report at the end of the run.
        var streamErrors: [StreamError] = []
        /// Environment variables left out for not being UTF-8.
        var variablesNotUTF8: [String] = []
        /// A file of the folder whose lock another program holds during the run (`{Folder}/NAME`).
        var heldLock: String?
        var external: [String] = []
        var prepare: (URL) throws -> Void = { _ in }
        var shows: String
    }

    private static let demo: [ScriptedTerminal.Keystrokes] = [.line("dimsky"), .line("balabala")]

    /// The demo shop's data that is Latin in its Chinese names too, shown as the order database has it.
    private static let productData = ["USB-C", "2kg"]

    private var runs: [String: Run] {
        let accounts = "{Folder}/team.accounts"
        let interop = Paths.fixtures.appendingPathComponent("accounts/interop/tool-made.accounts")
        let copyAccounts = { (mode: Int) in
            { (folder: URL) in
                let copy = folder.appendingPathComponent("team.accounts")
                try FileManager.default.copyItem(at: interop, to: copy)
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: copy.path)
            }
        }
        // The tool-made accounts with a failure tally beside them (the harness's clock is 1767225600).
        let tallied = { (tally: String) in
            { (folder: URL) in
                try copyAccounts(0o600)(folder)
                let path = folder.appendingPathComponent("team.accounts.faillock").path
                try tally.write(toFile: path, atomically: false, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            }
        }
        let sha512 = ["--accounts", accounts, "--username", "openssl.sha512crypt", "--password-stdin"]
        let script = ["--username", "dimsky", "--password-stdin"]
        let adding = ["add-user", "--accounts", accounts]
        let importing = ["import-profiles", "--profiles", "{Folder}/p.sqlite"]
        return [
            "every command and refusal of the login form, the home screen, logout": Run(
                arguments: [],
                typing: [
                    .line(":help"), .line(":what"), .line("dim"), .line("dim sky"), .line("dim@"), .line("dimsky"),
                    .line(":back"), .line(":next"), .line("bala\u{1B}"), .line(String(repeating: "é", count: 37)),
                    .bytes([0x62, 0xFF]), .line(String(repeating: "a", count: 2_000)), .line("wrong-password"),
                ] + Self.demo + [
                    .line("2"), .line(" 3 "), .line("7"), .line("help"), .line("retry"), .line("balance"), .line(""),
                    .line("logout"), .line("dimsky"), .line(":quit"),
                ],
                shows: "Signed out."),
            "three failures": Run(
                arguments: [],
                typing: [
                    .line("dimsky"), .line("wrong-1"), .line("dimsky"), .line("wrong-2"), .line("nobody.here"),
                    .line("wrong-3"),
                ],
                shows: "No attempts left."),
            "a corrupt local store, a server that is down, retry": Run(
                arguments: ["--profiles", "{Fixtures}/profiles/corrupt.sqlite", "--remote", "down"],
                typing: Self.demo + [.line("retry"), .line("1"), .line("quit")],
                external: ["file is not a database"], shows: "Type retry to load again"),
            "the orders screen: every command and refusal, details, cancels, searches, back": Run(
                arguments: [],
                typing: Self.demo + [
                    .line("1"), .line("more"), .line("refresh"), .line("1"), .line("cancel 1"), .line("cancel 6"),
                    .line("cancel"), .line("cancel 99"), .line("99"), .line("retry"), .line("search tea"),
                    .line("more"), .line("search zzz"), .line("search"), .line("help"), .line("what"), .line("back"),
                    .line("quit"),
                ],
                external: Self.productData + ["tea", "zzz"],  // the searches' text, as typed after `search`
                shows: "Order PM202506180095 is cancelled."),
            "the orders screen without orders": Run(
                arguments: ["--profiles", ":memory:"],
                typing: Self.demo + [.line("1"), .line("more"), .line("quit")], shows: "You have no orders yet."),
            "the orders screen of a flaky server: a failed list and a failed cancel, retried": Run(
                arguments: ["--remote", "flaky"],
                typing: Self.demo + [
                    .line("1"), .line("more"), .line("retry"), .line("cancel 2"), .line("cancel 2"), .line("quit"),
                ],
                external: Self.productData, shows: "The orders could not be loaded."),
            "a flaky server, retry": Run(
                arguments: ["--profiles", ":memory:", "--remote", "flaky"],
                typing: Self.demo + [.line("retry"), .line("quit")], shows: "Red packets: 3"),
            "sign-up: every field's refusal, a taken email, the new account's home screen, logout, sign-in": Run(
                arguments: ["signup", "--accounts", accounts],
                typing: [
                    .line(":help"), .line(""), .line("dimsky"), .line("#abc@example.com"), .line("taken@example.com"),
                    .line("bala"),
                    .line("balabala"), .line("balabalb"), .line("balabala"), .line("no"), .line("yes"),
                    .line("new@example.com"), .line("balabala"), .line("balabala"), .line("yes"), .line("logout"),
                    .line("new@example.com"), .line("balabala"), .line("quit"),
                ],
                prepare: { folder in
                    try FileManager.default.copyItem(
                        at: Paths.fixtures.appendingPathComponent("accounts/signup.accounts"),
                        to: folder.appendingPathComponent("team.accounts"))
                },
                shows: "No profile for new@example.com yet."),
            "sign-up that cannot write": Run(
                arguments: ["signup", "--accounts", "{Folder}/missing/team.accounts"],
                typing: [.line("new@example.com"), .line("balabala"), .line("balabala"), .line("yes"), .line(":quit")],
                external: ["No such file or directory"], shows: "! Sign-up failed: "),
            "sign-up without a terminal": Run(
                arguments: ["signup", "--accounts", accounts], hasTerminal: false, shows: "Sign up at a terminal."),
            "sign-up with a malformed file": Run(
                arguments: ["signup", "--accounts", "{Fixtures}/accounts/malformed.accounts"], shows: "line 4"),
            "PAM's notices": Run(
                arguments: ["--pam"], typing: [.line("bo\u{200B}b"), .line("bob"), .line("builder"), .line("quit")],
                pam: FakeSystemAccounts(), external: FakeSystemAccounts.messages.map(\.text), shows: "! Notice: "),
            "PAM refuses the account": Run(
                arguments: ["--pam=system-auth"], typing: [.line("retired"), .line("x")], pam: FakeSystemAccounts(),
                external: ["Your account has expired; please contact your administrator."],
                shows: "! Sign-in refused: "),
            "no PAM in this build": Run(arguments: ["--pam"], shows: "--pam needs Linux-PAM"),
            "no such PAM service": Run(arguments: ["--pam=../shadow"], shows: "is not a PAM service name"),
            "no libxcrypt in this build": Run(
                arguments: ["--accounts", accounts], hasCrypt: false, shows: "account files need libxcrypt"),
            "a missing account file": Run(arguments: ["--accounts", "{Folder}/none.accounts"], shows: "no such file"),
            "a malformed account file": Run(
                arguments: ["--accounts", "{Fixtures}/accounts/malformed.accounts"], shows: "found no ':'"),
            "entries that cannot sign in and weak hashes": Run(
                arguments: ["--accounts", "{Fixtures}/accounts/unusable-entries.accounts"], typing: [.line(":quit")],
                shows: "which is not accepted; this entry cannot sign in"),
            "a prompt that times out": Run(arguments: [], typing: [.timeout], shows: "timed out after 60 seconds"),
            "a sign-up prompt that times out": Run(
                arguments: ["signup", "--accounts", accounts, "--timeout", "0.5"], typing: [.timeout],
                shows: "timed out after 0.5 seconds"),
            "an add-user prompt that times out": Run(
                arguments: adding + ["team.lead"], typing: [.timeout], shows: "timed out after 60 seconds"),
            "a name the failure tally locks": Run(
                arguments: sha512, standardInput: Array("anything\n".utf8),
                prepare: tallied("openssl.sha512crypt:3:1767225600\n"), shows: "it is locked for 10 more minutes"),
            "a name the failure tally locks until it is reset": Run(
                arguments: sha512 + ["--unlock-time", "0"], standardInput: Array("anything\n".utf8),
                prepare: tallied("openssl.sha512crypt:3:1767225600\n"), shows: "until an administrator unlocks it"),
            "a malformed failure tally": Run(
                arguments: sha512, standardInput: Array("anything\n".utf8), prepare: tallied("garbage\n"),
                shows: "expected name:failures:time"),
            "--password-stdin at a terminal": Run(
                arguments: script, standardInputIsTerminal: true, shows: "which is a terminal"),
            "--password-stdin with standard input closed": Run(
                arguments: script,
                standardInputFailure: .unreadable(StreamError(.standardInput, reason: .closedAtStart)),
                shows: "it was closed when the program started"),
            "--password-stdin with standard input unreadable": Run(
                arguments: script,
                standardInputFailure: .unreadable(StreamError(.standardInput, reason: .system("Is a directory"))),
                external: ["Is a directory"], shows: "cannot read the password from standard input"),
            "--password-stdin that never ends": Run(
                arguments: script, standardInputFailure: .timedOut, shows: "--password-stdin: timed out"),
            "standard streams that could not be read or written": Run(
                arguments: ["--help"],
                streamErrors: [
                    StreamError(.standardOutput, reason: .system("No space left on device")),
                    StreamError(.standardError, reason: .closedAtStart),
                    StreamError(.standardInput, reason: .system("Input/output error")),
                ],
                external: ["No space left on device", "Input/output error"], shows: "cannot write to standard output"),
            "a HOME that is not UTF-8": Run(
                arguments: ["--help"], variablesNotUTF8: ["HOME"], shows: "warning: HOME is not UTF-8 text"),
            "add-user with another entry's name in other letter case": Run(
                arguments: adding + ["--password-stdin", "OpenSSL.SHA512crypt"],
                standardInput: Array("balabala\n".utf8),
                prepare: copyAccounts(0o600), shows: "the name was refused"),
            "add-user while another program holds the lock": Run(
                arguments: adding + ["--password-stdin", "team.lead"], standardInput: Array("balabala\n".utf8),
                heldLock: "team.accounts.lock", shows: "was still locked by another program"),
            "an account file without accounts": Run(
                arguments: ["--accounts", accounts],
                prepare: { try Data().write(to: $0.appendingPathComponent("team.accounts")) },
                shows: "has no accounts"),
            "an account file others can read": Run(
                arguments: ["--accounts", accounts], typing: [.line(":quit")], prepare: copyAccounts(0o644),
                shows: "login: warning: "),
            "an account file others can write": Run(
                arguments: ["--accounts", accounts], prepare: copyAccounts(0o666), shows: "is writable by group"),
            "an account file behind a symbolic link": Run(
                arguments: ["--accounts", "{Folder}/link.accounts"],
                prepare: { folder in
                    try FileManager.default.createSymbolicLink(
                        atPath: folder.appendingPathComponent("link.accounts").path, withDestinationPath: interop.path)
                },
                shows: "is a symbolic link"),
            "no terminal": Run(arguments: [], hasTerminal: false, shows: "there is no terminal"),
            "a script signs in": Run(arguments: script, standardInput: Array("balabala\n".utf8), shows: "Welcome"),
            "a script with a wrong password": Run(
                arguments: script, standardInput: Array("wrong-password\n".utf8), shows: "! Sign-in failed: "),
            "a script with an invalid name": Run(
                arguments: ["--username", "dim", "--password-stdin"], standardInput: Array("balabala\n".utf8),
                shows: "✗ Username \"dim\""),
            "a script's password too long": Run(
                arguments: script, standardInput: Array(repeating: 0x61, count: 2_000), shows: "longer than 1024"),
            "a script's password not UTF-8": Run(
                arguments: script, standardInput: [0x62, 0xFF], shows: "is not UTF-8 text"),
            "--profiles naming a JSON file": Run(arguments: ["--profiles", "p.json"], shows: "import-profiles"),
            "--trace": Run(
                arguments: ["--trace", "--pattern", "mvc-variant"], typing: Self.demo + [.line("quit")],
                shows: "┊ MVC variant: Widgets"),
            "add-user adds, at the terminal": Run(
                arguments: adding + ["team.lead"], typing: [.line("new secret"), .line("new secret")],
                shows: "Added \"team.lead\""),
            "add-user replaces": Run(
                arguments: adding + ["--password-stdin", "htpasswd.bcrypt"], standardInput: Array("balabala\n".utf8),
                prepare: copyAccounts(0o600), shows: "Replaced the password"),
            "add-user with passwords that differ": Run(
                arguments: adding + ["team.lead"], typing: [.line("new secret"), .line("other secret")],
                shows: "the passwords do not match"),
            "add-user cancelled": Run(arguments: adding + ["team.lead"], shows: "New password for team.lead: "),
            "add-user refuses a line": Run(
                arguments: adding + ["team.lead"], typing: [.bytes([0xFF])], shows: "nothing of it was used"),
            "add-user without a terminal": Run(
                arguments: adding + ["team.lead"], hasTerminal: false, shows: "use --password-stdin"),
            "add-user with a name no file can hold": Run(arguments: adding + ["team:lead"], shows: "contains ':'"),
            "add-user with a name that could never sign in": Run(
                arguments: adding + ["dim"], shows: "could never sign in"),
            "add-user with a password the rules refuse": Run(
                arguments: adding + ["--password-stdin", "team.lead"], standardInput: Array("bala\n".utf8),
                shows: "the password cannot be used"),
            "add-user with a malformed file": Run(
                arguments: ["add-user", "--accounts", "{Fixtures}/accounts/malformed.accounts", "team.lead"],
                shows: "found no ':'"),
            "import-profiles imports": Run(
                arguments: importing + ["{Fixtures}/profiles/profiles.json"], shows: "Imported 2 profiles"),
            "import-profiles with a missing file": Run(
                arguments: ["import-profiles", "{Folder}/none.json"], shows: "does not exist"),
            "import-profiles with a file that is not JSON": Run(
                arguments: importing + ["{Fixtures}/profiles/corrupt.json"], shows: "not JSON"),
            "import-profiles with a value of the wrong type": Run(
                arguments: importing + ["{Fixtures}/profiles/wrong-shape.json"], shows: "wrong type at"),
            "import-profiles without a database": Run(
                arguments: ["import-profiles", "{Fixtures}/profiles/profiles.json"],
                shows: "there is no default profile database"),
            "login --help": Run(arguments: ["--help"], shows: "EXIT STATUS"),
            "login add-user --help": Run(arguments: ["add-user", "--help"], shows: "USAGE: login add-user"),
            "login signup --help": Run(arguments: ["signup", "--help"], shows: "USAGE: login signup"),
            "login import-profiles --help": Run(arguments: ["import-profiles", "-h"], shows: "USAGE: login import"),
        ]
    }

    /// Arguments every usage error is made of, each refused with its own message.
    private static let usageErrors: [[String]] = [
        ["--acounts", "a"], ["dimsky"], ["--accounts"], ["--accounts="], ["--accounts", "a", "--accounts", "b"],
        ["--pattern", "mvvc"], ["--remote", "often"], ["--method=md5crypt"], ["--trace=yes"], ["--pam="],
        ["--accounts", "a", "--pam"], ["--password-stdin"], ["--username", "dimsky"], ["signup"],
        ["signup", "--accounts", "a", "--username", "dimsky", "--password-stdin"], ["add-user", "dimsky"],
        ["add-user", "--accounts", "a"], ["add-user", "--accounts", "a", "one", "two"],
        ["add-user", "--accounts", "a", "--trace", "dimsky"], ["add-user", "--accounts", "a", "--method", "md5", "n"],
        ["import-profiles"], ["import-profiles", "a.json", "b.json"], ["import-profiles", "--pam", "a.json"],
        ["--timeout", "soon"], ["--accounts", "a", "--deny", "many"], ["--unlock-time", "60"],
        ["add-user", "--accounts", "a", "--timeout=-1", "n"],
    ]

    func testEveryBranchIsInOneLanguage() async throws {
        var all = runs
        for arguments in Self.usageErrors {
            all["usage error \(arguments)"] = Run(arguments: arguments, shows: "See 'login --help'.")
        }
        for (name, run) in all.sorted(by: { $0.key < $1.key }) {
            for (language, locale) in [(Language.english, "en_US.UTF-8"), (.chinese, "zh_CN.UTF-8")] {
                let (output, given) = try await self.output(of: run, locale: locale)
                let context = "\(name), LANG=\(locale)"
                XCTAssertFalse(output.isEmpty, "\(context): printed nothing")
                switch language {
                case .english:
                    XCTAssertTrue(output.contains(run.shows), "\(context): does not show \"\(run.shows)\"\n\(output)")
                    let lines = ScriptCheck.chineseLines(in: output, given: given)
                    XCTAssertEqual(lines, [], "\(context): Chinese in an English run\n\(output)")
                case .chinese:
                    let words = ScriptCheck.englishWords(in: output, given: given)
                    XCTAssertEqual(words, [], "\(context): English in a Chinese run\n\(output)")
                }
            }
        }
    }

    /// The checks themselves find what they are for: a Chinese line in an English run, an English word in a
    /// Chinese one, and not what the user typed.
    func testTheChecksFindTheOtherLanguage() async {
        XCTAssertEqual(ScriptCheck.chineseLines(in: "Balance: 100元\nok", given: []), ["Balance: 100元"])
        XCTAssertEqual(ScriptCheck.chineseLines(in: "  ✓ Username \"张三\"", given: ["张三"]), [])
        XCTAssertEqual(ScriptCheck.chineseLines(in: "登录：可用", given: []), ["登录：可用"])
        XCTAssertEqual(
            ScriptCheck.englishWords(in: "  ✗ 用户名 \"dim\"：Must be at least 6 characters.", given: ["dim"]),
            ["Must in:   ✗ 用户名 \" \"：Must be at least 6 characters."]
                + ["be", "at", "least", "characters"].map { "\($0) in:   ✗ 用户名 \" \"：Must be at least 6 characters." })
        XCTAssertEqual(ScriptCheck.englishWords(in: "红包: 3 red packets", given: []).count, 2)
        XCTAssertEqual(
            ScriptCheck.englishWords(in: "输入 :help 或 --help；login 的 'FILE' 在 /tmp/a.accounts", given: []), [])
        XCTAssertEqual(ScriptCheck.englishWords(in: "  ┊ View → Presenter  usernameDidEnter(\"dim\")", given: []), [])
        XCTAssertEqual(ScriptCheck.englishWords(in: "订单 PM202506180095 已取消。", given: []), [], "an order number")
        XCTAssertEqual(ScriptCheck.englishWords(in: "订单 PM2025 已取消。", given: []), ["PM2025 in: 订单 PM2025 已取消。"])
    }

    /// Runs `login` with the locale set as a shell sets it.
    ///
    /// - Returns: Standard output and error, and every text the run was given (typed, arguments, standard input,
    ///   paths, the system's and libraries' text), as given and as the console shows it (sanitised).
    private func output(of run: Run, locale: String) async throws -> (String, [String]) {
        let folder = try Paths.temporaryFolder(for: self)
        try run.prepare(folder)
        let arguments = run.arguments.map {
            $0.replacingOccurrences(of: "{Folder}", with: folder.path)
                .replacingOccurrences(of: "{Fixtures}", with: Paths.fixtures.path)
        }
        let harness = ProgramHarness(typing: run.typing)
        harness.variables = ["LANG": locale]
        harness.standardInput = run.standardInput
        harness.hasTerminal = run.hasTerminal
        harness.hasCrypt = run.hasCrypt
        harness.pam = run.pam
        harness.standardInputIsTerminal = run.standardInputIsTerminal
        harness.standardInputFailure = run.standardInputFailure
        harness.streamErrors = run.streamErrors
        harness.variablesNotUTF8 = run.variablesNotUTF8
        var holder: Int32 = -1
        if let heldLock = run.heldLock {
            holder = open(folder.appendingPathComponent(heldLock).path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            XCTAssertEqual(flock(holder, LOCK_EX), 0, "the lock is held")
        }
        defer { if holder >= 0 { close(holder) } }
        _ = try await harness.run(arguments)
        let typed = run.typing.map { keystrokes in
            switch keystrokes {
            case .bytes(let bytes), .unfinishedBytes(let bytes): String(decoding: bytes, as: UTF8.self)
            case .endOfInput, .timeout: ""
            }
        }
        let values = arguments.compactMap { $0.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) }
        let input = String(decoding: run.standardInput, as: UTF8.self)
        let given = typed + arguments + values + [input, folder.path, Paths.fixtures.path] + run.external
        return (harness.output + harness.errorOutput, given + given.map(ConsoleText.sanitized))
    }
}
