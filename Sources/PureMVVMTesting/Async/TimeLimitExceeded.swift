/// A test waited for something that did not happen in time: a call to a fake, a sleep on a manual clock.
///
/// Thrown instead of waiting forever, so a broken test fails with a message rather than hanging.
public struct TimeLimitExceeded: Error, CustomStringConvertible {
    /// What the test waited for, such as "a call to PendingCalls<Credentials, User, AuthenticationError>".
    public let awaited: String
    /// How long it waited.
    public let timeout: Duration

    /// The bound every wait of this module has unless told otherwise: 5 seconds, long enough for any real answer
    /// on a loaded machine, short enough that a hung test fails in seconds instead of never ending.
    ///
    /// ``PendingCalls/next(timeout:)``, ``ManualClock/nextSleep(timeout:)``, ``ViewModelTester``'s `receive`s,
    /// `Task.value(awaiting:timeout:)` and both forms of `withTimeLimit(_:timeout:operation:)` use it.
    public static let defaultTimeout: Duration = .seconds(5)

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - awaited: What the test waited for.
    ///   - timeout: How long it waited.
    public init(awaited: String, timeout: Duration) {
        self.awaited = awaited
        self.timeout = timeout
    }

    /// Says what did not happen and how to fix it.
    public var description: String {
        """
        Waited \(timeout) for \(awaited), but none came.
        To fix: check that the code under test makes it (for example, that the input which starts the work \
        was not ignored), or answer the earlier work first.
        """
    }
}
