import Foundation
import PureMVVM
import PureMVVMTesting

/// A sign-up form's outputs: what the receive tests need, an output and calls besides reloads.
struct FormOutputs: ViewOutputs {
    var email = ""

    enum Field: Int, OutputField { case email }

    func hasChanged(_ field: Field, since old: FormOutputs) -> Bool { email != old.email }
}

/// The form's calls besides reloads: a focus, the keyboard, an alert.
enum FormEvent: Equatable, Sendable {
    case focus(String)
    case keyboard(shown: Bool)
    case alert(String)
}

@MainActor
protocol FormNavigating: AnyObject {
    func focus(on field: String)
    func showKeyboard(_ shown: Bool)
    func showAlert(_ message: String)
}

typealias FormDelegate = FormNavigating & ReloadDelegate<FormOutputs>

@MainActor
final class FormSpy: FormNavigating, ReloadDelegate, DelegateSpy {
    let recorder = DelegateRecorder<FormOutputs, FormEvent>()
    func focus(on field: String) { recorder.record(.focus(field)) }
    func showKeyboard(_ shown: Bool) { recorder.record(.keyboard(shown: shown)) }
    func showAlert(_ message: String) { recorder.record(.alert(message)) }
}

/// What a task waits on that is none of the test's fakes or clocks: it opens only when the test says so.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = lock.withLock {
                if !isOpen { waiters.append(continuation) }
                return isOpen
            }
            if open { continuation.resume() }
        }
    }

    func open() {
        let waiting = lock.withLock {
            isOpen = true
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }
}

/// A sign-up form: a focus and the keyboard when it appears, a reload per edit, and a submit that ends in an alert
/// after a fake's answer, a clock's sleep, or a gate the test opens.
@MainActor
final class FormViewModel: ViewModel {
    weak var delegate: (any FormDelegate)?
    var outputs: FormOutputs { store.outputs }
    private let store = OutputStore(FormOutputs())

    /// Focuses the e-mail field and shows the keyboard, in that order.
    func viewDidAppear() {
        delegate?.focus(on: "email")
        delegate?.showKeyboard(true)
    }

    func emailDidChange(_ email: String) {
        store.update(notifying: delegate) { $0.email = email }
    }

    /// Alerts, then reloads: two calls in one input.
    func clearButtonDidTap() {
        delegate?.showAlert("Cleared")
        store.update(notifying: delegate) { $0.email = "" }
    }

    /// Alerts once the service answers.
    func submitButtonDidTap(via service: PendingCalls<String, Bool, CancellationError>) {
        Task { [weak self] in
            guard let sent = try? await service.wait(for: self?.outputs.email ?? "") else { return }
            self?.delegate?.showAlert(sent ? "Sent" : "Not sent")
        }
    }

    /// Alerts a second after the tap, on the clock given.
    func submitButtonDidTap(on clock: ManualClock) {
        Task { [weak self] in
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            self?.delegate?.showAlert("Sent")
        }
    }

    /// Alerts once the gate opens: work the tester cannot see into.
    func submitButtonDidTap(after gate: Gate) {
        Task { [weak self] in
            await gate.wait()
            self?.delegate?.showAlert("Sent")
        }
    }
}
