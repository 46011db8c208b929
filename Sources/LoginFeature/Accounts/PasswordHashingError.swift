/// Why a password could not be hashed, or why a stored hash cannot be used.
public enum PasswordHashingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The hash is not in a format the hasher understands.
    case malformedHash
    /// The hash uses a method the hasher does not accept; the associated value names it, such as `md5crypt`.
    case unsupportedMethod(String)
    /// The password cannot be hashed as is; the associated value says why.
    case unusablePassword(String)
    /// The hashing library reported an error; the associated value is its explanation.
    case libraryFailure(String)
    /// No hashing library is available on this platform.
    case unavailable

    /// A sentence for error messages, in English; see ``description(in:)``.
    public var description: String { description(in: .english) }

    /// A sentence for error messages. The associated reasons are the hashing library's, kept as they came.
    ///
    /// - Parameter language: The language of the sentence.
    /// - Returns: The sentence, without a final full stop.
    public func description(in language: Language) -> String {
        switch (self, language) {
        case (.malformedHash, .english): "the password hash is malformed"
        case (.malformedHash, .chinese): "密码哈希格式错误"
        case (.unsupportedMethod(let method), .english): "the password hash uses \(method), which is not accepted"
        case (.unsupportedMethod(let method), .chinese): "密码哈希使用了不被接受的 \(method)"
        case (.unusablePassword(let reason), .english): "the password cannot be hashed: \(reason)"
        case (.unusablePassword(let reason), .chinese): "无法对密码进行哈希：\(reason)"
        case (.libraryFailure(let reason), .english): "the password hashing library failed: \(reason)"
        case (.libraryFailure(let reason), .chinese): "密码哈希库出错：\(reason)"
        case (.unavailable, .english): "no password hashing library is available on this platform"
        case (.unavailable, .chinese): "此平台上没有可用的密码哈希库"
        }
    }
}
