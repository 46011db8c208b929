import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 40, F2 and F3: with `ulimit -n 4`, `login` died of SIGILL with nothing on standard error; with `ulimit -v`
/// at 40 to 56 MiB it waited for ever, nothing printed. Now limits too low for a sign-in are refused before anything
/// else runs, with the reason and exit status 2, and a sign-in or a prompt that cannot go on ends within `--timeout`
/// with "Sign-in unavailable" or the prompt's timeout, exit status 1.
final class ResourceLimitsEndToEndTests: GuardedTestCase {
    /// An address-space limit cannot hold a sanitizer's runtime (scripts/sanitize.sh builds `login` with it too),
    /// which reserves terabytes of address space for its shadow memory before `main`: under a sanitizer the tests
    /// of `ulimit -v` are skipped, and they run in every plain `swift test`.
    private func skipUnderASanitizer() throws {
        let isSanitized = ProcessInfo.processInfo.environment.keys.contains { $0.hasSuffix("SAN_OPTIONS") }
        if isSanitized { throw XCTSkip("a sanitizer's shadow memory does not fit under ulimit -v") }
    }

    /// Runs `login` under `sh -c 'ulimit …; exec login …'`, so only `login` has the limit.
    private func run(
        limit: String, _ arguments: [String], input: String = "balabala\n", language: String = "C.UTF-8"
    ) throws -> PipedProcess.Result {
        try PipedProcess.run(
            "/bin/sh", ["-c", "ulimit \(limit) && exec \"$0\" \"$@\"", try LoginBinary.path()] + arguments,
            input: Array(input.utf8), environment: Spawn.environment(["LANG": language]), timeout: .seconds(20))
    }

    func testTooFewOpenFilesAreRefusedAtStartWithTheReason() throws {
        for limit in ["-n 4", "-n 5", "-n 20"] {
            let result = try run(limit: limit, ["--username", "dimsky", "--password-stdin"])
            XCTAssertEqual(result.status, .exited(2), limit)
            XCTAssertEqual(result.output, "", "nothing asked, nothing signed in")
            XCTAssertTrue(
                result.errors.hasPrefix(
                    "login: the open-file limit (ulimit -n) is \(limit.dropFirst(3)), and a sign-in needs "),
                result.errors)
            XCTAssertTrue(result.errors.hasSuffix(" open now. Raise it (ulimit -n 1024) and run login again.\n"))
        }
        let chinese = try run(limit: "-n 4", ["--username", "dimsky", "--password-stdin"], language: "zh_CN.UTF-8")
        XCTAssertEqual(chinese.status, .exited(2))
        XCTAssertTrue(chinese.errors.hasPrefix("login: 打开文件数上限（ulimit -n）为 4，而登录需要 "), chinese.errors)
        let enough = try run(limit: "-n 64", ["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(enough.status, .exited(0), enough.errors)
        let help = try run(limit: "-n 4", ["--help"])
        XCTAssertEqual(help.status, .exited(0), "help needs no sign-in's files: \(help.errors)")
        XCTAssertTrue(help.output.hasPrefix("USAGE:"), help.output)
    }

    func testTooLittleAddressSpaceIsRefusedAtStartInsteadOfAWaitForEver() throws {
        try skipUnderASanitizer()
        for kibibytes in [40 << 10, 56 << 10, 80 << 10] {
            let limit = "-v \(kibibytes)"
            let result = try run(limit: limit, ["--username", "dimsky", "--password-stdin"])
            XCTAssertEqual(result.status, .exited(2), "\(limit): \(result.errors)")
            XCTAssertTrue(
                result.errors.hasPrefix(
                    "login: the address-space limit (ulimit -v) is \(kibibytes >> 10) MiB, and a sign-in needs "),
                result.errors)
            XCTAssertTrue(result.errors.hasSuffix("Raise it (ulimit -v unlimited) and run login again.\n"))
        }
        let enough = try run(limit: "-v \(1 << 20)", ["--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(enough.status, .exited(0), enough.errors)
    }

    /// An account file whose yescrypt hashes take 1 GiB a check (libxcrypt's cost 11) needs that much more: refused
    /// once the file is read, naming it, under a limit the start's check allows.
    func testAnAccountFileWhoseHashesNeedMoreMemoryThanTheLimitIsRefused() throws {
        try skipUnderASanitizer()
        let path = try Paths.temporaryFolder(for: self).appendingPathComponent("costly.accounts").path
        let hash = "$y$jFT$saltsaltsaltsaltsalt$" + String(repeating: "c", count: 43)
        try "dimsky:\(hash)\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(path, 0o600), 0)
        let result = try run(
            limit: "-v \(512 << 10)", ["--accounts", path, "--username", "dimsky", "--password-stdin"])
        XCTAssertEqual(result.status, .exited(2), result.errors)
        XCTAssertTrue(
            result.errors.contains(
                "login: the address-space limit (ulimit -v) is 512 MiB, and a sign-in against \(path) needs "),
            result.errors)
        XCTAssertTrue(result.errors.contains("as its costliest yescrypt hashes take 1024 MiB each."), result.errors)
    }

    /// With the checks skipped (the debug-only `PUREMVVM_TEST_SKIP_LIMIT_CHECKS`) under a limit too low for a
    /// yescrypt check at libxcrypt's default cost (16 MiB), the check had no memory and read as a wrong password,
    /// and the failure tally counted it (three such sign-ins locked the name). Now it is "Sign-in unavailable",
    /// uncounted (or, if the sign-in gets no thread at all, the deadline's "Sign-in unavailable").
    func testACheckWithNoMemoryIsUnavailableNotAWrongPassword() throws {
        try skipUnderASanitizer()
        let path = try Paths.temporaryFolder(for: self).appendingPathComponent("team.accounts").path
        let added = try PipedProcess.run(
            try LoginBinary.path(), ["add-user", "--accounts", path, "--password-stdin", "dimsky"],
            input: Array("balabala\n".utf8))
        XCTAssertEqual(added.status, .exited(0), added.errors)
        for _ in 0..<3 {
            let result = try PipedProcess.run(
                "/bin/sh",
                [
                    "-c", "ulimit -v \(75 << 10) && exec \"$0\" \"$@\"", try LoginBinary.path(), "--accounts", path,
                    "--username", "dimsky", "--password-stdin", "--timeout", "3",
                ],
                input: Array("balabala\n".utf8),
                environment: Spawn.environment([
                    "PUREMVVM_TEST_SKIP_LIMIT_CHECKS": "1", "PUREMVVM_TEST_SKIP_DELAYS": "1",
                ]))
            XCTAssertEqual(result.status, .exited(1), result.errors)
            XCTAssertTrue(result.output.contains("! Sign-in unavailable"), result.output)
            XCTAssertFalse(result.output.contains("Wrong username or password"), result.output)
        }
        let free = try PipedProcess.run(
            try LoginBinary.path(), ["--accounts", path, "--username", "dimsky", "--password-stdin"],
            input: Array("balabala\n".utf8), environment: Spawn.environment(["PUREMVVM_TEST_SKIP_DELAYS": "1"]))
        XCTAssertEqual(free.status, .exited(0), "not locked out by checks that could not be made: \(free.output)")
    }

    /// A sign-in whose check never answers (the debug-only `PUREMVVM_TEST_STALL_SIGN_IN`, as when the system gives
    /// it no thread) ends at `--timeout`: "Sign-in unavailable", the reason, exit status 1, echo back on. The script
    /// runs beside the terminal's session: each waits out a real timeout.
    func testASignInThatCannotGoOnEndsWithinTheTimeout() throws {
        let login = try LoginBinary.path()
        let scriptRun = BackgroundRun {
            Result {
                try PipedProcess.run(
                    login, ["--username", "dimsky", "--password-stdin", "--timeout", "0.1"],
                    input: Array("balabala\n".utf8),
                    environment: Spawn.environment(["PUREMVVM_TEST_STALL_SIGN_IN": "1"]))
            }
        }
        let session = try PseudoTerminalProcess(
            login, ["--timeout", "0.3"],
            environment: Spawn.environment(["NO_COLOR": "1", "PUREMVVM_TEST_STALL_SIGN_IN": "1"]))
        try session.waitFor("Username: ")
        session.type("dimsky\r")
        try session.waitFor("Password: ")
        session.type("balabala\r")
        try session.waitFor("! Sign-in unavailable: The account service cannot be reached. Try again later.\n")
        XCTAssertEqual(try session.waitForExit(), .exited(1))
        XCTAssertTrue(session.isEchoOn)

        let script = try scriptRun.wait().get()
        XCTAssertEqual(script.status, .exited(1))
        XCTAssertTrue(
            script.output.hasSuffix(
                "Signing in…\n! Sign-in unavailable: The account service cannot be reached. Try again later.\n"),
            script.output)
        XCTAssertEqual(
            script.errors,
            "login: the sign-in did not finish within 0.1 seconds (the system gave it no thread or no memory, or the "
                + "account service was too slow), so it was ended.\n")
    }

    /// A prompt whose read never runs (`PUREMVVM_TEST_STALL_READS`, as when no thread can read it) ends a quarter of
    /// a second after `--timeout`, as a prompt that timed out: standard input read for `--password-stdin`, and a
    /// prompt. The terminal's session starts first and waits out its deadline while the script runs.
    func testAPromptThatCannotBeReadEndsSoonAfterTheTimeout() throws {
        let session = try PseudoTerminalProcess(
            try LoginBinary.path(), ["--timeout", "0.1"],
            environment: Spawn.environment(["NO_COLOR": "1", "PUREMVVM_TEST_STALL_READS": "1"]))
        let script = try PipedProcess.run(
            try LoginBinary.path(), ["--username", "dimsky", "--password-stdin", "--timeout", "0.1"],
            environment: Spawn.environment(["PUREMVVM_TEST_STALL_READS": "1"]))
        XCTAssertEqual(script.status, .exited(1))
        XCTAssertEqual(
            script.errors, "login: --password-stdin: timed out after 0.1 seconds with no answer; nothing was changed.\n"
        )

        try session.waitFor("login: timed out after 0.1 seconds with no answer; nothing was changed.\n")
        XCTAssertEqual(try session.waitForExit(), .exited(1))
        XCTAssertTrue(session.isEchoOn)
    }
}
