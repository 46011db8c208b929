import Foundation
import LoginFeature

/// A password hasher for tests: a "hash" is `fake$` and the password backwards, so tests can read it; it records
/// every verification so a test can check that work was done even for an unknown name.
final class FakePasswordHasher: PasswordHasher, @unchecked Sendable {
    struct Verification: Equatable {
        let password: String
        let hash: String
    }

    private let lock = NSLock()
    private var recorded: [Verification] = []

    var verifications: [Verification] { lock.withLock { recorded } }

    func hash(_ password: String) throws(PasswordHashingError) -> String {
        if password.contains("\0") { throw .unusablePassword("it contains NUL") }
        return "fake$" + String(password.reversed())
    }

    func verify(_ password: String, against hash: String) -> Bool {
        lock.withLock { recorded.append(Verification(password: password, hash: hash)) }
        return (try? self.hash(password)) == hash
    }

    func checkHash(_ hash: String) throws(PasswordHashingError) {
        guard hash.hasPrefix("fake$") else { throw .unsupportedMethod(String(hash.prefix(3))) }
    }
}
