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

    /// As pam_faillock: after `deny - 1` failures the right password still signs in (each sign-in counts itself as
    /// failed until its password is found right, then takes that back) and clears the count.
    func testTheRightPasswordAfterOneFailureFewerThanDenySignsIn() async throws {
        for attempt in 0..<2 { _ = try await signIn("dimsky", "wrong-\(attempt)", at: start + Int64(attempt)) }
        XCTAssertEqual(try AccountStore(path: path).readTally().records["dimsky"]?.failures, 2)
        let (status, harness) = try await signIn("dimsky", "balabala", at: start + 2)
        XCTAssertEqual(status, .success, harness.output)
        XCTAssertNil(try AccountStore(path: path).readTally().records["dimsky"], "the count is cleared")
    }

    /// Issue 31, F1: as pam_faillock, a name without an account is not counted, so names typed at random neither
    /// fill the tally nor lock anyone out. Its sign-ins still rewrite the tally, as a counted failure does.
    func testAnUnknownNameIsNeitherCountedNorLocked() async throws {
        for attempt in 0..<4 {
            let (status, harness) = try await signIn("nobody.here", "wrong-password", at: start + Int64(attempt))
            XCTAssertEqual(status, .notSignedIn)
            XCTAssertTrue(harness.output.contains("! Sign-in failed: Wrong username or password.\n"), harness.output)
        }
        let tally = try FailureTally(parsing: String(contentsOfFile: tallyPath, encoding: .utf8))
        XCTAssertEqual(tally, FailureTally(), "rewritten, with nothing counted")
        let (other, _) = try await signIn("dimsky", "balabala", at: start + 10)
        XCTAssertEqual(other, .success)
    }

    /// Issue 31, F1: about 36 failed sign-ins of "6-character" names of 130 KB (a letter and thousands of
    /// combining marks each) pushed the tally past the 4 MiB its reader takes, and from then on every sign-in was
    /// "Sign-in unavailable" until an administrator deleted it. Now such a name is refused by the form, and names
    /// without an account are not counted anyway: three of them leave the tally as small as it was.
    func testNamesOfAnySizeCannotGrowTheTally() async throws {
        for attempt in 0..<3 {
            let name = String(repeating: "x" + String(repeating: "\u{301}", count: 8_000 + attempt), count: 6)
            let (status, _) = try await signIn(name, "wrong-password", at: start + Int64(attempt))
            XCTAssertEqual(status, .notSignedIn)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: tallyPath)[.size] as? Int) ?? 0
        XCTAssertLessThan(size, 1_000, "the tally holds no typed name")
        let (status, harness) = try await signIn("dimsky", "balabala", at: start + 40)
        XCTAssertEqual(status, .success, harness.output + harness.errorOutput)
    }

    /// Issue 40, F6: with 10,000 names locked, the tally's old cap, no other name's failures were counted: six
    /// wrong guesses of a name were all checked under `--deny 3`, and then its right password signed in. Now the
    /// third guess locks the name, and the right password is refused unchecked.
    func testTenThousandLockedNamesLeaveAnotherNamesGuessesCountedAndLockingIt() async throws {
        let locked = (0..<10_000).map { "locked.\($0):3:\(start)\n" }.joined()
        try (FailureTally().text + locked).write(toFile: tallyPath, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(tallyPath, 0o600), 0)
        for attempt in 0..<3 {
            let (status, harness) = try await signIn("dimsky", "wrong-\(attempt)", at: start + 10)
            XCTAssertEqual(status, .notSignedIn)
            XCTAssertTrue(harness.output.contains("Wrong username or password."), harness.output)
        }
        let (status, harness) = try await signIn("dimsky", "balabala", at: start + 11)
        XCTAssertEqual(status, .notSignedIn, "the right password, refused unchecked")
        XCTAssertTrue(harness.output.contains("it is locked for 10 more minutes."), harness.output)
        let tally = try AccountStore(path: path).readTally()
        XCTAssertEqual(tally.records.count, 10_001, "every locked name kept, and dimsky")
        XCTAssertEqual(tally.records["dimsky"]?.failures, 3)
    }

    /// The tally's bound is its bytes (``FailureTally/maximumBytes``, room for every account of the largest account
    /// file). A failure that would grow it past them is not counted, and its password is not checked: the sign-in
    /// is unavailable, with the reason, and the tally is left as it was (here with a bound of a few lines).
    func testAFailureThatWouldGrowTheTallyPastItsBoundIsUnavailableAndNotChecked() async throws {
        let text = FailureTally().text + "other.user:1:\(start)\n"
        try text.write(toFile: tallyPath, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(tallyPath, 0o600), 0)
        var store = AccountStore(path: path)
        store.maximumTallyBytes = text.utf8.count  // room for other.user's next failure, not for dimsky's line
        var reported: [String] = []
        let checks = CheckCount()
        let authenticator = TallyingAuthenticator(
            base: checks, store: store, policy: FailureTally.Policy(deny: 3, unlockTime: 600),
            now: { [start] in start },
            words: LoginSafetyWords(language: .english), report: { reported.append($0) },
            accountName: { $0 == "dimsky" || $0 == "other.user" ? $0 : nil })
        do throws(AuthenticationError) {
            _ = try await authenticator.authenticate(username: "dimsky", password: "balabala")
            XCTFail("signed in uncounted")
        } catch {
            XCTAssertEqual(error, .unavailable)
        }
        XCTAssertEqual(checks.count, 0, "the password was not checked")
        XCTAssertEqual(
            reported,
            [
                "\(tallyPath) would be \(text.utf8.count + 20) bytes, more than the \(text.utf8.count) bytes a "
                    + "failure tally may have, so this failure could not be counted and nothing was changed; delete "
                    + "the lines of names that have no account (or the file)"
            ])
        XCTAssertEqual(try String(contentsOfFile: tallyPath, encoding: .utf8), text, "left as it was")

        _ = try? await authenticator.authenticate(username: "other.user", password: "wrong")
        XCTAssertEqual(checks.count, 1, "a name whose failure fits, to the byte, is counted and checked")
        XCTAssertEqual(try store.readTally().records["other.user"]?.failures, 2)
    }

    /// A name the tally cannot count (one an account file can hold, longer than the 254 bytes of the login form's
    /// rule) is never checked uncounted.
    func testANameTheTallyCannotCountIsUnavailableAndNotChecked() async throws {
        let long = String(repeating: "n", count: LoginRules.maximumNameBytes + 1)
        var reported: [String] = []
        let checks = CheckCount()
        let authenticator = TallyingAuthenticator(
            base: checks, store: AccountStore(path: path), policy: FailureTally.Policy(deny: 3, unlockTime: 600),
            now: { [start] in start }, words: LoginSafetyWords(language: .english), report: { reported.append($0) },
            accountName: { $0 })
        do throws(AuthenticationError) {
            _ = try await authenticator.authenticate(username: long, password: "balabala")
            XCTFail("checked uncounted")
        } catch {
            XCTAssertEqual(error, .unavailable)
        }
        XCTAssertEqual(checks.count, 0)
        XCTAssertEqual(reported, [LoginSafetyWords(language: .english).notCounted(long)])
    }

    func testAFailureForgetsOtherNamesWhoseFailuresHaveExpired() async throws {
        _ = try await signIn("DIMSKY", "wrong-password", at: start)  // unknown: sign-in takes the name as written
        _ = try await signIn("dimsky", "wrong-password", at: start)
        _ = try await signIn("nobody.here", "wrong-password", at: start + 901)  // past the 900 s fail_interval
        let tally = try FailureTally(parsing: String(contentsOfFile: tallyPath, encoding: .utf8))
        XCTAssertEqual(tally, FailureTally(), "the expired dimsky is not kept")
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

    /// Issue 42: whoever can write the tally can reset any name's count, so a tally that group or others can write
    /// is refused as an account file is, in its words (the file, its mode, the fix), and left as it is: the
    /// sign-in is unavailable, never let through uncounted.
    func testATallyThatGroupOrOthersCanWriteIsRefusedInTheAccountFilesWords() async throws {
        for mode: mode_t in [0o620, 0o602, 0o666] {
            let text = "dimsky:2:\(start)\n"
            try text.write(toFile: tallyPath, atomically: true, encoding: .utf8)
            XCTAssertEqual(chmod(tallyPath, mode), 0)
            let (status, harness) = try await signIn("dimsky", "balabala", at: start + 1)
            XCTAssertEqual(status, .notSignedIn, String(mode, radix: 8))
            XCTAssertTrue(harness.output.contains("! Sign-in unavailable:"), harness.output)
            XCTAssertEqual(
                harness.errorOutput,
                "login: \(tallyPath) is writable by group or others (mode 0\(String(mode, radix: 8))), so anyone "
                    + "who can write it can add an account; refusing to use it. Fix it with: chmod 600 "
                    + "\(AccountFilePermissions.shellQuoted(tallyPath))\n")
            XCTAssertEqual(try String(contentsOfFile: tallyPath, encoding: .utf8), text, "left as it was")
            XCTAssertEqual(POSIXFiles.mode(of: tallyPath), UInt32(mode))
        }
    }

    /// Issue 42: a row is kept while its last failure is at most the fail interval old (900 s: pam_faillock's
    /// `fail_interval`), so a sign-in of another account at that very second, which forgets the expired rows, keeps
    /// it, and a third failure then locks the name; one second later the row is over.
    func testAnotherAccountsSignInAtTheFailIntervalKeepsTheRow() async throws {
        let adder = ProgramHarness()
        adder.standardInput = Array("bob-password\n".utf8)
        _ = try await adder.run(["add-user", "--accounts", path, "--password-stdin", "bob.smith"])
        for attempt in 0..<2 { _ = try await signIn("dimsky", "wrong-\(attempt)", at: start) }
        _ = try await signIn("bob.smith", "bob-password", at: start + 900)
        XCTAssertEqual(try AccountStore(path: path).readTally().records["dimsky"]?.failures, 2, "900 s: still a row")
        _ = try await signIn("dimsky", "wrong-2", at: start + 900)
        let (locked, harness) = try await signIn("dimsky", "balabala", at: start + 900)
        XCTAssertEqual(locked, .notSignedIn)
        XCTAssertTrue(harness.output.contains("it is locked for 10 more minutes."), harness.output)

        try FileManager.default.removeItem(atPath: tallyPath)
        for attempt in 0..<2 { _ = try await signIn("dimsky", "wrong-\(attempt)", at: start) }
        _ = try await signIn("bob.smith", "bob-password", at: start + 901)
        XCTAssertNil(try AccountStore(path: path).readTally().records["dimsky"], "901 s: the row is over")
    }

    /// Only a wrong password is counted: a sign-in the account check could not answer (the service unavailable)
    /// leaves the tally as it was, so an outage locks no one out, even with `--deny 1`.
    func testASignInThatCouldNotBeCheckedIsNotCounted() async throws {
        let authenticator = tallying(UnavailableAuthenticator(), deny: 1)
        for _ in 0..<2 {
            do {
                _ = try await withTimeLimit("the sign-in") {
                    try await authenticator.authenticate(username: "dimsky", password: "balabala")
                }
                XCTFail("signed in without an answer")
            } catch let error as AuthenticationError {
                XCTAssertEqual(error, .unavailable)
            }
        }
        XCTAssertNil(try AccountStore(path: path).readTally().records["dimsky"])
    }

    /// A tallying authenticator of the account file, on a store of its own (its own lock file descriptor, as a
    /// process of its own has), for dimsky alone.
    private func tallying(_ base: any Authenticator, deny: Int, now: Int64? = nil) -> TallyingAuthenticator {
        TallyingAuthenticator(
            base: base, store: AccountStore(path: path), policy: FailureTally.Policy(deny: deny, unlockTime: 600),
            now: { [start] in now ?? start }, words: LoginSafetyWords(language: .english),
            report: { XCTFail("reported \($0)") }, accountName: { $0 == "dimsky" ? "dimsky" : nil })
    }

    /// Issue 31, F2: 12 sign-ins of one name side by side (deny 3), 11 wrong and 1 right, used to check all 12
    /// passwords, since each looked at the tally before any counted. Now each counts itself before its check, so
    /// at most 3 are checked; the others are refused as locked without a check. (Here the checks wait at a gate
    /// until every sign-in has reached it or ended; `ParallelSignInEndToEndTests` does the same with processes.)
    func testSignInsSideBySideCheckAtMostDenyPasswords() async throws {
        let gate = CheckGate(rightPassword: "balabala")
        let authenticators = (0..<12).map { _ in tallying(gate, deny: 3) }
        let passwords = (0..<12).map { $0 == 5 ? "balabala" : "wrong-\($0)" }
        var tasks: [Task<Result<User, AuthenticationError>, Never>] = []
        for (authenticator, password) in zip(authenticators, passwords) {
            tasks.append(
                Task { @MainActor in
                    do throws(AuthenticationError) {
                        return .success(try await authenticator.authenticate(username: "dimsky", password: password))
                    } catch {
                        return .failure(error)
                    }
                })
        }
        let ended = EndedCount()
        for task in tasks {
            Task { @MainActor in
                _ = await task.value; ended.count += 1
            }
        }
        try await withTimeLimit("every sign-in at the gate or ended") {
            while await MainActor.run(body: { gate.waiting.count + ended.count }) < 12 { await Task.yield() }
        }
        XCTAssertLessThanOrEqual(gate.waiting.count, 3, "at most deny passwords are checked")
        gate.openAll()
        var refused = 0
        for task in tasks {
            let result = try await task.value(awaiting: "a sign-in")
            if case .failure(.accountRefused(let reason)) = result {
                refused += 1
                XCTAssertTrue(reason.contains("it is locked for 10 more minutes"), reason)
            }
        }
        XCTAssertEqual(refused, 12 - gate.checked.count, "every sign-in not checked was refused as locked")
        XCTAssertLessThanOrEqual(try AccountStore(path: path).readTally().records["dimsky"]?.failures ?? 0, 3)
    }

    /// Issue 31, F2: a name locked by other sessions while its password was checked used to sign in. As
    /// pam_faillock's authsucc, a right password looks at the tally again, under the lock, and is refused.
    func testARightPasswordIsRefusedWhenOtherSignInsLockedTheNameMeanwhile() async throws {
        let store = AccountStore(path: path)
        let policy = FailureTally.Policy(deny: 3, unlockTime: 600)
        let others = LockingMeanwhile { [start] in
            try store.updateTally { tally in
                for _ in 0..<3 { tally.recordFailure(of: "dimsky", at: start, policy: policy) }
            }
        }
        let authenticator = tallying(others, deny: 3)
        do {
            _ = try await withTimeLimit("the sign-in") {
                try await authenticator.authenticate(username: "dimsky", password: "balabala")
            }
            XCTFail("signed in though locked meanwhile")
        } catch let error as AuthenticationError {
            XCTAssertEqual(
                error,
                .accountRefused(
                    reason: "Too many failed sign-ins for this name: it is locked for 10 more minutes."))
        }
        XCTAssertEqual(try store.readTally().records["dimsky"]?.failures, 3, "the others' failures stay")

        try store.updateTally { $0.reset("dimsky") }
        let (status, _) = try await signIn("dimsky", "balabala", at: start)
        XCTAssertEqual(status, .success, "unlocked, the same sign-in goes through")
    }
}

/// An account check that waits at a gate, counting who reached it, until the test opens it; then the right
/// password signs in as dimsky and any other is wrong.
@MainActor
private final class CheckGate: Authenticator {
    let rightPassword: String
    private(set) var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var checked: [String] = []

    init(rightPassword: String) {
        self.rightPassword = rightPassword
    }

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        checked.append(password)
        await withCheckedContinuation { waiting.append($0) }
        guard password == rightPassword else { throw .invalidCredentials }
        return User(name: username)
    }

    func openAll() {
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

/// How many sign-ins ended.
@MainActor
private final class EndedCount {
    var count = 0
}

/// An account check that counts its checks and finds every password wrong.
@MainActor
private final class CheckCount: Authenticator {
    private(set) var count = 0

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        count += 1
        throw .invalidCredentials
    }
}

/// An account check that finds the password right, after other sign-ins (`meanwhile`) changed the tally.
@MainActor
private final class LockingMeanwhile: Authenticator {
    let meanwhile: () throws -> Void

    init(_ meanwhile: @escaping () throws -> Void) {
        self.meanwhile = meanwhile
    }

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        do { try meanwhile() } catch { throw .unavailable }
        return User(name: username)
    }
}

/// An account check that cannot answer.
private struct UnavailableAuthenticator: Authenticator {
    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        throw .unavailable
    }
}
