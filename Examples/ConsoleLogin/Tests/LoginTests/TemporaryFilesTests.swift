import Foundation
import LoginFeature
import TestSupport
import XCTest

@testable import login

/// Issue 40, F8: the account file and its tally are replaced through temporary files named
/// `.FILE.login-tmp-XXXXXX`, a name only `login` makes, and the next writer removes only those a killed writer
/// left. Before, every `.FILE.` plus six characters was taken for one: any sign-in deleted the owner's
/// `.FILE.faillock.backup`, and `add-user` deleted `.FILE.backup` and `.FILE.2025q1`.
@MainActor
final class TemporaryFilesTests: GuardedTestCase {
    private var folder: URL!
    private var path: String { folder.appendingPathComponent("team.accounts").path }

    override func setUp() async throws {
        folder = try Paths.temporaryFolder(for: self)
    }

    /// The owner's files beside the account file: the old rule's six characters after `.FILE.`, and names close
    /// to the temporary files' (too short, too long, another character).
    private let ownersFiles = [
        ".team.accounts.backup", ".team.accounts.2025q1", ".team.accounts.faillock.backup",
        ".team.accounts.login-tmp-abc12", ".team.accounts.login-tmp-abc1234", ".team.accounts.login-tmp-ab.12z",
        ".team.accounts.faillock.login-tmp-ab-12z", "team.accounts.login-tmp-Ab3dE9",
    ]

    private func make(_ names: [String]) throws {
        for name in names {
            try "the owner's\n".write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
    }

    private func listing() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    func testAddUserAndSignInsRemoveOnlyTheirOwnLeftovers() async throws {
        try make(ownersFiles + [".team.accounts.login-tmp-Ab3dE9", ".team.accounts.faillock.login-tmp-z9Y8x7"])
        let adder = ProgramHarness()
        adder.standardInput = Array("balabala\n".utf8)
        let added = try await adder.run(["add-user", "--accounts", path, "--password-stdin", "dimsky"])
        XCTAssertEqual(added, .success, adder.errorOutput)
        XCTAssertEqual(
            try listing(),
            Set(ownersFiles + ["team.accounts", "team.accounts.lock", ".team.accounts.faillock.login-tmp-z9Y8x7"]),
            "add-user removed its own leftover, and nothing else")

        for name in ["nobody.here", "dimsky"] {
            let harness = ProgramHarness()
            harness.standardInput = Array("wrong-password\n".utf8)
            let status = try await harness.run(["--accounts", path, "--username", name, "--password-stdin"])
            XCTAssertEqual(status, .notSignedIn, harness.errorOutput)
        }
        XCTAssertEqual(
            try listing(), Set(ownersFiles + ["team.accounts", "team.accounts.lock", "team.accounts.faillock"]),
            "the tally's writer removed its own leftover, and nothing else")
        for name in ownersFiles {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(text, "the owner's\n", name)
        }
    }

    func testTheNamesOfTemporaryFiles() {
        let prefix = POSIXFiles.temporaryPrefix(of: "/home/team/team.accounts")
        XCTAssertEqual(prefix, ".team.accounts.login-tmp-")
        XCTAssertEqual(POSIXFiles.temporaryPrefix(of: "team.accounts.faillock"), ".team.accounts.faillock.login-tmp-")
        for name in [".team.accounts.login-tmp-Ab3dE9", ".team.accounts.login-tmp-000000"] {
            XCTAssertTrue(POSIXFiles.isTemporaryFile(name, prefix: prefix), name)
        }
        for name in ownersFiles + [".team.accounts.login-tmp-Ab3dé", ".team.accounts.login-tmp-Ab3dE\u{0}"] {
            XCTAssertFalse(POSIXFiles.isTemporaryFile(name, prefix: prefix), name)
        }
    }
}
