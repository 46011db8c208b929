import LoginFeature
import PureMVVM

/// Records what a `LoginViewModel` sends its view, with the outputs each reload showed, and lets an async test
/// wait for a number of calls without sleeping.
@MainActor
final class LoginViewRecorder: LoginViewModelDelegate {
    enum Call: Equatable {
        case reload(ChangeSet<LoginOutputs>, LoginOutputs)
        case alert(Alert)
        case home(User)
    }

    weak var viewModel: LoginViewModel?
    private(set) var calls: [Call] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func reloadViews(_ changes: ChangeSet<LoginOutputs>) {
        record(.reload(changes, viewModel?.outputs ?? LoginOutputs()))
    }

    func showAlert(_ alert: Alert) { record(.alert(alert)) }

    func moveToHomeScreen(for user: User) { record(.home(user)) }

    /// Returns the calls recorded since the last take, and forgets them.
    func takeCalls() -> [Call] {
        defer { calls.removeAll() }
        return calls
    }

    /// Suspends until at least `count` calls are recorded since the last take.
    func waitForCalls(_ count: Int) async {
        guard calls.count < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    private func record(_ call: Call) {
        calls.append(call)
        let ready = waiters.filter { $0.count <= calls.count }
        waiters.removeAll { $0.count <= calls.count }
        for waiter in ready { waiter.continuation.resume() }
    }
}
