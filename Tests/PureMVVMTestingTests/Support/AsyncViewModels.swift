import PureMVVM
import PureMVVMTesting

/// A counter whose work (a call, a delay) runs in one task it keeps and cancels when it is freed, as a ViewModel
/// should.
@MainActor
final class TidyViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())
    private var task: Task<Void, Never>?
    /// Whether freeing it cancels the work it started, as a tidy ViewModel does; `false` leaves the work waiting.
    private let cancelsItsWorkWhenFreed: Bool

    init(cancelsItsWorkWhenFreed: Bool = true) {
        self.cancelsItsWorkWhenFreed = cancelsItsWorkWhenFreed
    }

    deinit {
        if cancelsItsWorkWhenFreed { task?.cancel() }
    }

    func refreshButtonDidTap(_ work: PendingCalls<Int, Int, CancellationError>) {
        task?.cancel()
        task = Task { [weak self] in
            guard let count = try? await work.wait(for: (self?.outputs.count ?? 0) + 1), let self else { return }
            store.update(notifying: delegate) { $0.count = count }
        }
    }

    func countLaterButtonDidTap(on clock: ManualClock, after delay: Duration) {
        task?.cancel()
        task = Task { [weak self] in
            guard (try? await clock.sleep(for: delay)) != nil, let self else { return }
            store.update(notifying: delegate) { $0.count += 1 }
        }
    }
}
