import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

/// Signing in against hashed accounts: an unknown name costs the same work as a wrong password.
final class AccountAuthenticatorTests: GuardedTestCase {
    private let hasher = FakePasswordHasher()
    private var accounts: [Account] {
        [
            Account(name: "dimsky", passwordHash: "fake$alabalab"),
            Account(name: "bob.smith", passwordHash: "fake$terces"),
        ]
    }

    func testTheRightPasswordSignsIn() async throws {
        let authenticator = AccountAuthenticator(accounts: accounts, hasher: hasher)
        let user = try await withTimeLimit("the authentication") {
            try await authenticator.authenticate(username: "bob.smith", password: "secret")
        }
        XCTAssertEqual(user, User(name: "bob.smith"))
    }

    func testAWrongPasswordAndAnUnknownNameFailTheSameWayAfterTheSameWork() async throws {
        let authenticator = AccountAuthenticator(accounts: accounts, hasher: hasher)

        let wrongPassword = try await Self.failure(authenticator, "dimsky", "wrong-password")
        let unknownName = try await Self.failure(authenticator, "nobody", "wrong-password")

        XCTAssertEqual(wrongPassword, .invalidCredentials)
        XCTAssertEqual(unknownName, .invalidCredentials)
        XCTAssertEqual(
            hasher.verifications,
            [
                .init(password: "wrong-password", hash: "fake$alabalab"),
                .init(password: "wrong-password", hash: "fake$alabalab"),  // the unknown name: a dummy check
            ],
            "an unknown name is checked against a real account's hash, so it takes as long")
    }

    func testAnUnknownNameFailsEvenWithTheDummyAccountsPassword() async throws {
        let authenticator = AccountAuthenticator(accounts: accounts, hasher: hasher)
        let error = try await Self.failure(authenticator, "nobody", "balabala")  // matches the dummy hash
        XCTAssertEqual(error, .invalidCredentials)
    }

    func testWithNoAccountsEverySignInFails() async throws {
        let authenticator = AccountAuthenticator(accounts: [], hasher: hasher)
        let error = try await Self.failure(authenticator, "dimsky", "balabala")
        XCTAssertEqual(error, .invalidCredentials)
    }

    func testADuplicateNameKeepsTheFirstEntry() async throws {
        let authenticator = AccountAuthenticator(
            accounts: accounts + [Account(name: "dimsky", passwordHash: "fake$rehto")], hasher: hasher)
        let user = try await withTimeLimit("the authentication") {
            try await authenticator.authenticate(username: "dimsky", password: "balabala")
        }
        XCTAssertEqual(user.name, "dimsky")
        let error = try await Self.failure(authenticator, "dimsky", "other")
        XCTAssertEqual(error, .invalidCredentials)
    }

    func testACancelledTaskIsNotChecked() async throws {
        let authenticator = AccountAuthenticator(accounts: accounts, hasher: hasher)
        let error = try await withTimeLimit("a cancelled authentication") {
            await withTaskGroup(of: AuthenticationError?.self) { group in
                group.cancelAll()  // a task added to a cancelled group starts cancelled
                group.addTask { () async -> AuthenticationError? in
                    do throws(AuthenticationError) {
                        _ = try await authenticator.authenticate(username: "dimsky", password: "balabala")
                        return nil
                    } catch {
                        return error
                    }
                }
                return await group.next() ?? nil
            }
        }
        XCTAssertEqual(error, .cancelled)
        XCTAssertEqual(hasher.verifications, [])
    }

    func testAnAccountFileSignsInThroughItsOwnIndexWithTheSameWorkForUnknownNames() async throws {
        let file = try AccountFile(parsing: "# team\ndimsky:fake$alabalab\nbob.smith:fake$terces\n")
        let authenticator = AccountAuthenticator(file: file, hasher: hasher)

        let user = try await withTimeLimit("the authentication") {
            try await authenticator.authenticate(username: "bob.smith", password: "secret")
        }
        let wrongPassword = try await Self.failure(authenticator, "dimsky", "wrong-password")
        let unknownName = try await Self.failure(authenticator, "nobody", "balabala")  // matches the dummy hash

        XCTAssertEqual(user, User(name: "bob.smith"))
        XCTAssertEqual(wrongPassword, .invalidCredentials)
        XCTAssertEqual(unknownName, .invalidCredentials)
        XCTAssertEqual(
            hasher.verifications,
            [
                .init(password: "secret", hash: "fake$terces"),
                .init(password: "wrong-password", hash: "fake$alabalab"),
                .init(password: "balabala", hash: "fake$alabalab"),  // the unknown name: the first entry's hash
            ])
    }

    /// Issue 40, F3: a check the hasher could not make (libxcrypt had no memory for yescrypt) is no wrong password:
    /// the sign-in is unavailable, for a known name and an unknown one alike, and the failure tally does not count
    /// an unavailable sign-in.
    func testACheckThatCouldNotBeMadeIsUnavailableForEveryName() async throws {
        let hasher = OutOfMemoryHasher()
        let file = try AccountFile(parsing: "dimsky:\(try hasher.hash("balabala"))\n")
        let authenticator = AccountAuthenticator(file: file, hasher: hasher)
        for (name, password) in [("dimsky", "balabala"), ("dimsky", "wrong-one"), ("nobody.here", "balabala")] {
            do throws(AuthenticationError) {
                _ = try await authenticator.authenticate(username: name, password: password)
                XCTFail("\(name) signed in without a check")
            } catch {
                XCTAssertEqual(error, .unavailable, name)
            }
        }
    }

    func testAnAccountFileWithNoEntriesFailsEverySignIn() async throws {
        let authenticator = AccountAuthenticator(file: try AccountFile(parsing: "# nobody yet\n"), hasher: hasher)
        let error = try await Self.failure(authenticator, "dimsky", "balabala")
        XCTAssertEqual(error, .invalidCredentials)
        XCTAssertEqual(hasher.verifications, [])
    }

    /// The error signing in gives, waited for at most 5 seconds.
    private static func failure(
        _ authenticator: AccountAuthenticator, _ name: String, _ password: String
    ) async throws(TimeLimitExceeded) -> AuthenticationError? {
        try await withTimeLimit("the authentication of \(name)") { () async -> AuthenticationError? in
            do throws(AuthenticationError) {
                _ = try await authenticator.authenticate(username: name, password: password)
                return nil
            } catch {
                return error
            }
        }
    }
}

/// A hasher whose checks cannot be made, as libxcrypt's when it has no memory.
private struct OutOfMemoryHasher: PasswordHasher {
    func hash(_ password: String) throws(PasswordHashingError) -> String { "fake$" + String(password.reversed()) }
    func verify(_ password: String, against hash: String) -> Bool { false }
    func check(_ password: String, against hash: String) throws(PasswordHashingError) -> Bool {
        throw .libraryFailure("crypt_r: Cannot allocate memory")
    }
    func checkHash(_ hash: String) throws(PasswordHashingError) {}
}
