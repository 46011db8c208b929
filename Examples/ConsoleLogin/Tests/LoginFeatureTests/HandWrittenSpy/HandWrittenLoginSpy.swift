import LoginFeature
import PureMVVM

/// A spy written by hand, as a test would without PureMVVMTesting: kept to measure what the module saves
/// ("Testing a ViewModel" article). It records every call with the outputs each reload showed.
@MainActor
final class HandWrittenLoginSpy: LoginViewModelDelegate {
    enum Call: Equatable {
        case reload(ChangeSet<LoginOutputs>, LoginOutputs)
        case alert(AlertContent<Never>)
        case home(User)
    }

    private(set) var calls: [Call] = []

    func reloadViews(_ changes: ChangeSet<LoginOutputs>, from outputs: ReadOnlyOutputs<LoginOutputs>) {
        calls.append(.reload(changes, outputs.snapshot))
    }

    func showAlert(_ alert: AlertContent<Never>) {
        calls.append(.alert(alert))
    }

    func moveToHomeScreen(for user: User) {
        calls.append(.home(user))
    }

    /// Returns the calls recorded since the last take, and forgets them.
    func takeCalls() -> [Call] {
        defer { calls.removeAll() }
        return calls
    }
}
