internal import LoginFeature
internal import PureMVVM

extension MVI {
    /// Builds the MVI screen with its messages traced: the widgets and the view, the view's intents to the
    /// store, the store's calls to the reducer and what it returns (the state's fields that change, and the
    /// effects), the store's calls to the view (render, and the effects only a view can carry out), and the
    /// effects it runs on the authenticator and the clock. The intents an effect sends back to the store are not
    /// messages of their own (the store sends them to itself); they show as the reducer's next call.
    ///
    /// - Parameters:
    ///   - widgets: The screen's widgets.
    ///   - dependencies: The authenticator, rules, failure policy and clock.
    ///   - sink: Where messages go.
    /// - Returns: The view, which owns the rest.
    @MainActor
    static func makeTracedScreen(
        on widgets: any LoginWidgets, dependencies: LoginDependencies, sink: any LoginTraceSink
    ) -> AnyObject {
        let store = LoginStore(
            dependencies: dependencies.traced(callingFrom: .store, to: sink),
            reducer: TracingReducer(
                base: LoginReducer(rules: dependencies.rules, alerts: dependencies.alerts), sink: sink))
        return LoginView(
            widgets: TracingWidgets(widgets, usedBy: .view, sink: sink), store: TracingStore(store, sink: sink))
    }

    /// The store as its view calls it: each intent is a message from the View to the Store; the view it is
    /// given hears the store through a ``TracingRendering``.
    @MainActor
    final class TracingStore: LoginIntentReceiver {
        private let base: any LoginIntentReceiver
        private let sink: any LoginTraceSink
        private var tracingView: TracingRendering?

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real store; held strongly, as the view holds its store.
        ///   - sink: Where messages go.
        init(_ base: any LoginIntentReceiver, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        var view: (any LoginRendering)? {
            get { tracingView?.view }
            set {
                tracingView = newValue.map { TracingRendering($0, sink: sink) }
                base.view = tracingView
            }
        }

        func send(_ intent: LoginIntent) {
            sink.call(from: .view, to: .store, "send(\(Self.describe(intent)))")
            base.send(intent)
        }

        /// An intent, as `.enterUsername("dim")`, the password masked.
        nonisolated static func describe(_ intent: LoginIntent) -> String {
            switch intent {
            case .enterUsername(let text): ".enterUsername(\(TraceText.literal(text)))"
            case .enterPassword: ".enterPassword(\(TraceText.maskedPassword))"
            case .logIn: ".logIn"
            case .authenticationDidFinish(let result): ".authenticationDidFinish(\(TraceText.result(result)))"
            case .failureDelayDidEnd(let error): ".failureDelayDidEnd(\(TraceText.error(error)))"
            }
        }
    }

    /// The view as the store calls it: each new state to render, and each effect only a view can carry out, is a
    /// message from the Store to the View.
    @MainActor
    final class TracingRendering: LoginRendering {
        /// The real view; held weakly, as the store holds its view.
        private(set) weak var view: (any LoginRendering)?
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - view: The real view.
        ///   - sink: Where messages go.
        init(_ view: any LoginRendering, sink: any LoginTraceSink) {
            self.view = view
            self.sink = sink
        }

        func render(_ state: LoginState) {
            send("render(state)") { $0.render(state) }
        }

        func showAlert(_ alert: AlertContent<Never>) {
            send("showAlert(\(TraceText.alert(alert)))") { $0.showAlert(alert) }
        }

        func showHomeScreen(for user: User) {
            send("showHomeScreen(for: \(TraceText.user(user)))") { $0.showHomeScreen(for: user) }
        }

        func endSession() {
            send("endSession()") { $0.endSession() }
        }

        private func send(_ text: String, _ call: (any LoginRendering) -> Void) {
            guard let view else { return }
            sink.call(from: .store, to: .view, text)
            call(view)
        }
    }

    /// The reducer as the store calls it: the intent it is given, then what it returns, as the state's fields
    /// that change (`{ isLoading = true }`, or `unchanged`) and the effects. The store runs its reducer on the
    /// main actor, where the trace is written.
    struct TracingReducer: LoginReducing {
        /// The real reducer.
        let base: any LoginReducing
        /// Where messages go.
        let sink: any LoginTraceSink

        func reduce(_ state: LoginState, _ intent: LoginIntent) -> (LoginState, [LoginEffect]) {
            MainActor.assumeIsolated {
                sink.call(from: .store, to: .reducer, "reduce(state, \(TracingStore.describe(intent)))")
            }
            let (next, effects) = base.reduce(state, intent)
            let reply =
                "return (state: \(Self.changes(from: state, to: next)), "
                + "effects: [\(effects.map(Self.describe).joined(separator: ", "))])"
            MainActor.assumeIsolated { sink.reply(from: .reducer, to: .store, reply) }
            return (next, effects)
        }

        /// The fields that differ, as `{ username = "dim"; usernameBorder = .valid }`, or `unchanged`.
        static func changes(from old: LoginState, to new: LoginState) -> String {
            var changes: [String] = []
            if new.username != old.username { changes.append("username = \(TraceText.literal(new.username))") }
            if new.password != old.password { changes.append("password = \(TraceText.password(new.password))") }
            if new.usernameBorder != old.usernameBorder {
                changes.append("usernameBorder = \(TraceText.border(new.usernameBorder))")
            }
            if new.passwordBorder != old.passwordBorder {
                changes.append("passwordBorder = \(TraceText.border(new.passwordBorder))")
            }
            if new.isUsernameValid != old.isUsernameValid { changes.append("isUsernameValid = \(new.isUsernameValid)") }
            if new.isPasswordValid != old.isPasswordValid { changes.append("isPasswordValid = \(new.isPasswordValid)") }
            if new.isLoading != old.isLoading { changes.append("isLoading = \(new.isLoading)") }
            if new.isLockedOut != old.isLockedOut { changes.append("isLockedOut = \(new.isLockedOut)") }
            if new.attempts != old.attempts { changes.append("attempts.failures = \(new.attempts.failures)") }
            return changes.isEmpty ? "unchanged" : "{ " + changes.joined(separator: "; ") + " }"
        }

        /// An effect, as `.authenticate(username: "dimsky", password: "•••")`.
        static func describe(_ effect: LoginEffect) -> String {
            switch effect {
            case .authenticate(let username, _):
                ".authenticate(username: \(TraceText.literal(username)), password: \(TraceText.maskedPassword))"
            case .wait(let delay, let intent):
                ".wait(\(TraceText.duration(delay)), then: \(TracingStore.describe(intent)))"
            case .showAlert(let alert): ".showAlert(\(TraceText.alert(alert)))"
            case .showHomeScreen(let user): ".showHomeScreen(\(TraceText.user(user)))"
            case .endSession: ".endSession"
            }
        }
    }
}
