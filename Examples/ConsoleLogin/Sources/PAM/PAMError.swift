public import LoginFeature

/// Why a ``PAMAuthenticator`` cannot be made.
public enum PAMError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `libpam.so.0` could not be opened: why, and how to install it.
    case libraryMissing(SystemLibraryError)
    /// This platform has no Linux-PAM (it is used on Linux only), or it lacks what was asked of it.
    case unavailable
    /// The text cannot name a PAM service: it is not a plain file name.
    case invalidServiceName(String)

    /// One sentence for error messages, in English; see ``description(in:)``.
    public var description: String { description(in: .english) }

    /// One sentence for error messages.
    ///
    /// - Parameter language: The language of the sentence.
    /// - Returns: The sentence, without a final full stop.
    public func description(in language: Language) -> String {
        switch (self, language) {
        case (.libraryMissing(let error), _): error.description(in: language)
        case (.unavailable, .english): "this platform has no Linux-PAM (it is used on Linux only)"
        case (.unavailable, .chinese): "此平台没有 Linux-PAM（它只在 Linux 上使用）"
        case (.invalidServiceName(let name), .english):
            "\"\(name)\" is not a PAM service name (letters, digits, '.', '_' or '-', not starting with '.')"
        case (.invalidServiceName(let name), .chinese):
            "\"\(name)\" 不是 PAM 服务名（只能是字母、数字、'.'、'_' 或 '-'，且不能以 '.' 开头）"
        }
    }
}
