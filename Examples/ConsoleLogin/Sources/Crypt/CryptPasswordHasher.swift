internal import CSystemLibraries
public import LoginFeature

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Password hashing with libxcrypt's crypt(3): yescrypt by default, sha512crypt and bcrypt accepted, the same
/// `$id$…` strings as /etc/shadow, `mkpasswd` and `openssl passwd -6`.
///
/// It fails closed: a hash it cannot use, a `*` result from the library, or any error makes
/// ``verify(_:against:)`` return `false`. libxcrypt is opened by its soname (`libcrypt.so.1`) when the first hasher
/// is made; where it cannot be, ``init(method:)`` throws ``PasswordHashingError/libraryMissing(_:)``, and outside
/// Linux ``PasswordHashingError/unavailable``, and callers refuse account files.
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

        /// The cost passed to crypt_gensalt: libxcrypt's default (0), except 12 for bcrypt, whose default of 5
        /// is too cheap.
        package var cost: UInt {
            self == .bcrypt ? 12 : 0
        }

        /// The cheapest cost crypt_gensalt accepts (yescrypt 1, sha512crypt 1000 rounds, bcrypt 4), for this
        /// package's tests, which prove a round trip, not the cost.
        package var lowestCost: UInt {
            switch self {
            case .yescrypt: 1
            case .sha512crypt: 1000
            case .bcrypt: 4
            }
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
            var text = hash
            switch text.withUTF8(CryptPasswordHasher.prefixIndex(of:)) {
            case 0: self = .yescrypt
            case 1: self = .sha512crypt
            case .some: self = .bcrypt  // `$2a$`, `$2b$` or `$2y$`
            case nil: return nil
            }
        }
    }

    /// Whether libxcrypt could be opened: on Linux, when `libcrypt.so.1` is installed.
    public static var isAvailable: Bool {
        (try? Libxcrypt.opened.get()) != nil
    }

    /// The method new hashes use.
    public let method: Method
    /// The cost new hashes use: the method's own (``Method/cost``) unless a test chose a cheaper one.
    package let cost: UInt
    /// libxcrypt's functions.
    private let library: Libxcrypt

    /// Creates a hasher.
    ///
    /// - Parameter method: The method for new hashes; yescrypt by default. Any accepted method can be verified.
    /// - Throws: ``PasswordHashingError/libraryMissing(_:)`` when `libcrypt.so.1` cannot be opened, and
    ///   ``PasswordHashingError/unavailable`` outside Linux.
    public init(method: Method = .yescrypt) throws(PasswordHashingError) {
        try self.init(method: method, cost: method.cost)
    }

    /// Creates a hasher whose new hashes use another cost than the method's: for this package's tests, where a
    /// round trip through bcrypt at cost 4 proves the same as one at cost 12, in far less time.
    ///
    /// - Parameters:
    ///   - method: The method for new hashes.
    ///   - cost: The cost passed to crypt_gensalt (0 for libxcrypt's default).
    /// - Throws: What ``init(method:)`` throws.
    package init(method: Method, cost: UInt) throws(PasswordHashingError) {
        switch Libxcrypt.opened {
        case .success(let library): self.library = library
        case .failure(let error):
            #if os(Linux)
                throw .libraryMissing(error)
            #else
                _ = error
                throw .unavailable
            #endif
        }
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
        if password.utf8.contains(0) { throw .unusablePassword(.containsNUL) }
        if method == .bcrypt, password.utf8.count > 72 {
            throw .unusablePassword(.tooLong(method: "bcrypt", maximumBytes: 72))
        }
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard library.functions.crypt_gensalt_rn(method.prefix, cost, nil, 0, &setting, Int32(setting.count)) != nil
        else {
            throw .libraryFailure("crypt_gensalt_rn: \(Self.errorText(errno))")
        }
        let settingText = String(decoding: setting.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch crypt(password, setting: settingText) {
        case .hash(let hash): return hash
        case .failed(let error): throw .libraryFailure("crypt_r: \(Self.errorText(error))")
        }
    }

    /// Tells whether a password matches a crypt(3) hash, comparing in constant time.
    ///
    /// - Parameters:
    ///   - password: The password to check.
    ///   - hash: A stored hash of an accepted method.
    /// - Returns: `true` only when crypt(3) reproduces the hash; `false` for an unaccepted method, a `*` result,
    ///   a password with NUL, or any error.
    public func verify(_ password: String, against hash: String) -> Bool {
        (try? check(password, against: hash)) ?? false
    }

    /// Tells whether a password matches a crypt(3) hash, as ``verify(_:against:)`` does, or that libxcrypt had no
    /// memory for the check (`ENOMEM`: a yescrypt check takes 16 MiB at its default cost, under a low address-space
    /// limit), which is no wrong password.
    ///
    /// - Parameters:
    ///   - password: The password to check.
    ///   - hash: A stored hash of an accepted method.
    /// - Returns: `true` only when crypt(3) reproduces the hash; `false` for a wrong password, an unaccepted
    ///   method, a password with NUL, or any other error.
    /// - Throws: ``PasswordHashingError/libraryFailure(_:)`` when libxcrypt ran out of memory.
    public func check(_ password: String, against hash: String) throws(PasswordHashingError) -> Bool {
        guard Method(hash: hash) != nil, !password.utf8.contains(0) else { return false }
        let computed: String
        switch crypt(password, setting: hash) {
        case .hash(let hash): computed = hash
        case .failed(let error) where error == ENOMEM || Self.lacksMemory(forCheckOf: hash):
            throw .libraryFailure("crypt_r: \(Self.errorText(ENOMEM))")
        case .failed: return false
        }
        let expected = Array(hash.utf8)
        let actual = Array(computed.utf8)
        guard expected.count == actual.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ actual[index] }
        return difference == 0
    }

    /// Checks that a stored hash uses an accepted method with settings libxcrypt accepts, and is a whole hash:
    /// a setting alone (`$6$salt$`, what crypt_gensalt makes) matches no password.
    ///
    /// - Parameter hash: A stored hash.
    /// - Throws: ``PasswordHashingError/unsupportedMethod(_:)`` naming the method (such as md5crypt),
    ///   ``PasswordHashingError/incompleteHash`` or ``PasswordHashingError/malformedHash``.
    public func checkHash(_ hash: String) throws(PasswordHashingError) {
        guard Method(hash: hash) != nil else { throw .unsupportedMethod(Self.methodName(of: hash)) }
        try Self.check(library.functions.crypt_checksalt(hash), of: hash)
        var hash = hash
        let shape = hash.withUTF8 { bytes in Result { () throws(PasswordHashingError) in try Self.cost(of: bytes) } }
        _ = try shape.get()
    }

    /// Checks a stored hash as ``checkHash(utf8:)`` does and tells its method and cost: yescrypt's parameters
    /// (`$y$j9T`), sha512crypt's rounds (`$6$rounds=5000`, the default when the hash names none) or bcrypt's cost
    /// (`$2$12`, whichever of `$2a$`, `$2b$` and `$2y$`). Weak: sha512crypt below 5,000 rounds (its default),
    /// bcrypt below cost 10, and yescrypt with less memory than libxcrypt's cost 1 (``yescryptLeastMemory``:
    /// `$y$j/.$`, 512 bytes, checks far faster than the default).
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Returns: The hash's cost.
    /// - Throws: What ``checkHash(utf8:)`` throws.
    public func checkingCost(of hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError) -> HashCost {
        try checkedCost(of: hash)
    }

    /// Checks a stored hash's UTF-8 bytes as ``checkHash(_:)`` does, without making a `String` of them: an account
    /// file's 100,000 hashes are checked at start-up.
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Throws: ``PasswordHashingError/unsupportedMethod(_:)`` naming the method (such as md5crypt) or
    ///   ``PasswordHashingError/malformedHash``.
    public func checkHash(utf8 hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError) {
        _ = try checkedCost(of: hash)
    }

    /// ``checkHash(utf8:)``'s checks, and the hash's cost, in one pass.
    private func checkedCost(of hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError) -> HashCost {
        guard let prefix = Self.prefixIndex(of: hash) else {
            throw .unsupportedMethod(Self.methodName(of: String(decoding: hash, as: UTF8.self)))
        }
        // crypt_checksalt (libxcrypt 4.4) refuses a setting with a byte outside 0x21...0x7E or one of `! * : ; \`,
        // and otherwise answers from the method prefix alone; so for a hash without such bytes the answer for its
        // bare prefix is the answer, asked once per process (CryptTests compares the two).
        if !Self.hasRefusedSettingByte(hash) {
            try Self.check(library.prefixVerdicts[prefix], of: String(decoding: hash, as: UTF8.self))
        } else {
            let checksalt = library.functions.crypt_checksalt
            let result = withUnsafeTemporaryAllocation(of: CChar.self, capacity: hash.count + 1) { text in
                for (index, byte) in hash.enumerated() { text[index] = CChar(bitPattern: byte) }
                text[hash.count] = 0
                return text.baseAddress.map { checksalt($0) } ?? CRYPT_SALT_INVALID
            }
            try Self.check(result, of: String(decoding: hash, as: UTF8.self))
        }
        return try Self.cost(of: hash)
    }

    /// The settings of a stored hash: its method prefix and cost parameters, up to the `$` before its salt
    /// (`$y$j9T$`, `$6$rounds=5000$`, `$2b$12$`; `$6$` for sha512crypt's default rounds). Hashes with the same
    /// settings bytes have the same cost, and ``checkHash(utf8:settingsLength:)`` checks the rest.
    ///
    /// - Parameter hash: A stored hash's UTF-8 bytes.
    /// - Returns: The length of its settings; 0 for another method or when the settings do not end.
    public func settingsLength(of hash: UnsafeBufferPointer<UInt8>) -> Int {
        guard let prefix = Self.prefixIndex(of: hash) else { return 0 }
        let dollar = UInt8(ascii: "$")
        if prefix >= 2 { return hash.count >= 7 && hash[6] == dollar ? 7 : 0 }
        if prefix == 1 && !UnsafeBufferPointer(rebasing: hash[3...]).starts(with: "rounds=".utf8) { return 3 }
        var end = 3
        while end < hash.count && hash[end] != dollar { end += 1 }
        return end < hash.count ? end + 1 : 0
    }

    /// Checks a stored hash whose settings may be `settings`, those of a hash ``checkingCost(of:)`` accepted, as
    /// ``checkHash(utf8:)`` would: when the hash starts with them, what follows is a salt without `$`, a `$`, and a
    /// checksum of the method's length in crypt's base-64 alphabet (bcrypt: 53 characters of salt and checksum),
    /// and no byte before the checksum is one libxcrypt refuses in a setting. A hash with these settings that is
    /// not so is checked in full, for the error ``checkHash(utf8:)`` gives.
    ///
    /// - Parameters:
    ///   - hash: A stored hash's UTF-8 bytes.
    ///   - settings: ``settingsLength(of:)`` bytes of an accepted hash.
    /// - Returns: `true` when the hash has these settings and is accepted; `false` when its settings are others.
    /// - Throws: What ``checkHash(utf8:)`` throws, for a hash with these settings.
    public func checkHash(utf8 hash: UnsafeBufferPointer<UInt8>, settings: UnsafeBufferPointer<UInt8>)
        throws(PasswordHashingError) -> Bool
    {
        let length = settings.count
        guard length >= 3, hash.count >= length else { return false }
        var differ: UInt8 = 0
        for index in 0..<length { differ |= hash[index] ^ settings[index] }
        guard differ == 0 else { return false }
        // `$6$` is the settings of sha512crypt's default rounds, and of no hash that names its rounds.
        if length == 3, UnsafeBufferPointer(rebasing: hash[3...]).starts(with: "rounds=".utf8) { return false }
        if Self.isWholeAfterSettings(hash, settingsLength: length) { return true }
        _ = try checkedCost(of: hash)
        return true
    }

    // MARK: Private

    /// Whether a hash whose settings passed is whole after them, and has no refused byte: then
    /// ``checkedCost(of:)`` accepts it with the settings' cost.
    ///
    /// A checksum in the base-64 alphabet holds no refused byte, so only the bytes before it are searched.
    private static func isWholeAfterSettings(_ hash: UnsafeBufferPointer<UInt8>, settingsLength length: Int) -> Bool {
        guard let prefix = prefixIndex(of: hash), length > 0, length <= hash.count else { return false }
        if prefix >= 2 {
            return length == 7 && hash.count == 60 && isBase64(UnsafeBufferPointer(rebasing: hash[7..<60]))
        }
        let dollar = hash.count - (prefix == 0 ? 43 : 86) - 1  // the `$` before the checksum
        guard dollar >= length, hash[dollar] == UInt8(ascii: "$") else { return false }
        if hasRefusedSettingByte(UnsafeBufferPointer(rebasing: hash[..<dollar])) { return false }
        let salt = UnsafeBufferPointer(rebasing: hash[length..<dollar])
        return !anyByte(of: salt, where: { $0 == 0x24 ? 1 : 0 })
            && isBase64(UnsafeBufferPointer(rebasing: hash[(dollar + 1)..<hash.count]))
    }

    /// Whether any byte is one `test` gives 1 for (it gives 0 or 1, without branches): sixteen bytes at a time,
    /// the last sixteen overlapping the ones before, each sixteen a loop of a known count that the compiler turns
    /// into a few vector instructions.
    @inline(__always)
    private static func anyByte(of bytes: UnsafeBufferPointer<UInt8>, where test: (UInt8) -> UInt8) -> Bool {
        var found: UInt8 = 0
        guard let base = bytes.baseAddress, bytes.count >= 16 else {
            for byte in bytes { found |= test(byte) }
            return found != 0
        }
        var position = 0
        while position &+ 16 < bytes.count {
            found |= sixteen(base + position, test)
            position &+= 16
        }
        return (found | sixteen(base + (bytes.count &- 16), test)) != 0
    }

    /// `test` of sixteen bytes, ORed.
    @inline(__always)
    private static func sixteen(_ bytes: UnsafePointer<UInt8>, _ test: (UInt8) -> UInt8) -> UInt8 {
        var found: UInt8 = 0
        for offset in 0..<16 { found |= test(bytes[offset]) }
        return found
    }

    /// The method and cost of a hash whose prefix is an accepted method's, after checking that it is a whole hash:
    /// the parts crypt(3) writes, and a checksum of the method's length in crypt's base-64 alphabet.
    ///
    /// - Throws: ``PasswordHashingError/incompleteHash`` for a setting without its checksum (the hash ends after
    ///   its salt, with or without a `$`), ``PasswordHashingError/malformedHash`` for any other shape.
    private static func cost(of hash: UnsafeBufferPointer<UInt8>) throws(PasswordHashingError) -> HashCost {
        // No allocation for a hash of a usual cost: this runs for every entry of an account file (100,000 at
        // start-up), so the parts are found by their `$`, and a key is a slice of the hash or a constant.
        guard let prefix = prefixIndex(of: hash) else { throw .malformedHash }
        let dollar = UInt8(ascii: "$")
        if prefix >= 2 {  // bcrypt: $2b$CC$ + 22 characters of salt + 31 of checksum, 60 in all
            let cost = hash.count >= 7 ? digitsValue(UnsafeBufferPointer(rebasing: hash[4..<6])) : nil
            guard let cost, hash[6] == dollar, (4...31).contains(cost) else { throw .malformedHash }
            if hash.count <= 7 + 22 { throw .incompleteHash }
            guard hash.count == 60, isBase64(UnsafeBufferPointer(rebasing: hash[7...])) else { throw .malformedHash }
            let weakness = HashCost.Weakness(method: "bcrypt", measure: .cost, value: cost, minimum: 10)
            return HashCost(key: bcryptKeys[cost], weakness: cost < 10 ? weakness : nil)
        }
        // yescrypt: $y$PARAMETERS$SALT$CHECKSUM (43); sha512crypt: $6$[rounds=N$]SALT$CHECKSUM (86).
        let hasRounds = prefix == 1 && UnsafeBufferPointer(rebasing: hash[3...]).starts(with: "rounds=".utf8)
        let separators = prefix == 0 || hasRounds ? 2 : 1  // the `$` after the prefix, before the checksum
        var dollars = (0, 0)  // the first two `$` after the prefix
        var found = 0
        for index in 3..<hash.count where hash[index] == dollar {
            if found == 0 { dollars.0 = index } else if found == 1 { dollars.1 = index }
            found += 1
        }
        let last = separators == 1 ? dollars.0 : dollars.1
        if found < separators || (found == separators && last == hash.count - 1) { throw .incompleteHash }
        guard found == separators else { throw .malformedHash }
        let checksum = UnsafeBufferPointer(rebasing: hash[(last + 1)...])
        guard checksum.count == (prefix == 0 ? 43 : 86), isBase64(checksum) else { throw .malformedHash }
        if prefix == 0 {
            guard dollars.0 > 3 else { throw .malformedHash }
            let memory = yescryptMemory(parameters: UnsafeBufferPointer(rebasing: hash[3..<dollars.0]))
            let weakness = memory.flatMap { memory in
                memory < yescryptLeastMemory
                    ? HashCost.Weakness(
                        method: "yescrypt", measure: .memory, value: memory, minimum: yescryptLeastMemory)
                    : nil
            }
            return HashCost(
                key: String(decoding: UnsafeBufferPointer(rebasing: hash[..<dollars.0]), as: UTF8.self),
                weakness: weakness, memory: memory ?? 0)
        }
        guard hasRounds else { return HashCost(key: defaultSHA512Key) }
        let digits = UnsafeBufferPointer(rebasing: hash[10..<dollars.0])  // after "$6$rounds="
        guard let named = digitsValue(digits) else { throw .malformedHash }
        let rounds = min(max(named, 1000), 999_999_999)  // crypt(3) clamps the rounds to this range
        let weakness =
            rounds < 5000
            ? HashCost.Weakness(method: "sha512crypt", measure: .rounds, value: rounds, minimum: 5000) : nil
        if rounds == named && digits.first != UInt8(ascii: "0") {  // written as the key writes it
            return HashCost(
                key: String(decoding: UnsafeBufferPointer(rebasing: hash[..<dollars.0]), as: UTF8.self),
                weakness: weakness)
        }
        return HashCost(key: "$6$rounds=\(rounds)", weakness: weakness)
    }

    /// The least memory a yescrypt hash is not weak with, in bytes: libxcrypt's cost 1 (`crypt_gensalt` with a
    /// count of 1 makes `$y$j75$`: N = 1024 blocks of r = 8 times 128 bytes, 1 MiB). Its default, cost 5 (`j9T`),
    /// takes 16 MiB.
    static let yescryptLeastMemory = 128 * 1024 * 8

    /// The memory a yescrypt hash takes, in bytes (128 · N · r · p, as many as an `Int` holds), from the parameters
    /// of its settings (between `$y$` and the `$` before its salt), decoded as yescrypt decodes them: the flavour,
    /// log2 N, r, then, when more follows, which of p, t, g and NROM come and each of them. t (more passes over the
    /// same memory), g and NROM are not counted: memory is what slows guessing on a graphics card.
    ///
    /// - Parameter parameters: The parameters' bytes, such as `j9T`.
    /// - Returns: The bytes, or `nil` when the parameters cannot be decoded (then the hash is left to libxcrypt,
    ///   whose check fails closed).
    static func yescryptMemory(parameters: UnsafeBufferPointer<UInt8>) -> Int? {
        var position = 0
        func next(minimum: UInt32) -> UInt32? {
            guard position < parameters.count else { return nil }
            let value = decodeYescryptNumber(UnsafeBufferPointer(rebasing: parameters[position...]), minimum: minimum)
            guard let value else { return nil }
            position += value.length
            return value.number
        }
        guard next(minimum: 0) != nil, let logN = next(minimum: 1), logN <= 63, let r = next(minimum: 1) else {
            return nil
        }
        var p: UInt32 = 1
        if position < parameters.count {
            guard let have = next(minimum: 1) else { return nil }
            if have & 1 != 0 {
                guard let named = next(minimum: 2) else { return nil }
                p = named
            }
            for bit: UInt32 in [2, 4, 8] where have & bit != 0 {  // t, g, NROM: read, not counted
                guard next(minimum: 1) != nil else { return nil }
            }
        }
        guard position == parameters.count else { return nil }
        var memory = 128
        for factor in [logN < 62 ? 1 << Int(logN) : Int.max, Int(r), Int(p)] {
            let (product, overflow) = memory.multipliedReportingOverflow(by: factor)
            memory = overflow ? .max : product
        }
        return memory
    }

    /// One number of yescrypt's settings, in its variable-length encoding (yescrypt's `decode64_uint32`): the first
    /// character says how many follow and the high part, each further character six more bits; the number is at
    /// least `minimum`.
    ///
    /// - Returns: The number and how many characters it took, or `nil` for a character outside crypt's base-64
    ///   alphabet or too few characters.
    private static func decodeYescryptNumber(_ text: UnsafeBufferPointer<UInt8>, minimum: UInt32)
        -> (number: UInt32, length: Int)?
    {
        guard let first = text.first, let c = base64Value(first) else { return nil }
        var start: UInt32 = 0
        var end: UInt32 = 47
        var characters = 1
        var bits: UInt32 = 0
        var number = minimum
        while c > end {
            number &+= (end &+ 1 &- start) &<< bits
            start = end &+ 1
            end = start &+ (62 &- end) / 2
            characters += 1
            bits &+= 6
        }
        number &+= (c &- start) &<< bits
        guard text.count >= characters else { return nil }
        for index in 1..<characters {
            guard let value = base64Value(text[index]) else { return nil }
            bits &-= 6
            number &+= value &<< bits
        }
        return (number, characters)
    }

    /// A character's value in crypt's base-64 alphabet (`./0-9A-Za-z`), or `nil`.
    private static func base64Value(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: ".")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "."))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A")) + 12
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a")) + 38
        default: nil
        }
    }

    /// sha512crypt's key when a hash names no rounds: the default's.
    private static let defaultSHA512Key = "$6$rounds=5000"
    /// bcrypt's keys by cost, made once.
    private static let bcryptKeys = (0...31).map { "$2$\($0)" }

    /// The value of one to nine ASCII digits; `nil` for anything else.
    private static func digitsValue(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...9).contains(digits.count) else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// Whether every byte is in crypt(3)'s base-64 alphabet: `.`, `/`, digits and ASCII letters.
    @inline(__always)
    private static func isBase64(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Branch-free, three range tests a byte (a byte minus the range's start, wrapping, is below its length only
        // inside it), sixteen bytes at a time, which the compiler turns into vector instructions: it runs for
        // every entry of an account file. Two 64-bit masks of the alphabet shifted by each byte, and one pass over
        // the bytes of any count, both took more a byte (the Performance article has the figures).
        !anyByte(of: bytes) { byte in
            let isDotSlashOrDigit: UInt8 = byte &- 0x2E < 12 ? 1 : 0  // '.', '/' and '0'...'9' (0x2E to 0x39)
            let isUpper: UInt8 = byte &- 0x41 < 26 ? 1 : 0  // 'A'...'Z' (0x41 to 0x5A)
            let isLower: UInt8 = byte &- 0x61 < 26 ? 1 : 0  // 'a'...'z' (0x61 to 0x7A)
            return (isDotSlashOrDigit | isUpper | isLower) ^ 1
        }
    }

    /// Which accepted method's prefix (`$y$`, `$6$`, `$2a$`, `$2b$`, `$2y$`) starts a hash: the index of its
    /// answer in `prefixVerdicts`, or `nil` for another method; ``Method/init(hash:)`` reads the method from it.
    /// Bytes compared in place: this runs for every entry of an account file (100,000 at start-up).
    private static func prefixIndex(of hash: UnsafeBufferPointer<UInt8>) -> Int? {
        guard hash.count >= 3, hash[0] == UInt8(ascii: "$") else { return nil }
        switch (hash[1], hash[2]) {
        case (UInt8(ascii: "y"), UInt8(ascii: "$")): return 0
        case (UInt8(ascii: "6"), UInt8(ascii: "$")): return 1
        case (UInt8(ascii: "2"), UInt8(ascii: "a")) where hash.count >= 4 && hash[3] == UInt8(ascii: "$"): return 2
        case (UInt8(ascii: "2"), UInt8(ascii: "b")) where hash.count >= 4 && hash[3] == UInt8(ascii: "$"): return 3
        case (UInt8(ascii: "2"), UInt8(ascii: "y")) where hash.count >= 4 && hash[3] == UInt8(ascii: "$"): return 4
        default: return nil
        }
    }

    /// Whether a hash has a byte libxcrypt never accepts in a setting: one outside 0x21...0x7E or one of
    /// `! * : ; \`. Sixteen bytes at a time (the last sixteen overlapping the ones before), each sixteen a
    /// loop of a known count that the compiler turns into a few vector instructions: this runs for every entry
    /// of an account file.
    @inline(__always)
    private static func hasRefusedSettingByte(_ hash: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = hash.baseAddress, hash.count >= 16 else {
            return hash.contains { refusedSettingBytes(in: $0) != 0 }
        }
        var position = 0
        while position + 16 < hash.count {
            if hasRefusedSettingByte(in: base + position) { return true }
            position += 16
        }
        return hasRefusedSettingByte(in: base + hash.count - 16)
    }

    /// Whether any of sixteen bytes is refused in a setting.
    @inline(__always)
    private static func hasRefusedSettingByte(in bytes: UnsafePointer<UInt8>) -> Bool {
        var found: UInt8 = 0
        for offset in 0..<16 { found |= refusedSettingBytes(in: bytes[offset]) }
        return found != 0
    }

    /// 1 for a byte refused in a setting, 0 for any other: below 0x22 (`!` is 0x21) or above 0x7E, `*`, `:`
    /// or `;`, `\`. Without branches, so that a loop over bytes becomes vector instructions.
    @inline(__always)
    private static func refusedSettingBytes(in byte: UInt8) -> UInt8 {
        (byte &- 0x22 > 0x7E - 0x22 ? 1 : 0) | (byte == 0x2A ? 1 : 0) | (byte & 0xFE == 0x3A ? 1 : 0)
            | (byte == 0x5C ? 1 : 0)
    }

    /// Turns crypt_checksalt's answer into an error.
    ///
    /// - Parameters:
    ///   - result: crypt_checksalt's answer.
    ///   - hash: The hash, named in the error when its method is refused (made only then).
    private static func check(_ result: Int32, of hash: @autoclosure () -> String) throws(PasswordHashingError) {
        switch result {
        case CRYPT_SALT_OK, CRYPT_SALT_TOO_CHEAP: return
        case CRYPT_SALT_METHOD_DISABLED, CRYPT_SALT_METHOD_LEGACY: throw .unsupportedMethod(methodName(of: hash()))
        default: throw .malformedHash
        }
    }

    /// Whether a check of the hash failed for want of memory: libxcrypt's yescrypt reports EINVAL whatever went
    /// wrong, so after a failure the memory the hash's parameters take (``yescryptMemory(parameters:)``) is asked
    /// of the system: when it cannot be mapped now, the check could not be made (the hash may well be right). A
    /// hash whose parameters libxcrypt refuses (no memory needed for that) fails closed, as a wrong password.
    private static func lacksMemory(forCheckOf hash: String) -> Bool {
        var hash = hash
        let memory = hash.withUTF8 { bytes in (try? cost(of: bytes))?.memory ?? 0 }
        guard memory > 0 else { return false }
        #if canImport(Glibc)
            let size = memory + (1 << 20)
            let region = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
            guard region != MAP_FAILED else { return true }
            munmap(region, size)
        #endif
        return false
    }

    /// What crypt_r gave: the hash, or the error number of a `*` result.
    private enum Crypted {
        case hash(String)
        case failed(Int32)
    }

    /// Runs crypt_r with zeroed scratch memory, wiped again afterwards: the hash, or `errno` after an error or a
    /// `*` result.
    private func crypt(_ password: String, setting: String) -> Crypted {
        let size = Int(CRYPT_DATA_SIZE)
        let data = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        data.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        defer {
            #if canImport(Glibc)
                explicit_bzero(data, size)
            #else
                data.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            #endif
            data.deallocate()
        }
        // withCString, not the implicit conversion of a String argument: that copies the password into an array
        // of its own, freed afterwards with the bytes in it. withCString hands over the string's own storage.
        let crypt = library.functions.crypt_r
        errno = 0
        let result = password.withCString { phrase in setting.withCString { crypt(phrase, $0, data) } }
        let error = errno
        guard let result else { return .failed(error) }
        let text = String(cString: result)
        return text.hasPrefix("*") ? .failed(error) : .hash(text)
    }

    private static func errorText(_ error: Int32) -> String {
        #if canImport(Glibc)
            String(cString: strerror(error))
        #else
            "error \(error)"
        #endif
    }

    /// A readable name for a method this hasher refuses, for error messages; `nil` for a method it does not know.
    private static func methodName(of hash: String) -> String? {
        let names: [(String, String)] = [
            ("$1$", "md5crypt"), ("$3$", "NT hash"), ("$5$", "sha256crypt"), ("$7$", "scrypt"),
            ("$gy$", "gost-yescrypt"), ("$sha1$", "sha1crypt"), ("$md5", "SunMD5"), ("_", "bsdicrypt"),
        ]
        if let name = names.first(where: { hash.hasPrefix($0.0) })?.1 { return name }
        if hash.utf8.count == 13, !hash.hasPrefix("$") { return "descrypt" }
        return nil
    }
}

/// libxcrypt's functions (`csystem_open_crypt`), opened once per process when the first hasher is made, and
/// crypt_checksalt's answers for the bare prefixes of the accepted methods, asked then, in the order of
/// `prefixIndex(of:)`.
private struct Libxcrypt: @unchecked Sendable {  // a C table of function pointers, never written once opened
    let functions: csystem_crypt
    let prefixVerdicts: [Int32]

    static let opened: Result<Libxcrypt, SystemLibraryError> = {
        guard let functions = csystem_open_crypt()?.pointee else {
            return .failure(SystemLibraryError(library: .libxcrypt, reason: String(cString: csystem_open_error())))
        }
        let verdicts = ["$y$", "$6$", "$2a$", "$2b$", "$2y$"].map { prefix in
            prefix.withCString { functions.crypt_checksalt($0) }
        }
        return .success(Libxcrypt(functions: functions, prefixVerdicts: verdicts))
    }()
}
