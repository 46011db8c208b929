import Gallery

/// A trace sink that keeps what a traced screen reports, for the tests of `--trace`'s proxies.
@MainActor
final class TraceRecorder: LoginTraceSink {
    /// The screens that started, with their roles.
    private(set) var screens: [(pattern: LoginPattern, roles: [LoginRole])] = []
    /// Every message, in order.
    private(set) var messages: [LoginMessage] = []

    /// The messages as lines of the diagram, such as `View → Presenter  usernameDidEnter("dim")`.
    var lines: [String] { messages.map(\.description) }

    func screenDidStart(_ pattern: LoginPattern, roles: [LoginRole]) {
        screens.append((pattern, roles))
    }

    func record(_ message: LoginMessage) {
        messages.append(message)
    }

    func removeAll() {
        messages.removeAll()
    }
}
