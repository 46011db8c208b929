import Foundation
import LoginFeature
import TestSupport
import XCTest

@testable import login

/// The account file's store: what it refuses before it locks.
final class AccountStoreTests: GuardedTestCase {
    private var folder: URL!
    private var path: String { folder.appendingPathComponent("team.accounts").path }

    override func setUp() async throws {
        folder = try Paths.temporaryFolder(for: self)
    }

    func testALockFileThatIsALinkIsRefusedAndNothingIsWritten() throws {
        try "dimsky:$6$old$hash\n".write(toFile: path, atomically: true, encoding: .utf8)
        let elsewhere = folder.appendingPathComponent("elsewhere").path
        try FileManager.default.createSymbolicLink(atPath: path + ".lock", withDestinationPath: elsewhere)
        let store = AccountStore(path: path)
        XCTAssertThrowsError(try store.addAccount(passwordHash: "$6$new$hash", for: "bob.smith")) { error in
            XCTAssertEqual(error as? AccountStoreError, .file(.symbolicLink(path: path + ".lock")))
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "dimsky:$6$old$hash\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere), "the link was not followed")
    }
}
