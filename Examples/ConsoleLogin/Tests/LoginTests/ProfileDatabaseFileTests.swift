import ConsoleView
import Foundation
import LoginFeature
import TestSupport
import XCTest

@testable import login

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 31, F6: the home screen's SQLite file was used through a symbolic link and when group or others could
/// write it or its folder, silently, while the account file refused all three. It is checked as the account file
/// is, before anything is asked, for a session, a sign-up and `import-profiles`.
@MainActor
final class ProfileDatabaseFileTests: GuardedTestCase {
    private var folder: URL!
    private var database: String { folder.appendingPathComponent("profiles.sqlite").path }
    private let json = Paths.fixtures.appendingPathComponent("profiles/profiles.json").path

    override func setUp() async throws {
        folder = try Paths.temporaryFolder(for: self)
    }

    /// A session that would use the database, in English unless said otherwise, with the demo account.
    private func session(
        _ more: [String] = [], language: String = "en", defaultPath: String? = nil
    ) async throws -> (ExitCode, ProgramHarness) {
        let harness = ProgramHarness(typing: [.line("dimsky"), .line("balabala"), .line("quit")])
        harness.defaultProfileStorePath = defaultPath
        let status = try await harness.run(["--language", language] + more)
        return (status, harness)
    }

    func testASymbolicLinkIsRefusedForASessionASignUpAndAnImport() async throws {
        let real = folder.appendingPathComponent("real.sqlite").path
        XCTAssertTrue(FileManager.default.createFile(atPath: real, contents: nil))
        XCTAssertEqual(symlink(real, database), 0)
        let message =
            "login: \(database) is a symbolic link; the profile database is never opened through one, so nothing "
            + "was read or changed (use the real path)\n"

        let (status, harness) = try await session(["--profiles", database])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(harness.errorOutput, message)
        XCTAssertFalse(harness.output.contains("Username"), "nothing was asked")

        let (viaDefault, defaulted) = try await session(defaultPath: database)
        XCTAssertEqual(viaDefault, .usage, "the default database too")
        XCTAssertEqual(defaulted.errorOutput, message)

        let signup = ProgramHarness(typing: [.line("new@example.com")])
        let accounts = folder.appendingPathComponent("team.accounts").path
        let signedUp = try await signup.run(["signup", "--accounts", accounts, "--profiles", database])
        XCTAssertEqual(signedUp, .usage)
        XCTAssertEqual(signup.errorOutput, message)

        let importer = ProgramHarness()
        let imported = try await importer.run(["import-profiles", "--profiles", database, json])
        XCTAssertEqual(imported, .usage)
        XCTAssertEqual(importer.errorOutput, message)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: real)), Data(), "nothing written through it")
    }

    func testAFileOrFolderOthersCanWriteIsRefusedWithTheFix() async throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: database, contents: nil))
        XCTAssertEqual(chmod(database, 0o664), 0)
        let (status, harness) = try await session(["--profiles", database])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(
            harness.errorOutput,
            "login: \(database) is writable by group or others (mode 0664), so anyone who can write it can change "
                + "your profile and orders; refusing to use it as the profile database. Fix it with: chmod 600 "
                + "\(database)\n")

        XCTAssertEqual(chmod(database, 0o600), 0)
        XCTAssertEqual(chmod(folder.path, 0o777), 0)
        defer { chmod(folder.path, 0o700) }
        let (inOpenFolder, refused) = try await session(["--profiles", database], language: "zh")
        XCTAssertEqual(inOpenFolder, .usage)
        XCTAssertEqual(
            refused.errorOutput,
            "login: 文件夹 \(folder.path) 可被组或其他用户写入（权限 0777），能写入它的人都能更改你的资料和订单；"
                + "拒绝将其用作个人资料数据库。修复方法：chmod go-w \(folder.path)\n")
    }

    func testAPrivateOrOnlyReadableFileIsUsedAndAMissingOneIsMadeLater() async throws {
        for mode: mode_t in [0o600, 0o644] {
            try? FileManager.default.removeItem(atPath: database)
            XCTAssertTrue(FileManager.default.createFile(atPath: database, contents: nil))
            XCTAssertEqual(chmod(database, mode), 0)
            let (status, harness) = try await session(["--profiles", database])
            XCTAssertEqual(status, .success, String(mode, radix: 8))
            XCTAssertEqual(harness.errorOutput, "", "no warning: the file holds no password hashes")
        }
        let missing = folder.appendingPathComponent("not-yet/profiles.sqlite").path
        let (status, harness) = try await session(defaultPath: missing)
        XCTAssertEqual(status, .success, harness.errorOutput)
    }

    /// Whose file it is: the rule the account file's check uses, given another owner (changing a file's owner
    /// needs root, so the rule is checked on the statuses themselves).
    func testAFileOrFolderOfAnotherUserIsRefused() {
        let mine = FileStatus(mode: 0o700, owner: 1000)
        let others = FileStatus(mode: 0o600, owner: 1001)
        XCTAssertEqual(
            AccountFilePermissions.problem(path: "/d/p.sqlite", file: others, folder: ("/d", mine), user: 1000),
            .untrustedOwner(path: "/d/p.sqlite", owner: 1001))
        XCTAssertEqual(
            ProfileDatabaseFileError.untrustedOwner(path: "/d/p.sqlite", owner: 1001, user: 1000).description,
            "/d/p.sqlite belongs to user id 1001, not to you (1000) or root; refusing to use it as the profile database"
        )
        XCTAssertEqual(
            ProfileDatabaseFileError.untrustedOwner(path: "/d/p.sqlite", owner: 1001, user: 1000)
                .description(in: .chinese),
            "/d/p.sqlite 属于用户 ID 1001，既不属于你（1000）也不属于 root；拒绝将其用作个人资料数据库")
    }
}
