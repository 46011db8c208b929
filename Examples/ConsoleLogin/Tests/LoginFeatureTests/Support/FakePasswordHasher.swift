import Foundation
import LoginFeature

/// A password hasher for tests: a "hash" is `fake$` and the password backwards, so tests can read it; it records
/// every verification so a test can check that work was done even for an unknown name.
///
/// A hash's method and cost is the part before its first `$`: `fake`, or `fake2`, `fake3`, … for other costs
/// (``checkingCost(of:)``), so a test can mix costs; `fakeweak` is a weak one. Its settings
/// (``settingsLength(of:)``) are that part and the `$`, unless the hasher is made without settings; it counts the
/// hashes it decoded in full.
final class FakePasswordHasher: PasswordHasher, @unchecked Sendable {
    /// Whether it tells its hashes' settings, so that ``AccountHashes`` decodes each distinct settings once.
    let knowsSettings: Bool

    init(knowsSettings: Bool = true) {
        self.knowsSettings = knowsSettings
    }

    struct Verification: Equatable {
        let password: String
        let hash: String

        /// The cost of the hash checked: the part before its first `$`.
        var cost: String { String(hash.prefix { $0 != "$" }) }
    }

    private let lock = NSLock()
    private var recorded: [Verification] = []
    private var decoded = 0

    /// How many hashes ``checkingCost(of:)`` decoded.
    var decodedCount: Int { lock.withLock { decoded } }

    var verifications: [Verification] { lock.withLock { recorded } }

    /// Forgets the verifications so far.
    func reset() {
        lock.withLock { recorded = [] }
    }

    func hash(_ password: String) throws(PasswordHashingError) -> String {
        if password.contains("\0") { throw .unusablePassword(.containsNUL) }
        return "fake$" + String(password.reversed())
    }

    func verify(_ password: String, against hash: String) -> Bool {
        lock.withLock { recorded.append(Verification(password: password, hash: hash)) }
        guard (try? checkHash(hash)) != nil, !password.contains("\0"), let dollar = hash.firstIndex(of: "$") else {
            return false
        }
        return hash[hash.index(after: dollar)...] == String(password.reversed())
    }

    func checkHash(_ hash: String) throws(PasswordHashingError) {
        guard hash.hasPrefix("fake"), let dollar = hash.firstIndex(of: "$"),
            hash[..<dollar].dropFirst(4).allSatisfy({ $0.isLetter || $0.isNumber })
        else { throw .unsupportedMethod(String(hash.prefix(3))) }
        if hash[hash.index(after: dollar)...].isEmpty { throw .incompleteHash }
    }

    /// The weakness of a `fakeweak$…` hash.
    static let weakness = HashCost.Weakness(method: "fake", measure: .cost, value: 1, minimum: 2)

    func checkingCost(of hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError) -> HashCost {
        lock.withLock { decoded += 1 }
        let text = String(decoding: hash, as: UTF8.self)
        try checkHash(text)
        let key = String(text.prefix { $0 != "$" })
        return HashCost(key: key, weakness: key == "fakeweak" ? Self.weakness : nil)
    }

    func settingsLength(of hash: UnsafeBufferPointer<UInt8>) -> Int {
        guard knowsSettings, let dollar = hash.firstIndex(of: UInt8(ascii: "$")) else { return 0 }
        return dollar + 1
    }

    func checkHash(utf8 hash: UnsafeBufferPointer<UInt8>, settings: UnsafeBufferPointer<UInt8>)
        throws(PasswordHashingError) -> Bool
    {
        guard knowsSettings, hash.starts(with: settings), settingsLength(of: hash) == settings.count else {
            return false
        }
        if hash.count == settings.count { throw .incompleteHash }
        return true
    }
}
