public import LoginFeature

#if canImport(CLibxcrypt)
    internal import CLibxcrypt
#endif
#if canImport(Glibc)
    internal import Glibc
#endif

/// Password hashing with libxcrypt's crypt(3): yescrypt by default, sha512crypt and bcrypt accepted, the same
/// `$id$…` strings as /etc/shadow, `mkpasswd` and `openssl passwd -6`.
///
/// It fails closed: a hash it cannot use, a `*` result from the library, or any error makes
/// ``verify(_:against:)`` return `false`. libxcrypt exists on Linux only; elsewhere ``init(method:)`` throws
/// ``PasswordHashingError/unavailable`` and callers refuse account files.
///
/// ```swift
/// let hasher = try CryptPasswordHasher()
/// let hash = try hasher.hash("balabala")       // "$y$j9T$…"
/// hasher.verify("balabala", against: hash)     // true
/// ```
public struct CryptPasswordHasher: PasswordHasher {
    /// A hashing method crypt(3) offers and this hasher accepts.
    public enum Method: String, CaseIterable, Hashable, Sendable {
        /// yescrypt (`$y$`), the default of current Linux distributions and of this hasher.
        case yescrypt
        /// SHA-512 crypt (`$6$`), as `openssl passwd -6` makes.
        case sha512crypt
        /// bcrypt (`$2b$`, also read as `$2a$` and `$2y$`); only the first 72 bytes of a password count, so
        /// ``CryptPasswordHasher/hash(_:)`` refuses longer ones.
        case bcrypt

        /// The cost passed to crypt_gensalt: libxcrypt's default (0) except for bcrypt, whose default of 5 is
        /// too cheap; 12 costs about a quarter of a second.
        package var cost: UInt {
            self == .bcrypt ? 12 : 0
        }

        /// The prefix new hashes get.
        var prefix: String {
            switch self {
            case .yescrypt: "$y$"
            case .sha512crypt: "$6$"
            case .bcrypt: "$2b$"
            }
        }

        /// The method of a stored hash, if it is one of the accepted ones.
        init?(hash: String) {
            // Bytes, not Characters: this runs for every entry of an account file (100,000 at start-up).
            var bytes = hash.utf8.makeIterator()
            guard bytes.next() == UInt8(ascii: "$") else { return nil }
            switch (bytes.next(), bytes.next(), bytes.next()) {
            case (UInt8(ascii: "y"), UInt8(ascii: "$"), _): self = .yescrypt
            case (UInt8(ascii: "6"), UInt8(ascii: "$"), _): self = .sha512crypt
            case (UInt8(ascii: "2"), UInt8(ascii: "a"), UInt8(ascii: "$")),
                (UInt8(ascii: "2"), UInt8(ascii: "b"), UInt8(ascii: "$")),
                (UInt8(ascii: "2"), UInt8(ascii: "y"), UInt8(ascii: "$")):
                self = .bcrypt
            default: return nil
            }
        }
    }

    /// Whether this platform has libxcrypt.
    public static var isAvailable: Bool {
        #if canImport(CLibxcrypt)
            true
        #else
            false
        #endif
    }

    /// The method new hashes use.
    public let method: Method
    /// The cost new hashes use: the method's own (``Method/cost``) unless a test chose a cheaper one.
    package let cost: UInt

    /// Creates a hasher.
    ///
    /// - Parameter method: The method for new hashes; yescrypt by default. Any accepted method can be verified.
    /// - Throws: ``PasswordHashingError/unavailable`` where libxcrypt does not exist (outside Linux).
    public init(method: Method = .yescrypt) throws(PasswordHashingError) {
        try self.init(method: method, cost: method.cost)
    }

    /// Creates a hasher whose new hashes use another cost than the method's: for this package's tests, where a
    /// round trip through bcrypt at cost 4 proves the same as one at cost 12 in a sixtieth of the time.
    ///
    /// - Parameters:
    ///   - method: The method for new hashes.
    ///   - cost: The cost passed to crypt_gensalt (0 for libxcrypt's default).
    /// - Throws: ``PasswordHashingError/unavailable`` where libxcrypt does not exist.
    package init(method: Method, cost: UInt) throws(PasswordHashingError) {
        guard Self.isAvailable else { throw .unavailable }
        self.method = method
        self.cost = cost
    }

    /// Hashes a password with a fresh salt from the operating system, at libxcrypt's default cost (bcrypt: 12).
    ///
    /// - Parameter password: The password; it must not contain NUL, and for bcrypt must be at most 72 bytes.
    /// - Returns: A crypt(3) string such as `$y$j9T$…`.
    /// - Throws: ``PasswordHashingError/unusablePassword(_:)`` for a password crypt(3) would shorten, and
    ///   ``PasswordHashingError/libraryFailure(_:)`` when libxcrypt fails.
    public func hash(_ password: String) throws(PasswordHashingError) -> String {
        if password.utf8.contains(0) { throw .unusablePassword("it contains a NUL character") }
        if method == .bcrypt, password.utf8.count > 72 {
            throw .unusablePassword("bcrypt uses only the first 72 bytes")
        }
        #if canImport(CLibxcrypt)
            var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
            guard crypt_gensalt_rn(method.prefix, cost, nil, 0, &setting, Int32(setting.count)) != nil else {
                throw .libraryFailure("crypt_gensalt_rn: \(Self.errorText())")
            }
            let settingText = String(decoding: setting.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let hash = Self.crypt(password, setting: settingText) else {
                throw .libraryFailure("crypt_r: \(Self.errorText())")
            }
            return hash
        #else
            throw .unavailable
        #endif
    }

    /// Tells whether a password matches a crypt(3) hash, comparing in constant time.
    ///
    /// - Parameters:
    ///   - password: The password to check.
    ///   - hash: A stored hash of an accepted method.
    /// - Returns: `true` only when crypt(3) reproduces the hash; `false` for an unaccepted method, a `*` result,
    ///   a password with NUL, or any error.
    public func verify(_ password: String, against hash: String) -> Bool {
        guard Method(hash: hash) != nil, !password.utf8.contains(0),
            let computed = Self.crypt(password, setting: hash)
        else { return false }
        let expected = Array(hash.utf8)
        let actual = Array(computed.utf8)
        guard expected.count == actual.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ actual[index] }
        return difference == 0
    }

    /// Checks that a stored hash uses an accepted method with settings libxcrypt accepts.
    ///
    /// - Parameter hash: A stored hash.
    /// - Throws: ``PasswordHashingError/unsupportedMethod(_:)`` naming the method (such as md5crypt) or
    ///   ``PasswordHashingError/malformedHash``.
    public func checkHash(_ hash: String) throws(PasswordHashingError) {
        guard Method(hash: hash) != nil else { throw .unsupportedMethod(Self.methodName(of: hash)) }
        #if canImport(CLibxcrypt)
            switch crypt_checksalt(hash) {
            case CRYPT_SALT_OK, CRYPT_SALT_TOO_CHEAP: return
            case CRYPT_SALT_METHOD_DISABLED, CRYPT_SALT_METHOD_LEGACY:
                throw .unsupportedMethod(Self.methodName(of: hash))
            default: throw .malformedHash
            }
        #else
            throw .unavailable
        #endif
    }

    // MARK: Private

    /// Runs crypt_r with zeroed scratch memory, wiped again afterwards; `nil` on an error or a `*` result.
    private static func crypt(_ password: String, setting: String) -> String? {
        #if canImport(CLibxcrypt)
            let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
            let size = MemoryLayout<crypt_data>.size
            memset(data, 0, size)
            defer {
                explicit_bzero(data, size)
                data.deallocate()
            }
            guard let result = crypt_r(password, setting, data) else { return nil }
            let text = String(cString: result)
            return text.hasPrefix("*") ? nil : text
        #else
            return nil
        #endif
    }

    private static func errorText() -> String {
        #if canImport(Glibc)
            String(cString: strerror(errno))
        #else
            "error"
        #endif
    }

    /// A readable name for a method this hasher refuses, for error messages.
    private static func methodName(of hash: String) -> String {
        let names: [(String, String)] = [
            ("$1$", "md5crypt"), ("$3$", "NT hash"), ("$5$", "sha256crypt"), ("$7$", "scrypt"),
            ("$gy$", "gost-yescrypt"), ("$sha1$", "sha1crypt"), ("$md5", "SunMD5"), ("_", "bsdicrypt"),
        ]
        if let name = names.first(where: { hash.hasPrefix($0.0) })?.1 { return name }
        if hash.utf8.count == 13, !hash.hasPrefix("$") { return "descrypt" }
        return "an unknown method"
    }
}
