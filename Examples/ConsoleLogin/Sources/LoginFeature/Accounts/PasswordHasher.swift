/// Turns passwords into salted one-way hashes and checks passwords against them.
///
/// The login feature never hashes by itself: the application injects an implementation (the `login` executable
/// uses libxcrypt's crypt(3) on Linux), so the feature builds everywhere and tests use a fake.
///
/// Implementations must fail closed: any error, malformed hash or unsupported method makes ``verify(_:against:)``
/// return `false`, never `true`.
public protocol PasswordHasher: Sendable {
    /// Hashes a password with a fresh random salt and the implementation's default method and cost.
    ///
    /// - Parameter password: The password; it is not kept.
    /// - Returns: The hash, in the implementation's text format (for crypt(3), such as `$y$j9T$…`).
    /// - Throws: ``PasswordHashingError`` when the password cannot be hashed (for example it contains NUL) or the
    ///   hashing library fails.
    func hash(_ password: String) throws(PasswordHashingError) -> String

    /// Tells whether a password matches a hash. Takes about as long for a wrong password as for a right one.
    ///
    /// - Parameters:
    ///   - password: The password to check; it is not kept.
    ///   - hash: A hash made by ``hash(_:)`` or a compatible tool.
    /// - Returns: `true` only when the password matches; `false` on any error.
    func verify(_ password: String, against hash: String) -> Bool

    /// Tells whether a password matches a hash, as ``verify(_:against:)`` does, or that the check could not be made:
    /// the hashing library had no memory for it (a yescrypt check takes 16 MiB at libxcrypt's default cost), which
    /// is no wrong password. ``AccountAuthenticator`` makes such a sign-in unavailable, and the failure tally does
    /// not count it. The default calls ``verify(_:against:)``.
    ///
    /// - Parameters:
    ///   - password: The password to check; it is not kept.
    ///   - hash: A hash made by ``hash(_:)`` or a compatible tool.
    /// - Returns: `true` only when the password matches; `false` for a wrong password or a hash that cannot match.
    /// - Throws: ``PasswordHashingError/libraryFailure(_:)`` when the check could not be made.
    func check(_ password: String, against hash: String) throws(PasswordHashingError) -> Bool

    /// Checks that a stored hash is well formed and uses a method this hasher accepts, so a bad account file is
    /// reported when it is read rather than failing every sign-in.
    ///
    /// - Parameter hash: A stored hash.
    /// - Throws: ``PasswordHashingError/malformedHash`` or ``PasswordHashingError/unsupportedMethod(_:)``.
    func checkHash(_ hash: String) throws(PasswordHashingError)

    /// Checks a stored hash given as UTF-8 bytes, as ``checkHash(_:)`` does; an account file checks every entry's
    /// hash this way without making a `String` of it. The default makes the `String` and calls ``checkHash(_:)``.
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Throws: ``PasswordHashingError/malformedHash`` or ``PasswordHashingError/unsupportedMethod(_:)``.
    func checkHash(utf8 hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError)

    /// Checks a stored hash as ``checkHash(utf8:)`` does and tells what checking a password against it costs: its
    /// method and cost, the parts of the hash that decide how long ``verify(_:against:)`` takes.
    /// ``AccountAuthenticator`` checks every sign-in against one hash of each cost found in the accounts, so an
    /// unknown name and a wrong password take the same time whatever the mix of methods and costs. The default
    /// puts every hash ``checkHash(utf8:)`` accepts at one cost, and calls none weak.
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Returns: The hash's cost.
    /// - Throws: What ``checkHash(utf8:)`` throws.
    func checkingCost(of hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError) -> HashCost

    /// How many leading bytes of a stored hash are its settings: its method and cost parameters, such as `$y$j9T$`,
    /// `$6$rounds=5000$` or `$2b$12$`. Two hashes whose settings are the same bytes have the same cost and the same
    /// verdict on their settings, so ``AccountHashes`` decodes each distinct settings once, with
    /// ``checkingCost(of:)``, and checks every other hash with those settings with ``checkHash(utf8:settings:)``.
    /// The default, 0, says a hash has no such settings: every hash is then checked with ``checkingCost(of:)``.
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Returns: The length of its settings, or 0.
    func settingsLength(of hash: UnsafeBufferPointer<UInt8>) -> Int

    /// Checks a stored hash as ``checkHash(utf8:)`` does when its settings are `settings`, the settings
    /// (``settingsLength(of:)``) of a hash ``checkingCost(of:)`` accepted: its cost is then that hash's, and only
    /// the rest needs checking. The default answers `false`.
    ///
    /// - Parameters:
    ///   - hash: A stored hash's UTF-8 bytes.
    ///   - settings: The settings of an accepted hash.
    /// - Returns: `true` when the hash has these settings and is accepted; `false` when its settings are others.
    /// - Throws: What ``checkHash(utf8:)`` throws for a hash with these settings.
    func checkHash(utf8 hash: UnsafeBufferPointer<UInt8>, settings: UnsafeBufferPointer<UInt8>)
        throws(PasswordHashingError) -> Bool
}

extension PasswordHasher {
    /// Calls ``verify(_:against:)``: a hasher whose checks always answer.
    ///
    /// - Parameters:
    ///   - password: The password to check.
    ///   - hash: A stored hash.
    /// - Returns: What ``verify(_:against:)`` returns.
    public func check(_ password: String, against hash: String) throws(PasswordHashingError) -> Bool {
        verify(password, against: hash)
    }

    /// Makes a `String` of the bytes and calls ``checkHash(_:)``.
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Throws: What ``checkHash(_:)`` throws.
    public func checkHash(utf8 hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError) {
        try checkHash(String(decoding: hash, as: UTF8.self))
    }

    /// Checks the hash with ``checkHash(utf8:)`` and gives every accepted hash the same cost, none weak.
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Returns: ``HashCost/uniform``.
    /// - Throws: What ``checkHash(utf8:)`` throws.
    public func checkingCost(of hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError) -> HashCost {
        try checkHash(utf8: hash)
        return .uniform
    }

    /// No settings: every hash is checked with ``checkingCost(of:)``.
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Returns: 0.
    public func settingsLength(of hash: UnsafeBufferPointer<UInt8>) -> Int {
        0
    }

    /// Answers `false`: with no settings (``settingsLength(of:)``), no hash has another's.
    ///
    /// - Parameters:
    ///   - hash: A stored hash's UTF-8 bytes.
    ///   - settings: The settings of an accepted hash (not used).
    /// - Returns: `false`.
    public func checkHash(utf8 hash: UnsafeBufferPointer<UInt8>, settings: UnsafeBufferPointer<UInt8>)
        throws(PasswordHashingError) -> Bool
    {
        false
    }
}
