internal import LoginFeature

extension LoginDependencies {
    /// The same dependencies with the authenticator and the clock traced, as one role calls them.
    ///
    /// - Parameters:
    ///   - caller: The role that signs in and waits the failure delays.
    ///   - sink: Where messages go.
    /// - Returns: The traced dependencies; the rules and the failure policy are the same.
    func traced(callingFrom caller: LoginRole, to sink: any LoginTraceSink) -> LoginDependencies {
        var traced = self
        traced.authenticator = TracingAuthenticator(base: authenticator, caller: caller, sink: sink)
        traced.clock = Self.tracing(clock, caller: caller, sink: sink)
        return traced
    }

    private static func tracing(
        _ clock: some Clock<Duration>, caller: LoginRole, sink: any LoginTraceSink
    ) -> any Clock<Duration> {
        TracingClock(base: clock, caller: caller, sink: sink)
    }
}
