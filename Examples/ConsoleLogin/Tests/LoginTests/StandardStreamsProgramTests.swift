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

/// Issue 21, point 4: every error of a standard stream is an error. A read error is never an empty password, an
/// output that could not be written never ends with status 0, `--password-stdin` never reads from a terminal,
/// and an argument that is not UTF-8 never names another file.
@MainActor
final class StandardStreamsProgramTests: GuardedTestCase {
    private var folder: URL!

    override func setUp() async throws {
        folder = try Paths.temporaryFolder(for: self)
    }

    func testAReadErrorOnStandardInputIsNotAnEmptyPassword() async throws {
        let harness = ProgramHarness()
        harness.standardInputFailure = .unreadable(StreamError(.standardInput, reason: .system("Bad file descriptor")))
        let status = try await harness.run(["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            harness.errorOutput, "login: cannot read the password from standard input: Bad file descriptor.\n")
        XCTAssertEqual(harness.output, "", "no sign-in was tried, not even with an empty password")
    }

    func testPasswordStandardInputRefusesATerminalWhereThePasswordWouldBeEchoed() async throws {
        for arguments in [
            ["--username", "dimsky", "--password-stdin"],
            ["add-user", "--accounts", folder.appendingPathComponent("t.accounts").path, "--password-stdin", "dimsky"],
        ] {
            let harness = ProgramHarness()
            harness.standardInputIsTerminal = true
            harness.standardInput = Array("balabala\n".utf8)
            let status = try await harness.run(arguments)
            XCTAssertEqual(status, .usage, "\(arguments)")
            XCTAssertEqual(
                harness.errorOutput,
                "login: --password-stdin reads the password from standard input, which is a terminal, where it "
                    + "would be echoed; pipe it in, or leave out --password-stdin to be asked with echo off.\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.accounts").path))
        }
    }

    func testAPasswordThatNeverEndsTimesOutWithExitOne() async throws {
        let harness = ProgramHarness()
        harness.standardInputFailure = .timedOut
        let status = try await harness.run(["--username", "dimsky", "--password-stdin", "--timeout", "2.5"])
        XCTAssertEqual(status, .notSignedIn)
        XCTAssertEqual(
            harness.errorOutput,
            "login: --password-stdin: timed out after 2.5 seconds with no answer; nothing was changed.\n")
        XCTAssertEqual(harness.promptTimeouts, [.milliseconds(2500)])
    }

    func testAnOutputThatCouldNotBeWrittenEndsWithExitTwoAndAMessage() async throws {
        let full = StreamError(.standardOutput, reason: .system("No space left on device"))
        let cases: [([String], [UInt8])] = [
            (["--help"], []),
            (["--username", "dimsky", "--password-stdin"], Array("balabala\n".utf8)),
            (
                [
                    "add-user", "--accounts", folder.appendingPathComponent("a.accounts").path, "--password-stdin",
                    "dimsky",
                ],
                Array("balabala\n".utf8)
            ),
        ]
        for (arguments, input) in cases {
            let harness = ProgramHarness()
            harness.standardInput = input
            harness.streamErrors = [full]
            let status = try await harness.run(arguments)
            XCTAssertEqual(status, .usage, "\(arguments)")
            XCTAssertTrue(
                harness.errorOutput.hasSuffix("login: cannot write to standard output: No space left on device.\n"),
                harness.errorOutput)
        }
        let alreadyFailed = ProgramHarness()
        alreadyFailed.standardInputFailure = .unreadable(StreamError(.standardInput, reason: .system("Is a directory")))
        alreadyFailed.streamErrors = [StreamError(.standardInput, reason: .system("Is a directory"))]
        _ = try await alreadyFailed.run(["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(
            alreadyFailed.errorOutput, "login: cannot read the password from standard input: Is a directory.\n",
            "a read error reported where it ended the run is not reported twice")
    }

    func testAnArgumentThatIsNotUTF8IsRefusedAndNoOtherFileIsUsed() async throws {
        let harness = ProgramHarness()
        harness.standardInput = Array("balabala\n".utf8)
        let path = Array(folder.path.utf8) + Array("/team".utf8) + [0xFF] + Array(".accounts".utf8)
        let arguments: [[UInt8]] = [
            Array("add-user".utf8), Array("--accounts".utf8), path, Array("--password-stdin".utf8),
            Array("dimsky".utf8),
        ]
        let status = try await harness.run(rawArguments: arguments)
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            harness.errorOutput,
            "login: argument 3 (\(folder.path)/team\\xFF.accounts) is not UTF-8 text: login takes file and account "
                + "names in UTF-8 only, and would otherwise use another file; rename it.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no file was made")

        // In the language the other arguments and the locale choose, as every refusal.
        let chinese = ProgramHarness()
        let chineseStatus = try await chinese.run(rawArguments: arguments + [Array("--language=zh".utf8)])
        XCTAssertEqual(chineseStatus, .usage)
        XCTAssertEqual(
            chinese.errorOutput,
            "login: 第 3 个参数（\(folder.path)/team\\xFF.accounts）不是 UTF-8 文本：login 只接受 UTF-8 的文件名和账户名，"
                + "否则会用到另一个文件。请改用 UTF-8 名称。\n")
        let byLocale = ProgramHarness()
        byLocale.variables = ["LC_ALL": "zh_CN.UTF-8"]
        let byLocaleStatus = try await byLocale.run(rawArguments: arguments)
        XCTAssertEqual(byLocaleStatus, .usage)
        XCTAssertEqual(byLocale.errorOutput, chinese.errorOutput)
    }

    func testArgumentsAreDecodedWholeOrTheFirstBadOneIsNamed() {
        XCTAssertEqual(
            CommandLineArguments.decode([Array("--accounts".utf8), Array("é.accounts".utf8)]),
            .success(["--accounts", "é.accounts"]))
        XCTAssertEqual(
            CommandLineArguments.decode([Array("ok".utf8), [0x61, 0xC3, 0x28, 0xE9]]),
            .failure(CommandLineArguments.NotUTF8(position: 2, shown: "a\\xC3(\\xE9")))
    }

    /// A path made from the environment is never repaired into another folder either: a `HOME` that is not UTF-8 is
    /// left out, with a warning in the run's language.
    func testAnEnvironmentVariableThatIsNotUTF8IsLeftOutWithAWarning() async throws {
        let saved = getenv("HOME").map { String(cString: $0) }
        defer {
            if let saved { setenv("HOME", saved, 1) } else { unsetenv("HOME") }
        }
        let bad: [CChar] = [0x2F, 0x74, 0x6D, 0x70, 0x2F, -1, 0]  // "/tmp/\xFF"
        XCTAssertEqual(setenv("HOME", bad, 1), 0)

        let (environment, notUTF8) = LoginEnvironment.utf8Environment()

        XCTAssertNil(environment["HOME"])
        XCTAssertEqual(notUTF8, ["HOME"])
        XCTAssertNil(HomeProfiles.defaultStorePath(environment: environment.filter { $0.key != "XDG_DATA_HOME" }))

        let english = ProgramHarness()
        english.variablesNotUTF8 = notUTF8
        _ = try await english.run(["--help"])
        XCTAssertEqual(
            english.errorOutput,
            "login: warning: HOME is not UTF-8 text, so it cannot name the profile database's folder; the profiles "
                + "stay in memory (name a file with --profiles).\n")
        let chinese = ProgramHarness()
        chinese.variablesNotUTF8 = notUTF8
        _ = try await chinese.run(["--language", "zh", "--help"])
        XCTAssertEqual(
            chinese.errorOutput,
            "login: 警告：HOME 不是 UTF-8 文本，不能用来指定资料数据库的文件夹；资料只保存在内存中（可用 --profiles 指定文件）。\n")
    }
}
