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
}

extension PasswordHasher {
    /// Makes a `String` of the bytes and calls ``checkHash(_:)``.
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Throws: What ``checkHash(_:)`` throws.
    public func checkHash(utf8 hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError) {
        try checkHash(String(decoding: hash, as: UTF8.self))
    }
}
