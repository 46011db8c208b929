internal import LoginFeature

/// A profile source that fails its first requests through one source and answers the rest from another: the
/// console's `--remote flaky` server.
actor FlakyProfileSource: ProfileSource {
    private let failing: any ProfileSource
    private let working: any ProfileSource
    private var failuresLeft: Int

    /// Creates the source.
    ///
    /// - Parameters:
    ///   - failures: How many requests fail before the first answer.
    ///   - failing: Where the failing requests go.
    ///   - working: Where the later ones go.
    init(failures: Int, failing: any ProfileSource, working: any ProfileSource) {
        failuresLeft = failures
        self.failing = failing
        self.working = working
    }

    func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
        guard failuresLeft > 0 else { return try await working.profile(for: username) }
        failuresLeft -= 1
        return try await failing.profile(for: username)
    }
}
