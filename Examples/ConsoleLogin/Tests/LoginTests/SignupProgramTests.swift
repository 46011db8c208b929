import ConsoleView
import Crypt
import Foundation
import Gallery
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

/// `login signup` around its screen: the arguments, what is refused before anything is asked, and the account
/// file it writes (the screen itself is in SignupTranscriptTests).
@MainActor
final class SignupProgramTests: GuardedTestCase {
    private var folder: URL!
    private var path: String { folder.appendingPathComponent("team.accounts").path }

    override func setUp() async throws {
        folder = try Paths.temporaryFolder(for: self)
    }

    func testArguments() throws {
        XCTAssertEqual(
            try ArgumentParser.parse(["signup", "--accounts", "a", "--language=en", "--pattern", "mvp"]),
            .signUp(SignInOptions(accountsPath: "a", pattern: .mvp, language: .english)))
        XCTAssertEqual(try ArgumentParser.parse(["signup", "--help"]), .help(.signUp))
        XCTAssertEqual(try ArgumentParser.parse(["signup", "--accounts", "a", "-h"]), .help(.signUp))
        let refused: [([String], String)] = [
            (["signup"], "signup needs --accounts FILE"),
            (
                ["signup", "--accounts", "a", "--username", "x", "--password-stdin"],
                "signup asks at the terminal; --username and --password-stdin are for signing in"
            ),
            (["signup", "--accounts", "a", "add-user"], "unexpected argument 'add-user'"),
            (["signup", "signup", "--accounts", "a"], "signup takes no other command"),
            (
                ["signup", "--accounts", "a", "--language", "fr"],
                "unknown language 'fr' for --language; use one of zh, en"
            ),
        ]
        for (arguments, message) in refused {
            XCTAssertThrowsError(try ArgumentParser.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.description, message)
            }
        }
    }

    func testAMalformedFileIsReportedBeforeAnythingIsAsked() async throws {
        try "dimsky\n".write(toFile: path, atomically: true, encoding: .utf8)
        let harness = ProgramHarness(typing: [.line("a@b.com")])
        let status = try await harness.run(["signup", "--accounts", path])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(harness.errorOutput, "login: \(path): line 1: expected name:hash, found no ':'\n")
        XCTAssertEqual(harness.output, "")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "dimsky\n", "never rewritten")
    }

    /// Issue 21, point 6: an email in another case is the same name, so it is taken.
    func testAnEmailThatIsAnExistingNameInAnotherCaseIsTaken() async throws {
        try "victim@example.com:$6$old$hash\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let harness = ProgramHarness(typing: [
            .line("Victim@Example.com"), .line("balabala"), .line("balabala"), .line("yes"),
        ])
        let status = try await harness.run(["signup", "--accounts", path, "--language", "en"])
        XCTAssertEqual(status, .notSignedIn)
        XCTAssertTrue(harness.output.contains("  ✗ Email \"Victim@Example.com\": This email is already registered.\n"))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "victim@example.com:$6$old$hash\n")
    }

    /// Issue 21, point 6: `#abc@example.com` is an email address the account file cannot hold (its line would be a
    /// comment): refused at the email, before the password is asked.
    func testAnEmailThatCannotBeAnAccountNameIsRefusedBeforeThePassword() async throws {
        let harness = ProgramHarness(typing: [.line("#abc@example.com"), .endOfInput])
        let status = try await harness.run(["signup", "--accounts", path, "--language", "en"])
        XCTAssertEqual(status, .notSignedIn)
        XCTAssertTrue(
            harness.output.contains(
                "  ✗ Email \"#abc@example.com\": Cannot be an account name: it must not start with '#' or contain ':', "
                    + "spaces, control or invisible characters.\nEmail: "),
            harness.output)
        XCTAssertFalse(harness.output.contains("Password: "))
    }

    /// Issue 21, point 4: a held lock made sign-up wait for ever, silently. It waits, says so, and ends the session
    /// with exit status 2, nothing written.
    func testAHeldLockEndsTheSignUpWithExit2AndNothingWritten() async throws {
        let holder = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        defer { close(holder) }
        let harness = ProgramHarness(typing: [
            .line("new@example.com"), .line("balabala"), .line("balabala"), .line("yes"), .line("more typing"),
        ])
        let status = try await harness.run(["signup", "--accounts", path, "--language", "en"])
        XCTAssertEqual(status, .usage)
        XCTAssertTrue(harness.errorOutput.hasPrefix("login: waiting for \(path).lock"), harness.errorOutput)
        XCTAssertTrue(
            harness.output.contains(
                "! Sign-up failed: The account could not be created: \(path).lock was still locked"),
            harness.output)
        XCTAssertFalse(
            harness.terminal.events.contains(.read(.line("more typing"), hidden: false)),
            "the session ended at the failure: nothing more was read")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testWithoutATerminalOrLibxcryptNothingIsAskedOrWritten() async throws {
        let noTerminal = ProgramHarness()
        noTerminal.hasTerminal = false
        let status = try await noTerminal.run(["signup", "--accounts", path])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            noTerminal.errorOutput,
            "login: cannot ask for the password: there is no terminal.\nSign up at a terminal.\n")

        let noCrypt = ProgramHarness()
        noCrypt.hasCrypt = false
        let noCryptStatus = try await noCrypt.run(["signup", "--accounts", path])
        XCTAssertEqual(noCryptStatus, .usage)
        XCTAssertTrue(noCrypt.errorOutput.hasPrefix("login: account files need libxcrypt's crypt(3)"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testAddAccountNeverReplacesAnEntryAndKeepsEveryLine() throws {
        let original = "# the team\n\ntaken@example.com:$6$old$hash\n"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let store = AccountStore(path: path)

        XCTAssertFalse(try store.addAccount(passwordHash: "$6$new$hash", for: "taken@example.com"))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), original, "untouched")

        XCTAssertTrue(try store.addAccount(passwordHash: "$6$new$hash", for: "new@example.com"))
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8), original + "new@example.com:$6$new$hash\n")
        XCTAssertEqual(POSIXFiles.mode(of: path), 0o600)

        let missing = AccountStore(path: folder.appendingPathComponent("new.accounts").path)
        XCTAssertTrue(try missing.addAccount(passwordHash: "$6$x$y", for: "first@example.com"), "creates the file")
    }

    func testTheServiceReportsATakenEmailWithoutHashingAndFileErrorsAsUnavailable() async throws {
        try "taken@example.com:$6$old$hash\n".write(toFile: path, atomically: true, encoding: .utf8)
        let hasher = CountingHasher()
        let service = AccountFileSignupService(store: AccountStore(path: path), hasher: hasher, language: .english)
        do {
            _ = try await withTimeLimit("the sign-up") {
                try await service.signUp(email: "taken@example.com", password: "balabala")
            }
            XCTFail("a taken email was accepted")
        } catch let error as SignupError {
            XCTAssertEqual(error, .emailTaken)
        }
        XCTAssertEqual(hasher.calls, 0, "a taken email costs no hash")

        let user = try await withTimeLimit("the sign-up") {
            try await service.signUp(email: "new@example.com", password: "balabala")
        }
        XCTAssertEqual(user, User(name: "new@example.com"))
        XCTAssertEqual(hasher.calls, 1)

        let unwritable = AccountFileSignupService(
            store: AccountStore(path: folder.appendingPathComponent("no/such/folder/team.accounts").path),
            hasher: hasher, language: .english)
        do {
            _ = try await withTimeLimit("the sign-up") {
                try await unwritable.signUp(email: "new@example.com", password: "balabala")
            }
            XCTFail("an unwritable file was accepted")
        } catch let error as SignupError {
            guard case .unavailable(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("no/such/folder"), reason)
        }
    }
}

/// A hasher that makes fake hashes and counts them.
private final class CountingHasher: PasswordHasher, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var calls: Int { lock.withLock { count } }

    func hash(_ password: String) throws(PasswordHashingError) -> String {
        lock.withLock { count += 1 }
        return "$6$fake$" + String(password.count)
    }

    func verify(_ password: String, against hash: String) -> Bool { false }
    func checkHash(_ hash: String) throws(PasswordHashingError) {}
}
