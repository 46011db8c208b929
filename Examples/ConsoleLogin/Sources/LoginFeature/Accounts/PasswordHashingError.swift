/// Why a password could not be hashed, or why a stored hash cannot be used.
public enum PasswordHashingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The hash is not in a format the hasher understands.
    case malformedHash
    /// The hash is only a setting (its method, cost and salt, such as `$6$salt$`) without the hash of a password,
    /// so no password matches it.
    case incompleteHash
    /// The hash uses a method the hasher does not accept; the associated value names it, such as `md5crypt`, or
    /// is `nil` when the method is not one the hasher knows by name.
    case unsupportedMethod(String?)
    /// The password cannot be hashed as is; the associated value says why.
    case unusablePassword(UnusablePassword)
    /// The hashing library reported an error; the associated value is its explanation.
    case libraryFailure(String)
    /// The platform has a hashing library, and it could not be opened: which, why, and how to install it.
    case libraryMissing(SystemLibraryError)
    /// No hashing library is available on this platform.
    case unavailable

    /// A sentence for error messages, in English; see ``description(in:)``.
    public var description: String { description(in: .english) }

    /// A sentence for error messages. A library failure's reason is the hashing library's, kept as it came.
    ///
    /// - Parameter language: The language of the sentence.
    /// - Returns: The sentence, without a final full stop.
    public func description(in language: Language) -> String {
        switch (self, language) {
        case (.malformedHash, .english): "the password hash is malformed"
        case (.malformedHash, .chinese): "密码哈希格式错误"
        case (.incompleteHash, .english):
            "the password hash is only a setting (method, cost and salt) without the hashed password, so no "
                + "password matches it"
        case (.incompleteHash, .chinese): "密码哈希只是一个设置（方法、成本和盐值），没有经过哈希的密码，因此任何密码都不匹配"
        case (.unsupportedMethod(let method?), .english): "the password hash uses \(method), which is not accepted"
        case (.unsupportedMethod(let method?), .chinese): "密码哈希使用了不被接受的 \(method)"
        case (.unsupportedMethod(nil), .english): "the password hash uses an unknown method, which is not accepted"
        case (.unsupportedMethod(nil), .chinese): "密码哈希使用了未知的、不被接受的方法"
        case (.unusablePassword(let problem), .english):
            "the password cannot be hashed: \(problem.description(in: language))"
        case (.unusablePassword(let problem), .chinese): "无法对密码进行哈希：\(problem.description(in: language))"
        case (.libraryFailure(let reason), .english): "the password hashing library failed: \(reason)"
        case (.libraryFailure(let reason), .chinese): "密码哈希库出错：\(reason)"
        case (.libraryMissing(let error), _): error.description(in: language)
        case (.unavailable, .english): "no password hashing library is available on this platform"
        case (.unavailable, .chinese): "此平台上没有可用的密码哈希库"
        }
    }
}

/// Why a password cannot be hashed as it is: the hash would stand for another password.
public enum UnusablePassword: Hashable, Sendable {
    /// The password contains a NUL character, where crypt(3) would end it.
    case containsNUL
    /// The method uses only the first `maximumBytes` bytes of a password (bcrypt: 72), and the password is longer.
    case tooLong(method: String, maximumBytes: Int)

    /// The reason, in English; see ``description(in:)``.
    public var description: String { description(in: .english) }

    /// The reason, such as "it contains a NUL character" (`它含有 NUL 字符`).
    ///
    /// - Parameter language: The language of the clause.
    /// - Returns: The clause, without a final full stop.
    public func description(in language: Language) -> String {
        switch (self, language) {
        case (.containsNUL, .english): "it contains a NUL character"
        case (.containsNUL, .chinese): "它含有 NUL 字符"
        case (.tooLong(let method, let maximumBytes), .english): "\(method) uses only the first \(maximumBytes) bytes"
        case (.tooLong(let method, let maximumBytes), .chinese): "\(method) 只使用前 \(maximumBytes) 个字节"
        }
    }
}
