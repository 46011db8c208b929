/// How a login screen answers failed sign-ins: a delay that grows after each failure, and a limit after which the
/// session ends.
///
/// The delay slows down guessing: the screen keeps showing "Signing in…" for it before it reports the failure, so
/// a wrong password costs the same time whether the name exists or not. Only wrong credentials count; an
/// unavailable service does not.
///
/// ```swift
/// let policy = LoginFailurePolicy.standard
/// policy.delay(afterFailure: 1)       // 1 second
/// policy.delay(afterFailure: 2)       // 2 seconds
/// policy.allowsAttempt(afterFailures: 3)  // false: the session ends
/// ```
public struct LoginFailurePolicy: Hashable, Sendable {
    /// How many failed attempts end the session; `nil` for no limit.
    public var maximumFailures: Int?
    /// The delay after the first failure; each further failure doubles it.
    public var firstDelay: Duration
    /// The longest delay, however many failures came before.
    public var maximumDelay: Duration

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumFailures: How many failed attempts end the session, at least 1; `nil` for no limit.
    ///   - firstDelay: The delay after the first failure; each further failure doubles it. Not negative.
    ///   - maximumDelay: The longest delay; 30 seconds by default.
    public init(maximumFailures: Int?, firstDelay: Duration, maximumDelay: Duration = .seconds(30)) {
        precondition(maximumFailures.map { $0 >= 1 } ?? true, "maximumFailures must be at least 1")
        precondition(firstDelay >= .zero, "firstDelay must not be negative")
        self.maximumFailures = maximumFailures
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
    }

    /// Three attempts, waiting 1, 2 and then 4 seconds after each failure, as login(1) does with a growing delay.
    public static let standard = LoginFailurePolicy(maximumFailures: 3, firstDelay: .seconds(1))

    /// No delay and no limit: the seed article's login, and a screen whose service already throttles.
    public static let unlimited = LoginFailurePolicy(maximumFailures: nil, firstDelay: .zero)

    /// The time to wait after a failure before reporting it.
    ///
    /// - Parameter failures: How many attempts have failed so far, counting this one; from 1.
    /// - Returns: ``firstDelay`` doubled for each failure after the first, at most ``maximumDelay``.
    public func delay(afterFailure failures: Int) -> Duration {
        var delay = firstDelay
        var doublings = max(0, failures - 1)
        while doublings > 0, delay < maximumDelay {
            delay *= 2
            doublings -= 1
        }
        return min(delay, maximumDelay)
    }

    /// Tells whether the user may try again.
    ///
    /// - Parameter failures: How many attempts have failed so far.
    /// - Returns: `false` once ``maximumFailures`` attempts have failed.
    public func allowsAttempt(afterFailures failures: Int) -> Bool {
        guard let maximumFailures else { return true }
        return failures < maximumFailures
    }
}
