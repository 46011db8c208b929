/// Where the test support learns of the changes of every ``SharedState``: nothing in an app, where no watcher is
/// set, beyond reading that none is.
package enum SharedStateWatch {
    private static let watcherBox = Locked<(any SharedStateWatcher)?>(nil)

    /// The watcher set now.
    package static var watcher: (any SharedStateWatcher)? {
        watcherBox.withLock { $0 }
    }

    /// Sets or clears the watcher.
    ///
    /// - Parameter watcher: The test support's watcher, or `nil`.
    package static func setWatcher(_ watcher: (any SharedStateWatcher)?) {
        watcherBox.withLock { $0 = watcher }
    }
}

/// What the test support learns about shared states: see ``SharedStateWatch``.
package protocol SharedStateWatcher: AnyObject, Sendable {
    /// A shared state changed.
    ///
    /// - Parameters:
    ///   - state: The state.
    ///   - label: What messages call it.
    ///   - old: The value before.
    ///   - new: The value after.
    @MainActor
    func sharedState(_ state: AnyObject, label: String, changedFrom old: any Sendable, to new: any Sendable)
}
