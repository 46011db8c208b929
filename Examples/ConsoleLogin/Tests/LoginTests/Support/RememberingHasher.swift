import Crypt
import Foundation
import LoginFeature

/// A password hasher that asks the real one once per password and hash, and remembers the answer for the rest of
/// the test run.
///
/// Checking a password against a yescrypt hash takes about a tenth of a second by design; the transcripts and the
/// program's tests check the same few passwords against the same hashes for every pattern, so remembering the
/// real answers keeps every check real while the runs take a fraction of the time. New hashes are never
/// remembered: each has a fresh salt. (CryptTests test the hasher itself.)
struct RememberingHasher: PasswordHasher {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var answers: [String: Bool] = [:]

    let hasher: any PasswordHasher

    init(_ hasher: any PasswordHasher) {
        self.hasher = hasher
    }

    /// The program's crypt(3) hasher for in-process tests, remembering its answers. New hashes use each method's lowest
    /// cost (yescrypt 1, sha512crypt 1000 rounds, bcrypt 4: about 2 ms each, against 47 ms for yescrypt's default and
    /// 250 ms for bcrypt 12), unless `atFullCost`; hashes already in a file are checked at the cost they name. The
    /// costs `login` itself uses are CryptTests' and the end-to-end tests' to prove (and
    /// `AddUserTests.testAMethodCanBeChosen`, at full cost).
    ///
    /// - Parameters:
    ///   - method: The method for new hashes.
    ///   - atFullCost: Whether new hashes cost what `login` makes them cost.
    /// - Returns: The hasher.
    /// - Throws: What `CryptPasswordHasher` throws where libxcrypt cannot be opened.
    static func crypt(_ method: CryptPasswordHasher.Method, atFullCost: Bool = false) throws(PasswordHashingError)
        -> RememberingHasher
    {
        let cost = atFullCost ? method.cost : method.lowestCost
        return RememberingHasher(try CryptPasswordHasher(method: method, cost: cost))
    }

    func hash(_ password: String) throws(PasswordHashingError) -> String {
        try hasher.hash(password)
    }

    func verify(_ password: String, against hash: String) -> Bool {
        let key = "\(password.utf8.count):\(password)\u{0}\(hash)"
        if let known = Self.lock.withLock({ Self.answers[key] }) { return known }
        let answer = hasher.verify(password, against: hash)
        Self.lock.withLock { Self.answers[key] = answer }
        return answer
    }

    func checkHash(_ hash: String) throws(PasswordHashingError) {
        try hasher.checkHash(hash)
    }
}
