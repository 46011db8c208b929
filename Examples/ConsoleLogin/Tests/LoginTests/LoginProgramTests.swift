import ConsoleView
import Crypt
import Foundation
import Gallery
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

/// The composition root, run in memory: help and usage errors, scripts, account files, and what happens without
/// a terminal or without libxcrypt. Each failure has a message and its documented exit status.
@MainActor
final class LoginProgramTests: GuardedTestCase {
    private var folder: URL!

    override func setUp() async throws {
        folder = try Paths.temporaryFolder(for: self)
    }

    private func write(_ text: String, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A copy of the tool-made accounts: signing in writes the failure tally beside the file.
    private var toolMade: String {
        get throws { try Paths.fixtureCopy("accounts/interop/tool-made.accounts", for: self) }
    }

    // MARK: Help and usage

    func testHelpIsPrintedWithExitZero() async throws {
        let harness = ProgramHarness()
        let status = try await harness.run(["--help"])
        XCTAssertEqual(status, .success)
        XCTAssertEqual(harness.output, HelpText(language: .english).signIn)
        XCTAssertTrue(harness.output.contains("130  interrupted (Ctrl-C)"))

        let addUser = ProgramHarness()
        let addUserStatus = try await addUser.run(["add-user", "--help"])
        XCTAssertEqual(addUserStatus, .success)
        XCTAssertEqual(addUser.output, HelpText(language: .english).addUser)
    }

    func testAUsageErrorGoesToStandardErrorWithExitTwo() async throws {
        let harness = ProgramHarness()
        let status = try await harness.run(["--acounts", "x\u{1B}[2J"])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(harness.errorOutput, "login: unknown option '--acounts'\nSee 'login --help'.\n")
        XCTAssertEqual(harness.output, "")

        let stray = ProgramHarness()
        _ = try await stray.run(["\u{1B}[31mstray"])
        XCTAssertEqual(stray.errorOutput, "login: unexpected argument '^[[31mstray'\nSee 'login --help'.\n")
    }

    func testAnUnknownPatternIsAUsageErrorNamingThePatterns() async throws {
        let harness = ProgramHarness(typing: [.line("dimsky")])
        let status = try await harness.run(["--pattern", "mvvc"])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            harness.errorOutput,
            "login: unknown pattern 'mvvc' for --pattern; use one of mvc, mvc-variant, mvp, mvvm, mvvm-io, mvi, viper\n"
                + "See 'login --help'.\n")
        XCTAssertEqual(harness.terminal.events, [], "nothing printed, nothing read")
    }

    func testTheHelpListsEveryPattern() async throws {
        let harness = ProgramHarness()
        _ = try await harness.run(["--help"])
        for pattern in LoginPattern.allCases {
            XCTAssertTrue(harness.output.contains("  \(pattern.rawValue) "), pattern.rawValue)
            XCTAssertTrue(harness.output.contains(pattern.summary(in: .english)), pattern.rawValue)
        }
    }

    // MARK: Sessions

    func testWithoutATerminalAnInteractiveSessionIsRefusedBeforeAnyPrompt() async throws {
        let harness = ProgramHarness(typing: [.line("dimsky"), .line("balabala")])
        harness.hasTerminal = false
        let status = try await harness.run([])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            harness.errorOutput,
            "login: cannot ask for the password: there is no terminal.\n"
                + "In a script, use --username NAME --password-stdin.\n")
        XCTAssertEqual(harness.terminal.events, [], "nothing printed, nothing read")
    }

    func testAScriptSignsInWithoutPromptsOrBanner() async throws {
        let harness = ProgramHarness()
        harness.hasTerminal = false
        harness.standardInput = Array("balabala\n".utf8)
        let status = try await harness.run(["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(status, .success)
        XCTAssertEqual(
            harness.output,
            "  ✓ Username \"dimsky\"\n  ✓ Password\n  → Sign in: enabled\nSigning in…\nWelcome, dimsky!\n")
        XCTAssertEqual(harness.errorOutput, "")
    }

    func testAScriptSignsInWithAnyPatternAndShowsNoHomeScreen() async throws {
        for pattern in LoginPattern.allCases {
            let harness = ProgramHarness()
            harness.standardInput = Array("balabala\n".utf8)
            let status = try await harness.run([
                "--pattern", pattern.rawValue, "--username", "dimsky", "--password-stdin",
            ])
            XCTAssertEqual(status, .success, pattern.rawValue)
            XCTAssertTrue(
                harness.output.hasSuffix("Signing in…\nWelcome, dimsky!\n"), "\(pattern.rawValue): \(harness.output)")
        }
    }

    func testAScriptWithAWrongPasswordFailsOnceAfterTheDelay() async throws {
        let harness = ProgramHarness()
        harness.standardInput = Array("balabalA\n".utf8)
        let status = try await harness.run(["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(status, .notSignedIn)
        XCTAssertTrue(
            harness.output.hasSuffix(
                "Signing in…\n  · Password\n  → Sign in: disabled\n! Sign-in failed: Wrong username or password.\n"),
            "the password is forgotten after the attempt: \(harness.output)")
        XCTAssertEqual(harness.clock.requestedDelays, [.seconds(1)])
    }

    func testAScriptRemovesExactlyOneTrailingNewline() async throws {
        let cases: [(String, ExitCode)] = [
            ("balabala", .success),  // no newline at all
            ("balabala\n", .success),
            ("balabala\n\n", .notSignedIn),  // the second newline is part of the password: a control character
            ("balabala\r\n", .notSignedIn),
            (" balabala\n", .notSignedIn),  // spaces are kept
        ]
        for (input, expected) in cases {
            let harness = ProgramHarness()
            harness.standardInput = Array(input.utf8)
            let status = try await harness.run(["--username", "dimsky", "--password-stdin"])
            XCTAssertEqual(status, expected, input.debugDescription)
        }
    }

    func testAnInvalidScriptedUsernameShowsItsMessagesAndFailsWithoutShowingThePassword() async throws {
        let harness = ProgramHarness()
        harness.standardInput = Array("secret-word\n".utf8)
        let status = try await harness.run(["--username", "dim", "--password-stdin"])
        XCTAssertEqual(status, .notSignedIn)
        XCTAssertEqual(harness.output, "  ✗ Username \"dim\": Must be at least 6 characters.\n")
        XCTAssertFalse(harness.output.contains("secret-word"), "the password never reaches a visible field")
    }

    func testAScriptedPasswordIsTakenVerbatimEvenWithALeadingColon() async throws {
        let accounts = folder.appendingPathComponent("colon.accounts").path
        let adder = ProgramHarness()
        adder.standardInput = Array(":help me\n".utf8)
        let added = try await adder.run(["add-user", "--accounts", accounts, "--password-stdin", "colon.user"])
        XCTAssertEqual(added, .success, adder.errorOutput)

        let harness = ProgramHarness()
        harness.standardInput = Array(":help me\n".utf8)
        let status = try await harness.run(["--accounts", accounts, "--username", "colon.user", "--password-stdin"])
        XCTAssertEqual(status, .success, harness.output)
        XCTAssertFalse(harness.output.contains("Commands"), "not read as the :help command")
    }

    func testAPasswordOnStandardInputThatIsTooLongOrNotUTF8IsRefused() async throws {
        let cases: [([UInt8], String)] = [
            (
                Array(repeating: UInt8(ascii: "a"), count: 1_025) + [10],
                "login: the password on standard input is longer than 1024 bytes.\n"
            ),
            (
                Array(repeating: UInt8(ascii: "a"), count: 100_000),
                "login: the password on standard input is longer than 1024 bytes.\n"
            ),
            ([0x62, 0xFF, 0x0A], "login: the password on standard input is not UTF-8 text.\n"),
        ]
        for (input, message) in cases {
            let harness = ProgramHarness()
            harness.standardInput = input
            let status = try await harness.run(["--username", "dimsky", "--password-stdin"])
            XCTAssertEqual(status, .usage)
            XCTAssertEqual(harness.errorOutput, message)
            XCTAssertEqual(harness.output, "")
        }
        let atLimit = ProgramHarness()
        atLimit.standardInput = Array(repeating: UInt8(ascii: "a"), count: 1_024) + [10]
        let status = try await atLimit.run(["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(status, .notSignedIn, "1024 bytes are read whole (and fail the 72-byte rule)")
    }

    // MARK: Account files

    func testAnAccountFileFromStandardToolsSignsIn() async throws {
        for name in ["mkpasswd.yescrypt", "openssl.sha512crypt", "htpasswd.bcrypt", "mkpasswd.bcrypt"] {
            let harness = ProgramHarness()
            harness.standardInput = Array("correct horse battery staple\n".utf8)
            let status = try await harness.run(["--accounts", try toolMade, "--username", name, "--password-stdin"])
            XCTAssertEqual(status, .success, name)
            XCTAssertTrue(harness.output.hasSuffix("Welcome, \(name)!\n"), name)
        }
    }

    func testUnusableAccountFilesAreReportedWithExitTwo() async throws {
        let directory = folder.path
        let cases: [(String, String)] = [
            (folder.appendingPathComponent("missing").path, "login: \(directory)/missing: no such file\n"),
            (
                try write("# team\ndimsky:$6$a$b\nbob\n", to: "malformed"),
                "login: \(directory)/malformed: line 3: expected name:hash, found no ':'\n"
            ),
            (
                try write("# nobody yet\n", to: "empty"),
                "login: \(directory)/empty has no accounts; add one with 'login add-user --accounts \(directory)/empty NAME'.\n"
            ),
            (directory, "login: \(directory) is not a regular file\n"),
        ]
        for (path, message) in cases {
            let harness = ProgramHarness(typing: [.line("dimsky")])
            let status = try await harness.run(["--accounts", path])
            XCTAssertEqual(status, .usage, path)
            XCTAssertEqual(harness.errorOutput, message, path)
            XCTAssertEqual(harness.terminal.events, [], "no prompt for \(path)")
        }
    }

    func testWithoutLibxcryptAccountFilesAreRefusedAndTheDemoStillWorks() async throws {
        let refused = ProgramHarness()
        refused.hasCrypt = false
        let status = try await refused.run(["--accounts", try toolMade])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            refused.errorOutput,
            "login: account files need libxcrypt's crypt(3), which this platform does not have (it is used on Linux).\n"
        )

        let addUser = ProgramHarness()
        addUser.hasCrypt = false
        let addUserStatus = try await addUser.run([
            "add-user", "--accounts", folder.appendingPathComponent("a").path, "dimsky",
        ])
        XCTAssertEqual(addUserStatus, .usage)
        XCTAssertTrue(addUser.errorOutput.hasPrefix("login: account files need libxcrypt"))

        for (password, expected) in [("balabala", ExitCode.success), ("balabalA", .notSignedIn)] {
            let demo = ProgramHarness()
            demo.hasCrypt = false
            demo.standardInput = Array(password.utf8)
            let demoStatus = try await demo.run(["--username", "dimsky", "--password-stdin"])
            XCTAssertEqual(demoStatus, expected, "the demo account without libxcrypt, \(password)")
        }
    }

    func testWhenLibcryptCannotBeLoadedAccountFilesSayWhatToInstallAndTheDemoStillWorks() async throws {
        let missing = SystemLibraryError(
            library: .libxcrypt, reason: "libcrypt.so.1: cannot open shared object file: No such file or directory")
        for (language, expected) in [
            (
                "en",
                "login: account files need libxcrypt: libxcrypt could not be loaded (libcrypt.so.1: cannot open shared "
                    + "object file: No such file or directory); install it with `apt-get install libcrypt1` (Debian, "
                    + "Ubuntu).\n"
            ),
            (
                "zh",
                "login: 账户文件需要 libxcrypt：无法加载 libxcrypt（libcrypt.so.1: cannot open shared object file: No "
                    + "such file or directory）；请用 `apt-get install libcrypt1` 安装（Debian、Ubuntu）。\n"
            ),
        ] {
            for arguments in [
                ["--language", language, "--accounts", try toolMade],
                ["add-user", "--language", language, "--accounts", folder.appendingPathComponent("a").path, "bob"],
            ] {
                let refused = ProgramHarness()
                refused.hasCrypt = false
                refused.cryptError = .libraryMissing(missing)
                let status = try await refused.run(arguments)
                XCTAssertEqual(status, .usage, "\(language) \(arguments)")
                XCTAssertEqual(refused.errorOutput, expected, "\(language) \(arguments)")
                XCTAssertEqual(refused.terminal.events, [], "no prompt")
            }
        }
        let demo = ProgramHarness()
        demo.hasCrypt = false
        demo.cryptError = .libraryMissing(missing)
        demo.standardInput = Array("balabala".utf8)
        let status = try await demo.run(["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(status, .success, "the demo account signs in without libxcrypt")
    }

    func testWhenSQLiteCannotBeLoadedOnlyTheHomeScreenIsRefusedAndSaysWhatToInstall() async throws {
        let missing = SystemLibraryError(
            library: .sqlite, reason: "libsqlite3.so.0: cannot open shared object file: No such file or directory")
        let refused = ProgramHarness(typing: [.line("dimsky"), .line("balabala")])
        refused.sqliteError = missing
        let status = try await refused.run([])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            refused.errorOutput,
            "login: the home screen's database needs SQLite: SQLite could not be loaded (libsqlite3.so.0: cannot open "
                + "shared object file: No such file or directory); install it with `apt-get install libsqlite3-0` "
                + "(Debian, Ubuntu).\n")
        XCTAssertEqual(refused.terminal.events, [], "refused before anything is asked")

        let chinese = ProgramHarness(typing: [.line("dimsky"), .line("balabala")])
        chinese.sqliteError = missing
        _ = try await chinese.run(["--language", "zh"])
        XCTAssertEqual(
            chinese.errorOutput,
            "login: 主页的数据库需要 SQLite：无法加载 SQLite（libsqlite3.so.0: cannot open shared object file: No such "
                + "file or directory）；请用 `apt-get install libsqlite3-0` 安装（Debian、Ubuntu）。\n")

        // A script's sign-in shows no home screen, and add-user writes no database: both work without SQLite.
        let script = ProgramHarness()
        script.sqliteError = missing
        script.standardInput = Array("balabala".utf8)
        let scriptStatus = try await script.run(["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(scriptStatus, .success)
        let addUser = ProgramHarness()
        addUser.sqliteError = missing
        addUser.standardInput = Array("balabala\n".utf8)
        let addUserStatus = try await addUser.run([
            "add-user", "--accounts", folder.appendingPathComponent("b").path, "--password-stdin", "dimsky",
        ])
        XCTAssertEqual(addUserStatus, .success, addUser.errorOutput)
    }
}
