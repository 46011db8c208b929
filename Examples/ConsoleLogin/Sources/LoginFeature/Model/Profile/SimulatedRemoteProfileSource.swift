/// A stand-in for a profile server: answers from a table after a delay on an injected clock, or fails.
///
/// The console build uses it as the remote layer; tests pass a manual clock, so the delay costs no time.
public struct SimulatedRemoteProfileSource: ProfileSource {
    /// What the simulated server answers.
    public enum Behavior: Sendable {
        /// Answers from the table.
        case answers([String: ProfileRecord])
        /// Fails every request.
        case fails(ProfileSourceError)
    }

    /// The server's answers.
    public let behavior: Behavior
    /// How long each request takes.
    public let delay: Duration
    private let clock: any Clock<Duration>

    /// Creates a simulated server.
    ///
    /// - Parameters:
    ///   - behavior: What it answers.
    ///   - delay: How long each request takes.
    ///   - clock: The clock the delay runs on; a `ContinuousClock` by default.
    public init(behavior: Behavior, delay: Duration, clock: any Clock<Duration> = ContinuousClock()) {
        self.behavior = behavior
        self.delay = delay
        self.clock = clock
    }

    /// Waits for the delay, then answers.
    ///
    /// - Parameter username: The account name.
    /// - Returns: The user's record from the table, or `nil` when the table has none.
    /// - Throws: The configured failure, or ``ProfileSourceError/cancelled`` when the wait is cancelled.
    public func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
        do {
            try await clock.sleep(for: delay)
        } catch {
            throw .cancelled
        }
        switch behavior {
        case .answers(let records): return records[username]
        case .fails(let error): throw error
        }
    }
}
