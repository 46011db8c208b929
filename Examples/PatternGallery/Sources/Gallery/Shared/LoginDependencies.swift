public import LoginFeature

/// What every pattern's login screen needs from the composition root: the same authenticator, rules, alerts,
/// failure policy and clock the toolkit's `LoginViewModel` takes, so all seven behave alike.
public struct LoginDependencies: Sendable {
    /// Checks credentials; an unknown user and a wrong password fail alike.
    public var authenticator: any Authenticator
    /// The fields' validation rules.
    public var rules: LoginRules
    /// The alerts' words, in the language of the rules' messages.
    public var alerts: LoginAlerts
    /// The delays after failed sign-ins and the limit that ends the session.
    public var failurePolicy: LoginFailurePolicy
    /// The clock the delays run on; tests pass a manual one.
    public var clock: any Clock<Duration>

    /// Creates the dependencies.
    ///
    /// - Parameters:
    ///   - authenticator: Checks credentials.
    ///   - rules: The fields' rules; ``LoginRules/standard`` by default.
    ///   - alerts: The alerts' words; English by default, as the standard rules' messages.
    ///   - failurePolicy: Delays and the attempt limit; ``LoginFailurePolicy/standard`` by default.
    ///   - clock: The clock the delays run on; a `ContinuousClock` by default.
    public init(
        authenticator: any Authenticator,
        rules: LoginRules = .standard,
        alerts: LoginAlerts = .english,
        failurePolicy: LoginFailurePolicy = .standard,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.authenticator = authenticator
        self.rules = rules
        self.alerts = alerts
        self.failurePolicy = failurePolicy
        self.clock = clock
    }
}
