/// Why a profile source could not answer.
public enum ProfileSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store exists but cannot be read as profiles: the file and what is wrong with it.
    case corrupt(file: String, reason: String)
    /// The store could not be reached or opened, with the reason.
    case unreachable(String)
    /// The source gave up because its task was cancelled.
    case cancelled

    /// One sentence for the home screen's error state and notices.
    public var description: String {
        switch self {
        case .corrupt(let file, let reason): "\(file) is not a valid profile file: \(reason)"
        case .unreachable(let reason): reason
        case .cancelled: "the request was cancelled"
        }
    }
}
