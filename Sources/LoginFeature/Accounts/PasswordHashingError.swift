/// Why a password could not be hashed, or why a stored hash cannot be used.
public enum PasswordHashingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The hash is not in a format the hasher understands.
    case malformedHash
    /// The hash is only a setting (its method, cost and salt, such as `$6$salt$`) without the hash of a password,
    /// so no password matches it.
    case incompleteHash
    /// The hash uses a method the hasher does not accept; the associated value names it, such as `md5crypt`.
    case unsupportedMethod(String)
    /// The password cannot be hashed as is; the associated value says why.
    case unusablePassword(String)
    /// The hashing library reported an error; the associated value is its explanation.
    case libraryFailure(String)
    /// No hashing library is available on this platform.
    case unavailable

    /// A sentence for error messages.
    public var description: String {
        switch self {
        case .malformedHash: "the password hash is malformed"
        case .incompleteHash:
            "the password hash is only a setting (method, cost and salt) without the hashed password, so no "
                + "password matches it"
        case .unsupportedMethod(let method): "the password hash uses \(method), which is not accepted"
        case .unusablePassword(let reason): "the password cannot be hashed: \(reason)"
        case .libraryFailure(let reason): "the password hashing library failed: \(reason)"
        case .unavailable: "no password hashing library is available on this platform"
        }
    }
}
