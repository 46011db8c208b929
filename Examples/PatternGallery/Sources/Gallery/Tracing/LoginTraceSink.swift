/// Where a traced login screen reports the messages between its roles, in the order they are sent: the line-mode
/// sequence diagram of ``LoginPattern/makeScreen(on:dependencies:tracing:)``.
///
/// The `login` executable prints them on the console (`login --trace`); tests record them. A message's text may
/// hold what the user typed, unsanitised (never a password): a sink that prints it must sanitise it.
@MainActor
public protocol LoginTraceSink: AnyObject, Sendable {
    /// A traced login screen was built; its messages follow.
    ///
    /// - Parameters:
    ///   - pattern: How the screen is written.
    ///   - roles: The roles its messages go between, in the order a diagram draws their lifelines (see
    ///     ``LoginPattern/tracedRoles``).
    func screenDidStart(_ pattern: LoginPattern, roles: [LoginRole])

    /// A message was sent: reported before a call is delivered, and after it returns for its reply.
    ///
    /// - Parameter message: The message.
    func record(_ message: LoginMessage)
}
