import Foundation
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 21, point 8: a failure count that survives a new session, as pam_faillock's. Each scripted sign-in here
/// is a new session (a new run of the program); the tally lives in `FILE.faillock`, beside the account file.
@MainActor
final class FailureTallyProgramTests: GuardedTestCase {
    private var folder: URL!
    private var path: String { folder.appendingPathComponent("team.accounts").path }
    private var tallyPath: String { path + ".faillock" }
    private let start: Int64 = 1_767_225_600

    override func setUp() async throws {
        folder = try Paths.temporaryFolder(for: self)
        let adder = ProgramHarness()
        adder.standardInput = Array("balabala\n".utf8)
        let status = try await adder.run(["add-user", "--accounts", path, "--password-stdin", "dimsky"])
        XCTAssertEqual(status, .success, adder.errorOutput)
    }

    /// Signs in once, as a script, at a moment.
    private func signIn(
        _ name: String, _ password: String, at now: Int64, _ more: [String] = []
    ) async throws -> (ExitCode, ProgramHarness) {
        let harness = ProgramHarness()
        harness.standardInput = Array((password + "\n").utf8)
        harness.now = now
        let status = try await harness.run(["--accounts", path, "--username", name, "--password-stdin"] + more)
        return (status, harness)
    }

    func testThreeFailedSessionsLockANameForTenMinutesWhateverItsPassword() async throws {
        for attempt in 0..<3 {
            let (status, _) = try await signIn("dimsky", "wrong-\(attempt)", at: start + Int64(attempt))
            XCTAssertEqual(status, .notSignedIn)
        }
        let (locked, harness) = try await signIn("dimsky", "balabala", at: start + 10)
        XCTAssertEqual(locked, .notSignedIn, "the right password, but locked")
        XCTAssertTrue(
            harness.output.contains(
                "! Sign-in refused: Too many failed sign-ins for this name: it is locked for 10 more minutes.\n"),
            harness.output)
        XCTAssertEqual(POSIXFiles.mode(of: tallyPath), 0o600)

        let (later, _) = try await signIn("dimsky", "balabala", at: start + 2 + 600)
        XCTAssertEqual(later, .success, "unlocked after unlock_time")
        XCTAssertNil(
            try FailureTally(parsing: String(contentsOfFile: tallyPath, encoding: .utf8)).records["dimsky"],
            "a success clears the count")
    }

    func testAnUnknownNameIsCountedAndLockedAsAKnownOne() async throws {
        for attempt in 0..<3 { _ = try await signIn("nobody.here", "wrong-password", at: start + Int64(attempt)) }
        let (locked, harness) = try await signIn("nobody.here", "wrong-password", at: start + 10)
        XCTAssertEqual(locked, .notSignedIn)
        XCTAssertTrue(harness.output.contains("it is locked for 10 more minutes."), "the same answer as for dimsky")
        let (other, _) = try await signIn("dimsky", "balabala", at: start + 10)
        XCTAssertEqual(other, .success, "only that name is locked")
    }

    func testAFailureForgetsOtherNamesWhoseFailuresHaveExpired() async throws {
        _ = try await signIn("nobody.here", "wrong-password", at: start)
        _ = try await signIn("dimsky", "wrong-password", at: start + 901)  // past the 900 s fail_interval
        let tally = try FailureTally(parsing: String(contentsOfFile: tallyPath, encoding: .utf8))
        XCTAssertEqual(Set(tally.records.keys), ["dimsky"], "the expired nobody.here is not kept")
    }

    func testDenyAndUnlockTimeChangeThePolicyAndAddUserResetsTheCount() async throws {
        let policy = ["--deny", "1", "--unlock-time", "0"]
        _ = try await signIn("dimsky", "wrong-password", at: start, policy)
        let (locked, harness) = try await signIn("dimsky", "balabala", at: start + 100_000_000, policy)
        XCTAssertEqual(locked, .notSignedIn)
        XCTAssertTrue(harness.output.contains("it is locked until an administrator unlocks it."), harness.output)

        let adder = ProgramHarness()
        adder.standardInput = Array("balabala\n".utf8)
        _ = try await adder.run(["add-user", "--accounts", path, "--password-stdin", "dimsky"])
        let (unlocked, _) = try await signIn("dimsky", "balabala", at: start + 100_000_001, policy)
        XCTAssertEqual(unlocked, .success, "a new password clears the count")
    }

    func testDenyZeroKeepsNoTallyAndTheFlagsBelongToAccountFiles() async throws {
        for attempt in 0..<4 {
            _ = try await signIn("dimsky", "wrong-password", at: start + Int64(attempt), ["--deny", "0"])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: tallyPath))
        let (status, _) = try await signIn("dimsky", "balabala", at: start + 5, ["--deny", "0"])
        XCTAssertEqual(status, .success)

        for arguments in [["--deny", "3"], ["--pam", "--unlock-time", "60"], ["--deny", "1001"], ["--deny=-1"]] {
            XCTAssertThrowsError(try ArgumentParser.parse(arguments), "\(arguments)")
        }
    }

    func testAMalformedTallyMakesSignInUnavailableAndIsReported() async throws {
        try "dimsky:not-a-number:1\n".write(toFile: tallyPath, atomically: true, encoding: .utf8)
        chmod(tallyPath, 0o600)
        let (status, harness) = try await signIn("dimsky", "balabala", at: start)
        XCTAssertEqual(status, .notSignedIn)
        XCTAssertTrue(harness.output.contains("! Sign-in unavailable:"), harness.output)
        XCTAssertEqual(
            harness.errorOutput, "login: \(tallyPath): line 1: expected name:failures:time, with a name given once\n")
    }

    /// Only a wrong password is counted: a sign-in the account check could not answer (the service unavailable)
    /// leaves the tally as it was, so an outage locks no one out, even with `--deny 1`.
    func testASignInThatCouldNotBeCheckedIsNotCounted() async throws {
        let authenticator = TallyingAuthenticator(
            base: UnavailableAuthenticator(), store: AccountStore(path: path),
            policy: FailureTally.Policy(deny: 1, unlockTime: 600), now: { [start] in start },
            words: LoginSafetyWords(language: .english), report: { XCTFail("reported \($0)") })
        for _ in 0..<2 {
            do {
                _ = try await withTimeout("the sign-in") {
                    try await authenticator.authenticate(username: "dimsky", password: "balabala")
                }
                XCTFail("signed in without an answer")
            } catch let error as AuthenticationError {
                XCTAssertEqual(error, .unavailable)
            }
        }
        XCTAssertNil(try AccountStore(path: path).readTally().records["dimsky"])
    }
}

/// An account check that cannot answer.
private struct UnavailableAuthenticator: Authenticator {
    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        throw .unavailable
    }
}
