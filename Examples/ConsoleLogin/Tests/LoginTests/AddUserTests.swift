import ConsoleView
import Crypt
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

/// `login add-user`: the password asked twice hidden or read from standard input, names and passwords checked,
/// the file written whole, atomically, with mode 0600, and a malformed file never rewritten.
@MainActor
final class AddUserTests: GuardedTestCase {
    private var folder: URL!
    private var path: String { folder.appendingPathComponent("team.accounts").path }

    override func setUp() async throws {
        folder = try Paths.temporaryFolder(for: self)
    }

    private func contents() throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    private func verifies(_ name: String, _ password: String) throws -> Bool {
        let file = try AccountFile(parsing: contents())
        let hash = try XCTUnwrap(file.account(named: name)).passwordHash
        return try CryptPasswordHasher().verify(password, against: hash)
    }

    func testTheFirstUserCreatesTheFileWithMode0600AfterTwoHiddenPrompts() async throws {
        let harness = ProgramHarness(typing: [.line("new secret"), .line("new secret")])

        let status = try await harness.run(["add-user", "--accounts", path, "team.lead"])

        XCTAssertEqual(status, .success, harness.errorOutput)
        XCTAssertEqual(
            harness.terminal.events,
            [
                .output("New password for team.lead: "), .read(.line("new secret"), hidden: true),
                .output("Repeat the password: "), .read(.line("new secret"), hidden: true),
                .output("Added \"team.lead\" to \(path).\n"),
            ])
        XCTAssertTrue(try contents().hasPrefix("team.lead:$y$"), "yescrypt by default")
        XCTAssertTrue(try verifies("team.lead", "new secret"))
        XCTAssertEqual(POSIXFiles.mode(of: path), 0o600)
        XCTAssertEqual(POSIXFiles.mode(of: path + ".lock"), 0o600)
    }

    func testReplacingAPasswordKeepsEveryOtherLineAsItWas() async throws {
        let original = "# the team\n\nalice.smith:$6$old$hash\n  # note\nbob.jones:$y$j9T$x$y\n"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let harness = ProgramHarness()
        harness.standardInput = Array("alice's new one\n".utf8)

        let status = try await harness.run(["add-user", "--accounts", path, "--password-stdin", "alice.smith"])

        XCTAssertEqual(status, .success, harness.errorOutput)
        XCTAssertEqual(harness.output, "Replaced the password of \"alice.smith\" in \(path).\n")
        let lines = try contents().components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 6)
        XCTAssertEqual(lines[0...1], ["# the team", ""])
        XCTAssertTrue(lines[2].hasPrefix("alice.smith:$y$"))
        XCTAssertEqual(lines[3...5], ["  # note", "bob.jones:$y$j9T$x$y", ""])
        XCTAssertTrue(try verifies("alice.smith", "alice's new one"))
    }

    func testAMethodCanBeChosen() async throws {
        var written: [(method: String, hash: String)] = []
        for (method, prefix) in [("sha512crypt", "$6$"), ("bcrypt", "$2b$12$"), ("yescrypt", "$y$j9T$")] {
            let harness = ProgramHarness()
            harness.hashesAtFullCost = true  // the costs login writes
            harness.standardInput = Array("balabala\n".utf8)
            let status = try await harness.run([
                "add-user", "--accounts", path, "--password-stdin", "--method", method, "u.\(method)",
            ])
            XCTAssertEqual(status, .success)
            let hash = try XCTUnwrap(AccountFile(parsing: contents()).account(named: "u.\(method)")).passwordHash
            XCTAssertTrue(hash.hasPrefix(prefix), "\(method): \(hash)")
            written.append((method, hash))
        }
        // The written hashes verify with the real crypt(3), side by side. bcrypt's is left out: checking a cost-12
        // hash takes another quarter of a second and proves what CryptPasswordHasherTests' round trip at cost 4
        // proves; its `$2b$12$` prefix above is the cost login writes.
        let verdicts = try await withTimeLimit("the written hashes' checks") { [written] in
            await withTaskGroup(of: (String, Bool).self) { group in
                for (method, hash) in written where method != "bcrypt" {
                    group.addTask { (method, (try? CryptPasswordHasher().verify("balabala", against: hash)) ?? false) }
                }
                var verdicts: [String: Bool] = [:]
                for await (method, verifies) in group { verdicts[method] = verifies }
                return verdicts
            }
        }
        XCTAssertEqual(verdicts, ["sha512crypt": true, "yescrypt": true])
    }

    func testAMalformedFileIsReportedAndNeverRewritten() async throws {
        let original = Data("alice.smith:$6$a$b\nthis line is wrong\n".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        let harness = ProgramHarness(typing: [.line("balabala"), .line("balabala")])

        let status = try await harness.run(["add-user", "--accounts", path, "dimsky"])

        XCTAssertEqual(status, .usage)
        XCTAssertEqual(harness.errorOutput, "login: \(path): line 2: expected name:hash, found no ':'\n")
        XCTAssertEqual(harness.terminal.events, [], "no password asked for a file that cannot be written")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original)
    }

    func testALockFileThatIsALinkIsRefusedBeforeAPasswordIsAsked() async throws {
        try "alice.smith:*\n".write(toFile: path, atomically: true, encoding: .utf8)
        let elsewhere = folder.appendingPathComponent("elsewhere").path
        try FileManager.default.createSymbolicLink(atPath: path + ".lock", withDestinationPath: elsewhere)
        let harness = ProgramHarness(typing: [.line("balabala"), .line("balabala")])

        let status = try await harness.run(["add-user", "--accounts", path, "dimsky"])

        XCTAssertEqual(status, .usage)
        XCTAssertEqual(harness.errorOutput, "login: \(FileError.symbolicLink(path: path + ".lock"))\n")
        XCTAssertEqual(harness.terminal.events, [], "no password asked for a file that cannot be locked")
        XCTAssertEqual(try contents(), "alice.smith:*\n")
    }

    func testNamesThatCannotBeWrittenOrCouldNeverSignInAreRefused() async throws {
        let cases: [(String, String)] = [
            ("dim:sky", "login: the name \"dim:sky\" contains ':'.\n"),
            ("dim sky", "login: the name \"dim sky\" contains whitespace.\n"),
            (
                "dim\u{1B}[2Jsky",
                "login: the name \"dim^[[2Jsky\" contains a control or invisible formatting character.\n"
            ),
            ("#dimsky", "login: the name \"#dimsky\" starts with '#'.\n"),
            ("dim", "login: the name \"dim\" could never sign in: Must be at least 6 characters.\n"),
            (
                "dimsky!",
                "login: the name \"dimsky!\" could never sign in: Use letters, digits, '.', '_' or '-' only.\n"
            ),
        ]
        for (name, message) in cases {
            let harness = ProgramHarness(typing: [.line("balabala"), .line("balabala")])
            let status = try await harness.run(["add-user", "--accounts", path, "--", name])
            XCTAssertEqual(status, .usage, name)
            XCTAssertEqual(harness.errorOutput, message, name)
            XCTAssertEqual(harness.terminal.events, [], name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// Issue 40, F5: beside an existing `alice01`, names that render exactly like it (a character that shows as
    /// nothing added) were accepted. Each is refused before a password is asked, naming the character, and the file
    /// is left as it was.
    func testANameThatLooksLikeAnotherThroughACharacterThatShowsAsNothingIsRefused() async throws {
        let original = "alice01:$6$salt$" + String(repeating: "h", count: 86) + "\n"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            ("alice01\u{34F}", "U+034F"), ("alice01\u{FE0F}", "U+FE0F"), ("alice01\u{E0100}", "U+E0100"),
            ("alice\u{115F}01", "U+115F"), (String(repeating: "\u{3164}", count: 7), "U+3164"),
        ]
        for (name, codePoint) in cases {
            let harness = ProgramHarness(typing: [.line("balabala"), .line("balabala")])
            let status = try await harness.run(["add-user", "--accounts", path, name])
            XCTAssertEqual(status, .usage, codePoint)
            XCTAssertEqual(
                harness.errorOutput,
                "login: the name \"\(name)\" contains \(codePoint), a character that shows as nothing, so the name "
                    + "would look like another one.\n", codePoint)
            XCTAssertEqual(harness.terminal.events, [], "no password asked for \(codePoint)")
        }
        XCTAssertEqual(try contents(), original)
    }

    func testPasswordsThatDifferOrBreakTheRulesChangeNothing() async throws {
        let cases: [([ScriptedTerminal.Keystrokes], String)] = [
            ([.line("balabala"), .line("balabalA")], "login: the passwords do not match; nothing was changed.\n"),
            ([.line("bala"), .line("bala")], "login: the password cannot be used: Must be at least 6 characters.\n"),
            (
                [.line(String(repeating: "é", count: 40)), .line(String(repeating: "é", count: 40))],
                "login: the password cannot be used: Must be at most 72 bytes.\n"
            ),
        ]
        for (typed, message) in cases {
            let harness = ProgramHarness(typing: typed)
            let status = try await harness.run(["add-user", "--accounts", path, "dimsky"])
            XCTAssertEqual(status, .usage)
            XCTAssertEqual(harness.errorOutput, message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// Issue 21, point 6: the repeat check accepted `passé123` typed precomposed then decomposed, and the password
    /// stored could be typed only one way.
    func testTheRepeatedPasswordMustBeTheSameBytesThatAreHashed() async throws {
        let harness = ProgramHarness(typing: [.line("pass\u{E9}123"), .line("passe\u{301}123")])
        let status = try await harness.run(["add-user", "--accounts", path, "dimsky"])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(harness.errorOutput, "login: the passwords do not match; nothing was changed.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// Issue 21, point 6: `victim@example.com`, `Victim@Example.com` and `VICTIM@example.COM` were three accounts.
    /// Issue 31, F8: and fullwidth `ａｌｉｃｅ01` was added beside `alice01` (NFKC was not applied).
    func testANameThatIsTheSameAsAnotherOnceCaseAndFormsAreSetAsideIsRefused() async throws {
        try "# team\nvictim@example.com:$6$old$hash\njos\u{E9}.garcia:$6$old$hash\nalice01:$6$old$hash\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let before = try contents()
        for (name, existing, line) in [
            ("Victim@Example.com", "victim@example.com", 2), ("VICTIM@example.COM", "victim@example.com", 2),
            ("JOSE\u{301}.GARCIA", "jos\u{E9}.garcia", 3),
            ("\u{FF41}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}\u{FF10}\u{FF11}", "alice01", 4),
            ("\u{FF21}\u{FF2C}\u{FF29}\u{FF23}\u{FF25}01", "alice01", 4),
        ] {
            let harness = ProgramHarness()
            harness.standardInput = Array("balabala\n".utf8)
            let status = try await harness.run(["add-user", "--accounts", path, "--password-stdin", name])
            XCTAssertEqual(status, .usage, name)
            XCTAssertEqual(
                harness.errorOutput,
                "login: \(path): the name was refused: it is the same name as '\(existing)' on line \(line): names "
                    + "that differ only in letter case or Unicode form are one name; nothing was changed\n", name)
        }
        XCTAssertEqual(try contents(), before)

        let same = ProgramHarness()
        same.standardInput = Array("balabala\n".utf8)
        let replaced = try await same.run(["add-user", "--accounts", path, "--password-stdin", "jose\u{301}.garcia"])
        XCTAssertEqual(replaced, .success, "the same name in the other Unicode form is that entry: replaced")
    }

    /// Issue 21, point 3: entries login cannot use are reported by line; the file is still written.
    func testEntriesThatCannotSignInAreReportedByLine() async throws {
        try "md5.user:$1$saltsalt$R45iGIdxlBX197Fk6XdUH0\nlocked:*\nsetting:$6$salt$\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let harness = ProgramHarness()
        harness.standardInput = Array("balabala\n".utf8)
        let status = try await harness.run(["add-user", "--accounts", path, "--password-stdin", "dimsky"])
        XCTAssertEqual(status, .success)
        XCTAssertEqual(
            harness.errorOutput,
            "login: warning: \(path): line 1: the password hash uses md5crypt, which is not accepted; this entry "
                + "cannot sign in.\n"
                + "login: warning: \(path): line 3: the password hash is only a setting (method, cost and salt) "
                + "without the hashed password, so no password matches it; this entry cannot sign in.\n")
    }

    /// At most 10 entries of a kind are reported, then how many more: here exactly one more.
    func testEntriesPastTheTenthAreCounted() async throws {
        try (1...11).map { "setting\($0):$6$salt$\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let harness = ProgramHarness()
        harness.standardInput = Array("balabala\n".utf8)
        let status = try await harness.run(["add-user", "--accounts", path, "--password-stdin", "dimsky"])
        XCTAssertEqual(status, .success)
        let lines = harness.errorOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 11, harness.errorOutput)
        XCTAssertEqual(lines.last, "login: warning: … and 1 more entry like these.")
    }

    /// Issue 21, point 4: a held lock made `add-user` wait for ever, silently.
    func testAHeldLockIsWaitedForSaidThenGivenUpWithNothingChanged() async throws {
        // A line openssl passwd -6 made.
        let original =
            "dimsky:$6$J5Qo3L/H9ng4emci$y/2pqNFLLJPNgPZfbkzo8sEHslWsuggrTYvmmKVx7HT3CW5PP97DX4n3fFGFswMbkgRh5in8UiwKQiUYtgP/M1\n"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let holder = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        defer { close(holder) }

        let harness = ProgramHarness()
        harness.standardInput = Array("balabala\n".utf8)
        harness.lockTimeout = .zero  // one try: the wait itself is the end-to-end test's (a fraction of a second)
        let status = try await harness.run(["add-user", "--accounts", path, "--password-stdin", "bob.smith"])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            harness.errorOutput,
            "login: waiting for \(path).lock: another program is changing the account file (for at most 0 seconds)…\n"
                + "login: \(path).lock was still locked by another program after 0 seconds; nothing was changed. If "
                + "no login add-user or sign-up is running, find the holder with: fuser -v \(path).lock\n")
        XCTAssertEqual(try contents(), original)
    }

    /// Issue 21: a rewrite by root gave the file root's group (the new file is made by the writer); the group is the
    /// old file's, and (as root) so is the owner, as shadow's tools keep /etc/shadow's. Root can set any group, so
    /// the test runs as root; run as another user it checks the group the user already has.
    func testARewriteKeepsTheFilesGroup() async throws {
        let first = ProgramHarness()
        first.standardInput = Array("balabala\n".utf8)
        _ = try await first.run(["add-user", "--accounts", path, "--password-stdin", "dimsky"])
        let group: gid_t = geteuid() == 0 ? 4242 : getegid()
        XCTAssertEqual(chown(path, geteuid(), group), 0)

        let second = ProgramHarness()
        second.standardInput = Array("balabala\n".utf8)
        let status = try await second.run(["add-user", "--accounts", path, "--password-stdin", "bob.smith"])

        XCTAssertEqual(status, .success, second.errorOutput)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_gid, group, "the file's group is kept")
        XCTAssertEqual(info.st_uid, geteuid())
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertTrue(try contents().contains("bob.smith:"))
    }

    func testEndOfInputCancelsAndNoTerminalIsRefused() async throws {
        let cancelled = ProgramHarness(typing: [.line("balabala"), .endOfInput])
        let cancelledStatus = try await cancelled.run(["add-user", "--accounts", path, "dimsky"])
        XCTAssertEqual(cancelledStatus, .notSignedIn)
        XCTAssertEqual(cancelled.errorOutput, "")

        let noTerminal = ProgramHarness()
        noTerminal.hasTerminal = false
        let refused = try await noTerminal.run(["add-user", "--accounts", path, "dimsky"])
        XCTAssertEqual(refused, .usage)
        XCTAssertEqual(
            noTerminal.errorOutput,
            "login: cannot ask for the password: there is no terminal.\nIn a script, use --password-stdin.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testConcurrentWritersInOneProcessLoseNoEntry() async throws {
        let path = self.path
        let names = (1...24).map { "user.\($0)" }
        let hash = try CryptPasswordHasher(method: .sha512crypt).hash("balabala")
        let failures = NSLock()
        nonisolated(unsafe) var errors: [String] = []
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            do {
                _ = try AccountStore(path: path).setPasswordHash(hash, for: names[index])
            } catch {
                failures.withLock { errors.append("\(error)") }
            }
        }
        XCTAssertEqual(errors, [])
        XCTAssertEqual(Set(try AccountFile(parsing: contents()).accounts.map(\.name)), Set(names))
    }
}
