import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The account file as `login` meets it on disk: never reached through a symbolic link (neither the file nor its
/// lock), refused when group or others can write it or its folder, used with a warning when they can only read it.
final class AccountFileSafetyEndToEndTests: GuardedTestCase {
    private var login = ""
    private var folder = ""
    private var accounts: String { folder + "/team.accounts" }
    /// A sha512crypt entry for "s3cret pass".
    private let entry =
        "team.lead:$6$IKmvlLrDtqPScMgx$6Rfir58HkqHW18mta3qALd/atxKyL2Z3HkkBpnJFCQZTzyUpq8B0P7K7TdS6BC1d/oeU5SGQiR6yEXtUUeVXf/\n"

    override func setUpWithError() throws {
        login = try LoginBinary.path()
        folder = try Paths.temporaryFolder(for: self).path
    }

    private func signIn() throws -> PipedProcess.Result {
        try PipedProcess.run(
            login, ["--accounts", accounts, "--username", "team.lead", "--password-stdin"],
            input: Array("s3cret pass\n".utf8))
    }

    private func addUser() throws -> PipedProcess.Result {
        try PipedProcess.run(
            login, ["add-user", "--accounts", accounts, "--password-stdin", "--method", "sha512crypt", "new.member"],
            input: Array("another pass\n".utf8))
    }

    private func write(_ text: String, to path: String, mode: mode_t) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path, mode), 0)
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func testALockFileThatIsASymbolicLinkIsRefusedAndNothingIsCreated() throws {
        try write(entry, to: accounts, mode: 0o600)
        let elsewhere = folder + "/elsewhere"
        XCTAssertEqual(symlink(elsewhere, accounts + ".lock"), 0)

        let result = try addUser()

        XCTAssertEqual(result.status, .exited(2))
        XCTAssertEqual(
            result.errors,
            "login: \(accounts).lock is a symbolic link; an account file and its lock file are never followed "
                + "through one, so nothing was read or changed (use the real path)\n")
        XCTAssertEqual(try listing(), ["team.accounts", "team.accounts.lock"], "the link's target was not created")
        XCTAssertEqual(try String(contentsOfFile: accounts, encoding: .utf8), entry)
    }

    func testAnAccountFileThatIsASymbolicLinkIsRefusedForSignInAndForAddUser() throws {
        let real = folder + "/real.accounts"
        try write(entry, to: real, mode: 0o600)
        XCTAssertEqual(symlink(real, accounts), 0)
        let message =
            "login: \(accounts) is a symbolic link; an account file and its lock file are never followed through "
            + "one, so nothing was read or changed (use the real path)\n"

        for result in [try signIn(), try addUser()] {
            XCTAssertEqual(result.status, .exited(2))
            XCTAssertEqual(result.errors, message)
        }
        XCTAssertEqual(try listing(), ["real.accounts", "team.accounts"], "no lock file, no temporary file")
        XCTAssertEqual(try String(contentsOfFile: real, encoding: .utf8), entry)
    }

    func testAFileOthersCanWriteIsRefusedWithItsModeAndTheFix() throws {
        for mode: mode_t in [0o620, 0o602, 0o666] {
            try write(entry, to: accounts, mode: mode)
            let octal = "0" + String(mode, radix: 8)
            let message =
                "login: \(accounts) is writable by group or others (mode \(octal)), so anyone who can write it can "
                + "add an account; refusing to use it. Fix it with: chmod 600 \(accounts)\n"
            for result in [try signIn(), try addUser()] {
                XCTAssertEqual(result.status, .exited(2), octal)
                XCTAssertEqual(result.errors, message)
            }
            XCTAssertEqual(try String(contentsOfFile: accounts, encoding: .utf8), entry, "add-user changed nothing")
        }
    }

    func testAFolderOthersCanWriteIsRefusedWithTheFix() throws {
        try write(entry, to: accounts, mode: 0o600)
        XCTAssertEqual(chmod(folder, 0o775), 0)
        let message =
            "login: the folder \(folder) is writable by group or others (mode 0775), so anyone who can write it "
            + "can add an account; refusing to use it. Fix it with: chmod go-w \(folder)\n"
        for result in [try signIn(), try addUser()] {
            XCTAssertEqual(result.status, .exited(2))
            XCTAssertEqual(result.errors, message)
        }
        XCTAssertEqual(try listing(), ["team.accounts"])
    }

    func testAFileOverTheLimitIsRefusedWithItsSizeAndTheLimit() throws {
        try write(entry, to: accounts, mode: 0o600)
        XCTAssertEqual(truncate(accounts, 20_000_000), 0)  // sparse: nothing is written to the disk

        for result in [try signIn(), try addUser()] {
            XCTAssertEqual(result.status, .exited(2))
            XCTAssertEqual(
                result.errors,
                "login: \(accounts) is 20000000 bytes, more than the 16777216 bytes (16 MiB) an account file may have\n"
            )
        }
    }

    func testAFileOthersCanReadIsUsedWithAWarning() throws {
        try write(entry, to: accounts, mode: 0o644)
        let warning =
            "login: warning: \(accounts) is readable by group or others (mode 0644), so its password hashes can be "
            + "copied and guessed at; fix it with: chmod 600 \(accounts)\n"

        let signedIn = try signIn()
        XCTAssertEqual(signedIn.status, .exited(0))
        XCTAssertEqual(signedIn.errors, warning)

        let added = try addUser()
        XCTAssertEqual(added.status, .exited(0))
        XCTAssertEqual(added.errors, warning, "warned once")
        var info = stat()
        XCTAssertEqual(stat(accounts, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "add-user writes the file back private")
    }
}
