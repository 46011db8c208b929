internal import PureMVVM

extension MVCVariant {
    /// Builds the MVC variant's screen with its messages traced: the widgets and the view, the view and the
    /// controller (its delegate calls, and the form the controller hands it), the controller's alerts and
    /// navigation on the widgets, and its calls to the authenticator and the clock. The ``LoginForm`` is a value
    /// the controller edits in place: its edits are not messages; the form it hands the view is.
    ///
    /// - Parameters:
    ///   - widgets: The screen's widgets.
    ///   - dependencies: The authenticator, rules, failure policy and clock.
    ///   - sink: Where messages go.
    /// - Returns: The controller, which owns the rest.
    @MainActor
    static func makeTracedScreen(
        on widgets: any LoginWidgets, dependencies: LoginDependencies, sink: any LoginTraceSink
    ) -> AnyObject {
        let view = LoginFormView(widgets: TracingWidgets(widgets, usedBy: .view, sink: sink))
        let controllerWidgets = TracingWidgets(widgets, usedBy: .controller, sink: sink, hearsEvents: false)
        return LoginViewController(
            view: TracingFormView(view, widgets: controllerWidgets, sink: sink),
            dependencies: dependencies.traced(callingFrom: .controller, to: sink))
    }

    /// The form view as its controller calls it: each form it is handed is a message from the Controller; the
    /// delegate it is given hears the view's calls through a ``TracingFormViewDelegate``; its widgets, as the
    /// controller uses them, are the controller's.
    @MainActor
    final class TracingFormView: LoginFormShowing {
        let widgets: any LoginWidgets
        private let base: any LoginFormShowing
        private let sink: any LoginTraceSink
        private var tracingDelegate: TracingFormViewDelegate?

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real view; held strongly, as the controller holds its view.
        ///   - widgets: The widgets as the controller calls them.
        ///   - sink: Where messages go.
        init(_ base: any LoginFormShowing, widgets: any LoginWidgets, sink: any LoginTraceSink) {
            self.base = base
            self.widgets = widgets
            self.sink = sink
        }

        var delegate: (any LoginFormViewDelegate)? {
            get { tracingDelegate?.controller }
            set {
                tracingDelegate = newValue.map { TracingFormViewDelegate($0, view: self, sink: sink) }
                base.delegate = tracingDelegate
            }
        }

        var form: LoginForm? {
            get { base.form }
            set {
                sink.call(from: .controller, to: .view, "form = \(newValue.map(Self.describe) ?? "nil")")
                base.form = newValue
            }
        }

        private static func describe(_ form: LoginForm) -> String {
            "LoginForm(username: \(TraceText.literal(form.username.text)), "
                + "password: \(TraceText.password(form.password.text)), "
                + "isLoading: \(form.isLoading), isLockedOut: \(form.isLockedOut))"
        }
    }

    /// The controller as the form view calls it: each event is a message from the View to the Controller. The
    /// view it names is the controller's traced one, so what the controller does with it is traced too.
    @MainActor
    final class TracingFormViewDelegate: LoginFormViewDelegate {
        /// The real controller; held weakly, as the view holds its delegate.
        private(set) weak var controller: (any LoginFormViewDelegate)?
        private weak var view: (any LoginFormShowing)?
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - controller: The real controller.
        ///   - view: The view as the controller calls it (a ``TracingFormView``), named in each event.
        ///   - sink: Where messages go.
        init(_ controller: any LoginFormViewDelegate, view: any LoginFormShowing, sink: any LoginTraceSink) {
            self.controller = controller
            self.view = view
            self.sink = sink
        }

        func loginFormView(_ view: any LoginFormShowing, didEnter text: String, in field: LoginTextField) {
            guard let controller else { return }
            sink.call(
                from: .view, to: .controller,
                "loginFormView(didEnter: \(TraceText.text(text, in: field)), in: \(TraceText.field(field)))")
            controller.loginFormView(self.view ?? view, didEnter: text, in: field)
        }

        func loginFormViewDidSubmit(_ view: any LoginFormShowing) {
            guard let controller else { return }
            sink.call(from: .view, to: .controller, "loginFormViewDidSubmit()")
            controller.loginFormViewDidSubmit(self.view ?? view)
        }
    }
}
