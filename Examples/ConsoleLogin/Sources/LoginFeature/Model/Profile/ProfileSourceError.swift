/// Why a profile source could not answer.
public enum ProfileSourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store exists but cannot be read as profiles: the file and what is wrong with it.
    case corrupt(file: String, reason: ProfileProblem)
    /// The store could not be reached, opened or written, and why.
    case unreachable(ProfileProblem)
    /// The source gave up because its task was cancelled.
    case cancelled

    /// One sentence for the home screen's error state and notices, in English; see ``description(in:)``.
    public var description: String { description(in: .english) }

    /// One sentence for the home screen's error state and notices.
    ///
    /// - Parameter language: The language of the program's own words; text from a library or the system in a
    ///   ``ProfileProblem`` is kept as it came.
    /// - Returns: The sentence, without a final full stop, such as "p.sqlite is not a valid profile file: file is
    ///   not a database".
    public func description(in language: Language) -> String {
        switch (self, language) {
        case (.corrupt(let file, let reason), .english):
            "\(file) is not a valid profile file: \(reason.description(in: language))"
        case (.corrupt(let file, let reason), .chinese): "\(file) 不是有效的资料文件：\(reason.description(in: language))"
        case (.unreachable(let problem), _): problem.description(in: language)
        case (.cancelled, .english): "the request was cancelled"
        case (.cancelled, .chinese): "请求已取消"
        }
    }
}
