import Foundation
import PureMVVM
import PureMVVMTesting

/// ViewModels that each break one rule of the contract, for proving that the testing module catches it.

/// Changes an output but forgets to reload.
@MainActor
final class ForgetfulViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())

    func incrementButtonDidTap() {
        store.update(notifying: nil) { $0.count += 1 }
    }

    /// Forgets the reload but makes another delegate call: the change is still one without a reload.
    func alertButtonDidTap() {
        store.update(notifying: nil) { $0.count += 1 }
        delegate?.showAlert("Counted.")
    }
}

/// Reloads once per changed output instead of once per input.
@MainActor
final class ChattyViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())

    func incrementButtonDidTap() {
        store.update(notifying: delegate) { $0.count += 1 }
        store.update(notifying: delegate) { $0.title = "Count: \($0.count)" }
    }
}

/// Hand-rolls its reloads: sends one when nothing changed, names the wrong field, and hands the view stale outputs.
@MainActor
final class CarelessViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    private(set) var outputs = CounterOutputs()

    func refreshButtonDidTap() {
        delegate?.reloadViews([.count, .title], from: ReadOnlyOutputs(outputs))
    }

    func titleFieldDidChange(_ title: String) {
        outputs.title = title
        delegate?.reloadViews([.count], from: ReadOnlyOutputs(outputs))
    }

    /// Hands the view the outputs as they were before the change: a stale copy.
    func countFieldDidChange(_ count: Int) {
        let before = ReadOnlyOutputs(outputs)
        outputs.count = count
        delegate?.reloadViews([.count], from: before)
    }

    /// Reloads twice for one input, the first time with the outputs as they were before the change.
    func countStepperDidChange(_ count: Int) {
        let before = ReadOnlyOutputs(outputs)
        outputs.count = count
        delegate?.reloadViews([.count], from: before)
        delegate?.reloadViews([.count], from: ReadOnlyOutputs(outputs))
    }
}

/// Keeps its delegate strongly and is kept by a task it starts: a leak both ways.
@MainActor
final class LeakyViewModel: ViewModel {
    var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { CounterOutputs() }
    private var onTap: (() -> Void)?

    func viewDidLoad() {
        onTap = { self.viewDidLoad() }
    }
}

/// Calls its delegate from a background thread, as Swift 5 mode or `@preconcurrency` code can.
@MainActor
final class OffMainViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { CounterOutputs() }

    func alertButtonDidTap() {
        guard let delegate else { return }
        runOnAnotherThread { delegate.showAlert("from a background thread") }
    }
}

/// Runs a main-actor call on another thread and waits for it: what Swift 5 mode lets through unchecked.
@MainActor
func runOnAnotherThread(_ call: @escaping @MainActor () -> Void) {
    let unchecked = unsafeBitCast(call, to: (@Sendable () -> Void).self)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        unchecked()
        done.signal()
    }
    done.wait()
}

/// Calls its delegate from a background thread once slow work finishes, as a callback on another queue can:
/// the call arrives while the test waits in `receive` or `receiveReload`.
@MainActor
final class LateOffMainViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { CounterOutputs() }

    func alertButtonDidTap(after work: PendingCalls<Void, Void, CancellationError>) {
        guard let delegate else { return }
        let call: @MainActor () -> Void = { delegate.showAlert("late, from a background thread") }
        later(call, after: work)
    }

    func refreshButtonDidTap(after work: PendingCalls<Void, Void, CancellationError>) {
        guard let delegate else { return }
        let outputs = ReadOnlyOutputs(outputs)
        let call: @MainActor () -> Void = { delegate.reloadViews([.count], from: outputs) }
        later(call, after: work)
    }

    private func later(_ call: @escaping @MainActor () -> Void, after work: PendingCalls<Void, Void, CancellationError>)
    {
        // What Swift 5 mode lets through unchecked: the main-actor call runs on a thread of the global pool.
        let unchecked = unsafeBitCast(call, to: (@Sendable () -> Void).self)
        Task.detached {
            try? await work.wait(for: ())
            unchecked()
        }
    }
}

/// Changes its outputs and reloads from a background thread, as Swift 5 mode or `@preconcurrency` code can: at
/// once, or once slow work finishes.
@MainActor
final class OffMainReloadingViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    private(set) var outputs = CounterOutputs()

    func incrementButtonDidTap() {
        guard let delegate else { return }
        outputs.count += 1
        let shown = ReadOnlyOutputs(outputs)
        runOnAnotherThread { delegate.reloadViews([.count], from: shown) }
    }

    func refreshButtonDidTap(after work: PendingCalls<Void, Void, CancellationError>) {
        guard let delegate else { return }
        Task { [weak self] in
            try? await work.wait(for: ())
            guard let self else { return }
            outputs.count += 1
            let shown = ReadOnlyOutputs(outputs)
            // From another thread, but before the task ends: a detached task of its own would be work nothing
            // follows, which a receive could give up on before it reloads.
            runOnAnotherThread { delegate.reloadViews([.count], from: shown) }
        }
    }
}

/// Hand-rolls its reloads: changes an output after the input's reload, and sends a reload naming nothing.
@MainActor
final class HastyViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    private(set) var outputs = CounterOutputs()

    func incrementButtonDidTap() {
        outputs.count += 1
        delegate?.reloadViews([.count], from: ReadOnlyOutputs(outputs))
        outputs.title = "Count: \(outputs.count)"  // after the reload: the view never hears of it
    }

    func refreshButtonDidTap() {
        delegate?.reloadViews([], from: ReadOnlyOutputs(outputs))
    }
}

/// Calls its delegate whenever its outputs are read: reading them is not a plain read.
@MainActor
final class TattlingViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs {
        delegate?.showAlert("read")
        return CounterOutputs()
    }

    func tap() {}
}

/// Counts every read of its outputs into them: reading them changes them.
@MainActor
final class ShiftingViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    private var reads = 0
    var outputs: CounterOutputs {
        reads += 1
        return CounterOutputs(count: reads)
    }

    func tap() {}
}

/// Changes an output without a reload once a nonisolated call it awaits has returned: work that left the main actor
/// and came back.
@MainActor
final class AwayAndForgetfulViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    private(set) var outputs = CounterOutputs()
    private var task: Task<Void, Never>?

    deinit {
        task?.cancel()
    }

    func refreshButtonDidTap() {
        task = Task { [weak self] in
            await lookUpAwayFromTheMainActor()
            self?.outputs.count += 1  // no reload
        }
    }
}

/// Returns at once, from the global executor, as a nonisolated call of a real dependency would after its work.
private nonisolated func lookUpAwayFromTheMainActor() async {}
