extension MVI {
    /// The store as its view sees it (the seed's `intent` relay and `state` subscription): where the view sends
    /// its intents, and who renders the states that follow. ``LoginStore`` is the one the screen uses.
    @MainActor
    protocol LoginIntentReceiver: AnyObject {
        /// The view that renders each new state; held weakly.
        var view: (any LoginRendering)? { get set }

        /// Sends an intent: the only way the state changes.
        ///
        /// - Parameter intent: What happened.
        func send(_ intent: LoginIntent)
    }
}
