import Foundation
import TestSupport
import XCTest

/// Issue 37 on the built binary: `login` opens Linux-PAM, SQLite and libxcrypt by their sonames, and a library that
/// cannot be opened turns off only the commands that need it, saying why and what to install (exit status 2).
///
/// The debug-only `PUREMVVM_TEST_MISSING_LIBRARIES` makes the binary open a name that does not exist instead of each
/// listed soname, so what is checked is the dynamic loader's own failure, as on a machine without the library.
/// (scripts/bare-machine-check.sh runs the real binary where the libraries are installed and their development
/// packages are not.)
final class MissingSystemLibraryEndToEndTests: GuardedTestCase {
    private func run(
        _ arguments: [String], input: String = "", missing: String
    ) throws -> PipedProcess.Result {
        try PipedProcess.run(
            try LoginBinary.path(), arguments, input: Array(input.utf8),
            // No real failure delay: a wrong password here proves only that the check ran.
            environment: Spawn.environment([
                "PUREMVVM_TEST_MISSING_LIBRARIES": missing, "PUREMVVM_TEST_SKIP_DELAYS": "1",
            ]))
    }

    func testWithoutLibpamPAMSaysWhatToInstallAndTheDemoStillSignsIn() throws {
        let pam = try run(
            ["--pam", "--username", "dimsky", "--password-stdin"], input: "balabala\n", missing: "libpam.so.0")
        XCTAssertEqual(pam.status, .exited(2), pam.errors)
        XCTAssertTrue(pam.errors.hasPrefix("login: --pam needs Linux-PAM: Linux-PAM could not be loaded ("), pam.errors)
        XCTAssertTrue(pam.errors.contains("libpam.so.0: cannot open shared object file"), pam.errors)
        XCTAssertTrue(pam.errors.hasSuffix("; install it with `apt-get install libpam0g` (Debian, Ubuntu).\n"))
        XCTAssertEqual(pam.output, "", "nothing asked")

        let demo = try run(["--username", "dimsky", "--password-stdin"], input: "balabala\n", missing: "libpam.so.0")
        XCTAssertEqual(demo.status, .exited(0), demo.errors)
    }

    func testWithoutLibcryptAccountFilesSayWhatToInstallAndTheDemoStillSignsIn() throws {
        let accounts = try Paths.temporaryFolder(for: self).appendingPathComponent("team.accounts").path
        let addUser = try run(
            ["add-user", "--accounts", accounts, "--password-stdin", "bob.builder"], input: "a-password\n",
            missing: "libcrypt.so.1")
        XCTAssertEqual(addUser.status, .exited(2), addUser.errors)
        XCTAssertTrue(addUser.errors.hasPrefix("login: account files need libxcrypt: libxcrypt could not be loaded ("))
        XCTAssertTrue(addUser.errors.contains("libcrypt.so.1: cannot open shared object file"), addUser.errors)
        XCTAssertTrue(addUser.errors.hasSuffix("; install it with `apt-get install libcrypt1` (Debian, Ubuntu).\n"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: accounts), "nothing written")

        let demo = try run(["--username", "dimsky", "--password-stdin"], input: "balabala\n", missing: "libcrypt.so.1")
        XCTAssertEqual(demo.status, .exited(0), "the demo account's password is known: \(demo.errors)")
        let wrong = try run(
            ["--username", "dimsky", "--password-stdin"], input: "balabalA\n", missing: "libcrypt.so.1")
        XCTAssertEqual(wrong.status, .exited(1), wrong.errors)
    }

    func testWithoutSQLiteTheHomeScreensDatabaseSaysWhatToInstallAndAScriptStillSignsIn() throws {
        let folder = try Paths.temporaryFolder(for: self)
        let database = folder.appendingPathComponent("profiles.sqlite").path
        let json = Paths.fixtures.appendingPathComponent("profiles/profiles.json").path
        let chinese = try run(
            ["import-profiles", "--language", "zh", "--profiles", database, json], missing: "libsqlite3.so.0")
        XCTAssertEqual(chinese.status, .exited(2), chinese.errors)
        XCTAssertTrue(chinese.errors.hasPrefix("login: 主页的数据库需要 SQLite：无法加载 SQLite（"), chinese.errors)
        XCTAssertTrue(chinese.errors.hasSuffix("）；请用 `apt-get install libsqlite3-0` 安装（Debian、Ubuntu）。\n"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: database), "nothing written")

        let script = try run(
            ["--username", "dimsky", "--password-stdin", "--profiles", database], input: "balabala\n",
            missing: "libsqlite3.so.0")
        XCTAssertEqual(script.status, .exited(0), "a script's sign-in shows no home screen: \(script.errors)")
    }
}
