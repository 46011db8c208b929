/// Why a ``PAMAuthenticator`` cannot be made.
public enum PAMError: Error, Hashable, Sendable, CustomStringConvertible {
    /// This platform has no Linux-PAM (it is used on Linux only), or it lacks what was asked of it.
    case unavailable
    /// The text cannot name a PAM service: it is not a plain file name.
    case invalidServiceName(String)

    /// One sentence for error messages.
    public var description: String {
        switch self {
        case .unavailable: "this build has no Linux-PAM (it is used on Linux, with libpam0g-dev)"
        case .invalidServiceName(let name):
            "\"\(name)\" is not a PAM service name (letters, digits, '.', '_' or '-', not starting with '.')"
        }
    }
}
