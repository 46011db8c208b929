internal import LoginFeature

extension MVI {
    /// The runtime around the reducer (the seed's MVI "ViewModel"): it keeps the newest state, sends each intent
    /// through the reducer, tells the view to render when the state changed, and runs the effects, whose
    /// results come back as intents.
    @MainActor
    final class LoginStore: LoginIntentReceiver {
        /// The view; held weakly.
        weak var view: (any LoginRendering)?
        /// The newest state.
        private(set) var state: LoginState

        private let reducer: any LoginReducing
        private let authenticator: any Authenticator
        private let clock: any Clock<Duration>
        private var tasks: [Int: Task<Void, Never>] = [:]
        private var nextTaskID = 0

        /// Creates the store with an untouched screen.
        ///
        /// - Parameters:
        ///   - dependencies: The authenticator, rules, failure policy and clock.
        ///   - reducer: The screen's logic; ``LoginReducer`` with the dependencies' rules by default.
        init(dependencies: LoginDependencies, reducer: (any LoginReducing)? = nil) {
            state = LoginState(failurePolicy: dependencies.failurePolicy)
            self.reducer = reducer ?? LoginReducer(rules: dependencies.rules, alerts: dependencies.alerts)
            authenticator = dependencies.authenticator
            clock = dependencies.clock
        }

        deinit {
            for task in tasks.values { task.cancel() }
        }

        /// Sends an intent: the only way the state changes.
        ///
        /// - Parameter intent: What happened.
        func send(_ intent: LoginIntent) {
            let (next, effects) = reducer.reduce(state, intent)
            if next != state {
                state = next
                view?.render(next)
            }
            for effect in effects { run(effect) }
        }

        private func run(_ effect: LoginEffect) {
            switch effect {
            case .authenticate(let username, let password):
                start { [authenticator] in
                    do throws(AuthenticationError) {
                        return .authenticationDidFinish(
                            .success(try await authenticator.authenticate(username: username, password: password)))
                    } catch {
                        return .authenticationDidFinish(.failure(error))
                    }
                }
            case .wait(let delay, let intent):
                start { [clock] in
                    do {
                        try await clock.sleep(for: delay)
                    } catch {
                        return nil  // cancelled: the store is gone
                    }
                    return intent
                }
            case .showAlert(let alert): view?.showAlert(alert)
            case .showHomeScreen(let user): view?.showHomeScreen(for: user)
            case .endSession: view?.endSession()
            }
        }

        /// Runs asynchronous work whose result, if any, is the next intent; the store cancels what is still
        /// running when it goes.
        private func start(_ work: @escaping @MainActor () async -> LoginIntent?) {
            nextTaskID += 1
            let id = nextTaskID
            tasks[id] = Task { [weak self] in
                let intent = await work()
                self?.tasks[id] = nil
                if let intent { self?.send(intent) }
            }
        }
    }
}
