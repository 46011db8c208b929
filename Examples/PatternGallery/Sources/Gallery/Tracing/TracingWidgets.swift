internal import LoginFeature
internal import PureMVVM

/// The widgets as one role of a traced screen sees them: each call the role makes on them is a message from the
/// role to the Widgets, and each event they report to it (text entered, the button pressed) a message the other
/// way. ``update(_:)`` only groups calls: the calls inside it are the messages.
@MainActor
final class TracingWidgets: LoginWidgets, LoginWidgetsDelegate {
    /// The role's object that hears the events; held weakly, as the widgets hold it.
    weak var delegate: (any LoginWidgetsDelegate)?
    private let base: any LoginWidgets
    private let role: LoginRole
    private let sink: any LoginTraceSink

    /// Creates the proxy.
    ///
    /// - Parameters:
    ///   - base: The real widgets.
    ///   - role: The role that calls them (and hears them).
    ///   - sink: Where messages go.
    ///   - hearsEvents: Whether the role hears the widgets' events through this proxy, which then becomes the
    ///     widgets' delegate; `false` for a role that only calls them, such as VIPER's router.
    init(_ base: any LoginWidgets, usedBy role: LoginRole, sink: any LoginTraceSink, hearsEvents: Bool = true) {
        self.base = base
        self.role = role
        self.sink = sink
        if hearsEvents { base.delegate = self }
    }

    // MARK: Events, from the widgets to the role

    func widgets(_ widgets: any LoginWidgets, didEnter text: String, in field: LoginTextField) {
        guard let delegate else { return }
        sink.call(
            from: .widgets, to: role,
            "widgets(didEnter: \(TraceText.text(text, in: field)), in: \(TraceText.field(field)))")
        delegate.widgets(self, didEnter: text, in: field)
    }

    func widgetsDidSubmit(_ widgets: any LoginWidgets) {
        guard let delegate else { return }
        sink.call(from: .widgets, to: role, "widgetsDidSubmit()")
        delegate.widgetsDidSubmit(self)
    }

    // MARK: Calls, from the role to the widgets

    func setBorder(_ border: BorderState, of field: LoginTextField) {
        sink.call(from: role, to: .widgets, "setBorder(\(TraceText.border(border)), of: \(TraceText.field(field)))")
        base.setBorder(border, of: field)
    }

    func setLoginEnabled(_ isEnabled: Bool) {
        sink.call(from: role, to: .widgets, "setLoginEnabled(\(isEnabled))")
        base.setLoginEnabled(isEnabled)
    }

    func setLoading(_ isLoading: Bool) {
        sink.call(from: role, to: .widgets, "setLoading(\(isLoading))")
        base.setLoading(isLoading)
    }

    func showAlert(_ alert: AlertContent<Never>) {
        sink.call(from: role, to: .widgets, "showAlert(\(TraceText.alert(alert)))")
        base.showAlert(alert)
    }

    func update(_ changes: () -> Void) {
        base.update(changes)
    }

    func showHomeScreen(for user: User) {
        sink.call(from: role, to: .widgets, "showHomeScreen(for: \(TraceText.user(user)))")
        base.showHomeScreen(for: user)
    }

    func endSession() {
        sink.call(from: role, to: .widgets, "endSession()")
        base.endSession()
    }
}
