extension MVI {
    /// The screen's logic as the store runs it: a pure function from the state and an intent to the next state
    /// and the effects to run. ``LoginReducer`` is the one the screen uses.
    protocol LoginReducing: Sendable {
        /// Computes the next state.
        ///
        /// - Parameters:
        ///   - state: The current state.
        ///   - intent: What happened.
        /// - Returns: The next state, and the effects to run, in order.
        func reduce(_ state: LoginState, _ intent: LoginIntent) -> (LoginState, [LoginEffect])
    }
}
