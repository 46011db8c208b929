import TestSupport
import XCTest

@testable import login

/// OpenSSH's rule for account files, decided from owners and modes alone: what `stat` would say, for users a test
/// cannot be (another owner) as well as for modes.
final class AccountFilePermissionsTests: GuardedTestCase {
    private let user: UInt32 = 1000
    private func folder(mode: UInt32 = 0o700, owner: UInt32 = 1000) -> (path: String, status: FileStatus) {
        ("/home/team", FileStatus(mode: mode, owner: owner))
    }

    private func check(file: FileStatus?, folder: (path: String, status: FileStatus)? = nil)
        -> AccountFilePermissions.Finding
    {
        AccountFilePermissions.check(
            path: "/home/team/team.accounts", file: file, folder: folder ?? self.folder(), user: user)
    }

    func testPrivateFilesInPrivateFoldersOfTheUserOrRootAreSafe() {
        for mode: UInt32 in [0o600, 0o400, 0o700, 0o4600] {
            XCTAssertEqual(check(file: FileStatus(mode: mode, owner: user)), .safe, String(mode, radix: 8))
        }
        XCTAssertEqual(check(file: FileStatus(mode: 0o600, owner: 0), folder: folder(mode: 0o755, owner: 0)), .safe)
        XCTAssertEqual(check(file: nil), .safe, "a file add-user will create")
    }

    func testAFileGroupOrOthersCanWriteIsRefusedWithItsModeAndTheFix() {
        for mode: UInt32 in [0o620, 0o602, 0o666, 0o660] {
            XCTAssertEqual(
                check(file: FileStatus(mode: mode, owner: user)),
                .refused(.unsafeMode(path: "/home/team/team.accounts", mode: mode, isFolder: false)))
        }
        XCTAssertEqual(
            AccountStoreError.unsafeMode(path: "/home/team/team.accounts", mode: 0o664, isFolder: false).description,
            "/home/team/team.accounts is writable by group or others (mode 0664), so anyone who can write it can "
                + "add an account; refusing to use it. Fix it with: chmod 600 /home/team/team.accounts")
    }

    func testAFolderGroupOrOthersCanWriteIsRefusedEvenWithTheStickyBit() {
        for mode: UInt32 in [0o770, 0o707, 0o1777] {
            XCTAssertEqual(
                check(file: FileStatus(mode: 0o600, owner: user), folder: folder(mode: mode)),
                .refused(.unsafeMode(path: "/home/team", mode: mode, isFolder: true)))
            XCTAssertEqual(
                check(file: nil, folder: folder(mode: mode)),
                .refused(.unsafeMode(path: "/home/team", mode: mode, isFolder: true)), "nor is a file created there")
        }
    }

    func testAFileOrFolderOfAnotherUserIsRefused() {
        XCTAssertEqual(
            check(file: FileStatus(mode: 0o600, owner: 1001)),
            .refused(.untrustedOwner(path: "/home/team/team.accounts", owner: 1001, user: user)))
        XCTAssertEqual(
            check(file: FileStatus(mode: 0o600, owner: user), folder: folder(owner: 1001)),
            .refused(.untrustedOwner(path: "/home/team", owner: 1001, user: user)))
        XCTAssertEqual(
            AccountStoreError.untrustedOwner(path: "a", owner: 1001, user: 1000).description,
            "a belongs to user id 1001, not to you (1000) or root; refusing to use it")
    }

    func testAFileGroupOrOthersCanOnlyReadIsUsedWithAWarning() {
        for mode: UInt32 in [0o640, 0o604, 0o644, 0o444] {
            XCTAssertEqual(
                check(file: FileStatus(mode: mode, owner: user)),
                .readableByOthers(AccountFileWarning(path: "/home/team/team.accounts", mode: mode)))
            XCTAssertEqual(
                AccountFileWarning(path: "/home/team/team.accounts", mode: mode).description,
                "warning: /home/team/team.accounts is readable by group or others (mode "
                    + "\(AccountFilePermissions.octal(mode))), so its password hashes can be copied and guessed "
                    + "at; fix it with: chmod 600 /home/team/team.accounts")
        }
    }

    func testTheFixQuotesAPathForTheShell() {
        XCTAssertEqual(AccountFilePermissions.shellQuoted("team/a-b_c.accounts"), "team/a-b_c.accounts")
        XCTAssertEqual(AccountFilePermissions.shellQuoted("my team's file"), "'my team'\\''s file'")
        XCTAssertEqual(AccountFilePermissions.shellQuoted("$(rm -rf x)"), "'$(rm -rf x)'")
        XCTAssertEqual(AccountFilePermissions.octal(0o600), "0600")
        XCTAssertEqual(AccountFilePermissions.octal(0o1777), "1777")
    }
}
