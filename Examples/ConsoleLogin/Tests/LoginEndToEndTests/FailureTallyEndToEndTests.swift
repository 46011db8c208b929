import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The failure tally between processes of the built `login` (issue 31): sign-ins side by side check no more
/// passwords than `--deny` allows, and a damaged tally is refused, never a crash.
///
/// The account's hash has yescrypt's lowest cost and the failure delays end at once (the debug-only
/// `PUREMVVM_TEST_SKIP_DELAYS=1`), so the runs cost little; `scripts/parallel-sign-in-check.sh`, which CI runs,
/// does the same with the full cost, more processes and the real delays.
final class FailureTallyEndToEndTests: GuardedTestCase {
    private var login = ""
    private var accounts = ""
    /// dimsky / balabala, yescrypt at its lowest cost (the demo account's hash).
    private let entry = "dimsky:$y$j75$2XOl0IWqT45hVR8GIGi57.$DWwCV2V4O1nNkkv0jxI9vi3mkhZ5msLj.7TtOCEb0k6\n"

    override func setUpWithError() throws {
        login = try LoginBinary.path()
        accounts = try Paths.temporaryFolder(for: self).appendingPathComponent("team.accounts").path
        try entry.write(toFile: accounts, atomically: true, encoding: .utf8)
    }

    private func signIn(_ password: String, _ more: [String] = []) throws -> PipedProcess.Result {
        try Self.signIn(login: login, accounts: accounts, password, more)
    }

    private static func signIn(
        login: String, accounts: String, _ password: String, _ more: [String] = []
    ) throws -> PipedProcess.Result {
        try PipedProcess.run(
            login, ["--accounts", accounts, "--username", "dimsky", "--password-stdin", "--language", "en"] + more,
            input: Array((password + "\n").utf8), environment: Spawn.environment(["PUREMVVM_TEST_SKIP_DELAYS": "1"]))
    }

    /// Runs sign-ins of dimsky at once, one process each, with `--deny 3`, and sorts what they said.
    private func signInAtOnce(_ passwords: [String]) throws -> (signedIn: Int, wrong: Int, locked: Int) {
        let results = concurrently(passwords) { [login, accounts] password in
            Result { try Self.signIn(login: login, accounts: accounts, password, ["--deny", "3"]) }
        }
        var (signedIn, wrong, locked) = (0, 0, 0)
        for result in results {
            let run = try result.get()
            XCTAssertEqual(run.errors, "")
            if run.status == .exited(0) {
                signedIn += 1
            } else if run.output.contains("! Sign-in failed: Wrong username or password.") {
                wrong += 1
            } else if run.output.contains("! Sign-in refused: Too many failed sign-ins for this name") {
                locked += 1
            } else {
                XCTFail("neither signed in, nor wrong, nor locked: \(run.status)\n\(run.output)")
            }
        }
        XCTAssertEqual(signedIn + wrong + locked, passwords.count)
        return (signedIn, wrong, locked)
    }

    /// dimsky's count in the tally.
    private func failures() throws -> Int {
        let tally = try String(contentsOfFile: accounts + ".faillock", encoding: .utf8)
        let line = tally.split(separator: "\n").first { $0.hasPrefix("dimsky:") }
        return line.flatMap { Int($0.split(separator: ":")[1]) } ?? 0
    }

    /// Issue 31, F2: sign-ins of one name at once, each its own process, used to look at the tally, check their
    /// password and only then count, so all of them were checked. Now each counts itself before its check: of 12
    /// wrong guesses at once with `--deny 3`, at most 3 are checked, and every other is refused as locked, unchecked.
    /// (The issue's own case, 11 wrong and 1 right, is `FailureTallyProgramTests`'s, in process, where every check
    /// waits at a gate until all have reached it.)
    func testTwelveGuessesAtOnceCheckAtMostDenyPasswords() throws {
        let (signedIn, wrong, locked) = try signInAtOnce((0..<12).map { "wrong-password-\($0)" })
        XCTAssertEqual(signedIn, 0)
        XCTAssertLessThanOrEqual(wrong, 3, "passwords checked")
        XCTAssertGreaterThanOrEqual(locked, 9)
        XCTAssertEqual(try failures(), 3)
    }

    /// Issue 31, F3: a time of -2^63 in the tally made `login` trap on an overflow (SIGILL): in the lock's check
    /// of a name with `deny` failures, or in counting a wrong password. It is a damaged tally now: the sign-in is
    /// unavailable, with the line on standard error, and `login` exits as for any refusal.
    func testATallyValueThatWouldOverflowIsDamagedNotACrash() throws {
        for (line, password) in [
            ("dimsky:3:-9223372036854775808", "balabala"), ("dimsky:1:-9223372036854775808", "wrong-password"),
            ("dimsky:9223372036854775807:1767225600", "balabala"),
        ] {
            try (line + "\n").write(toFile: accounts + ".faillock", atomically: true, encoding: .utf8)
            let run = try signIn(password)
            XCTAssertEqual(run.status, .exited(1), line)
            XCTAssertTrue(run.output.contains("! Sign-in unavailable:"), run.output)
            XCTAssertEqual(
                run.errors,
                "login: \(accounts).faillock: line 1: expected name:failures:time, with a name given once\n", line)
        }
    }
}
