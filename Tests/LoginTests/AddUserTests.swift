import ConsoleView
import Crypt
import Foundation
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

/// `login add-user`: the password asked twice hidden or read from standard input, names and passwords checked,
/// the file written whole, atomically, with mode 0600, and a malformed file never rewritten.
@MainActor
final class AddUserTests: XCTestCase {
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
        let verdicts = try await withTimeout("the written hashes' checks") { [written] in
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
        try "alice.smith:$6$a$b\n".write(toFile: path, atomically: true, encoding: .utf8)
        let elsewhere = folder.appendingPathComponent("elsewhere").path
        try FileManager.default.createSymbolicLink(atPath: path + ".lock", withDestinationPath: elsewhere)
        let harness = ProgramHarness(typing: [.line("balabala"), .line("balabala")])

        let status = try await harness.run(["add-user", "--accounts", path, "dimsky"])

        XCTAssertEqual(status, .usage)
        XCTAssertEqual(harness.errorOutput, "login: \(FileError.symbolicLink(path: path + ".lock"))\n")
        XCTAssertEqual(harness.terminal.events, [], "no password asked for a file that cannot be locked")
        XCTAssertEqual(try contents(), "alice.smith:$6$a$b\n")
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
