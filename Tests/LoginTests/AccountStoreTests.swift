import Foundation
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

/// The account file's store: what it refuses before it locks, and which bad hash of a large file it reports.
final class AccountStoreTests: XCTestCase {
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

    /// 10,000 entries are checked in four parts at once. The first part fails at its first entry; the last part
    /// waits until that has been checked, then goes through its 2,500 entries to a bad hash of its own, so it
    /// ends last: the error reported must still be the first line's, not the last to arrive.
    func testTheFirstUnusableHashOfALargeFileIsReportedWhicheverPartEndsLast() async throws {
        var lines = (0..<10_000).map { "user.\($0):fake$fine" }
        lines[0] = "user.0:fake$bad"
        lines[7_500] = "user.7500:fake$gate"
        lines[9_999] = "user.9999:fake$bad"
        let file = try AccountFile(parsing: lines.joined(separator: "\n") + "\n")
        let hasher = GatedHasher()
        let failure = try await withTimeout("the hash checks") { () async -> AccountStoreError? in
            do throws(AccountStoreError) {
                try await AccountStore.checkHashes(of: file, at: "team.accounts", with: hasher)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(
            failure, .malformed(path: "team.accounts", AccountFileError(.unusableHash(.malformedHash), line: 1)))
    }
}

/// A hasher that refuses `fake$bad`, and checks `fake$gate` only once a bad hash has been checked.
private final class GatedHasher: PasswordHasher, @unchecked Sendable {
    private let firstBadChecked = DispatchSemaphore(value: 0)

    func hash(_ password: String) throws(PasswordHashingError) -> String { "fake$" + password }
    func verify(_ password: String, against hash: String) -> Bool { false }

    func checkHash(_ hash: String) throws(PasswordHashingError) {
        switch hash {
        case "fake$bad":
            firstBadChecked.signal()
            throw .malformedHash
        case "fake$gate":
            _ = firstBadChecked.wait(timeout: .now() + 5)
            firstBadChecked.signal()
        default:
            break
        }
    }
}
