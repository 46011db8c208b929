import LoginFeature
import TestSupport
import XCTest

@testable import LoginFeature

/// The account file's index keeps the low 32 bits of each name's hash beside its entry (issue 32), and a tag that
/// matches is only where a search starts: two names whose tags collide are still two accounts (issue 42).
final class AccountNameIndexTests: GuardedTestCase {
    /// Two ASCII names whose index hashes have the same low 32 bits under this process's key, found as the
    /// birthday bound says: after about 82,000 names on average (a collision among 400,000 fails to come once in
    /// 10^8 runs). The key is drawn per process, so the pair is found again in each.
    private static let collidingNames: (String, String) = {
        var seen: [UInt32: Int] = [:]
        seen.reserveCapacity(1 << 17)
        var number = 0
        while true {
            let name = Array("user.\(number)".utf8)
            let tag = name.withUnsafeBufferPointer { bytes in
                UInt32(truncatingIfNeeded: AccountNameIndex.hash(of: bytes, isASCII: true))
            }
            if let other = seen.updateValue(number, forKey: tag) { return ("user.\(other)", "user.\(number)") }
            number += 1
        }
    }()

    func testTheCollidingNamesReallyShareTheirTag() {
        let (first, second) = Self.collidingNames
        XCTAssertNotEqual(first, second)
        let tags = [first, second].map { name in
            Array(name.utf8).withUnsafeBufferPointer { UInt32(truncatingIfNeeded: AccountNameIndex.hash(of: $0)) }
        }
        XCTAssertEqual(tags[0], tags[1])
    }

    /// A name the file does not have, whose tag is an entry's, finds no entry: it never signs in with that
    /// entry's password, and is never that entry's account.
    func testANameWhoseTagIsAnotherEntrysIsNotThatEntry() async throws {
        let (first, second) = Self.collidingNames
        let hasher = FakePasswordHasher()
        let file = try AccountFile(parsing: "\(first):\(try hasher.hash("secret-1"))\n")
        XCTAssertEqual(file.account(named: first)?.name, first)
        XCTAssertNil(file.account(named: second), "\(second) shares \(first)'s tag, not its entry")
        let authenticator = AccountAuthenticator(file: file, hasher: hasher)
        do {
            let user = try await authenticator.authenticate(username: second, password: "secret-1")
            XCTFail("\(second) signed in as \(user.name) with \(first)'s password")
        } catch {
            XCTAssertEqual(error, .invalidCredentials)
        }
        let user = try await authenticator.authenticate(username: first, password: "secret-1")
        XCTAssertEqual(user.name, first)
    }

    /// A file that holds both names reads as two accounts (not as a name given twice), each with its own password.
    func testTwoNamesWhoseTagsCollideAreTwoAccounts() async throws {
        let (first, second) = Self.collidingNames
        let hasher = FakePasswordHasher()
        let file = try AccountFile(
            parsing: "\(first):\(try hasher.hash("secret-1"))\n\(second):\(try hasher.hash("secret-2"))\n")
        XCTAssertEqual(file.accountCount, 2)
        XCTAssertEqual(file.account(named: first)?.passwordHash, try hasher.hash("secret-1"))
        XCTAssertEqual(file.account(named: second)?.passwordHash, try hasher.hash("secret-2"))
        let authenticator = AccountAuthenticator(file: file, hasher: hasher)
        let user = try await authenticator.authenticate(username: second, password: "secret-2")
        XCTAssertEqual(user.name, second)
        do {
            _ = try await authenticator.authenticate(username: second, password: "secret-1")
            XCTFail("\(second) signed in with \(first)'s password")
        } catch {
            XCTAssertEqual(error, .invalidCredentials)
        }
    }
}
