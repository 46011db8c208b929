import PureMVVM
import PureMVVMTesting

/// A store that saves a count through a fake, from a nonisolated `async` method, as an app's service would.
final class CountStore: Sendable {
    let saves = PendingCalls<Int, Int, CancellationError>(whenCancelled: CancellationError(), label: "saves")

    /// Saves a count and returns it as stored, after a hop of its own.
    func save(_ count: Int) async throws(CancellationError) -> Int {
        await Task.yield()
        return try await saves.wait(for: count)
    }
}

/// A counter that saves each count with an `InFlightTask`, shows it once saved, and says so when the save failed;
/// typing a note saves it after a pause (`Debouncer`) without changing any output.
@MainActor
final class SavingViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())
    private let countStore: CountStore
    let save = InFlightTask<Int, CancellationError>()
    private let noteDebounce: Debouncer
    private(set) var savedNotes: [String] = []

    init(countStore: CountStore, clock: any Clock<Duration>) {
        self.countStore = countStore
        noteDebounce = Debouncer(delay: .milliseconds(300), clock: clock)
    }

    func incrementButtonDidTap() {
        let next = outputs.count + 1
        save.start { [countStore] () async throws(CancellationError) -> Int in
            try await countStore.save(next)
        } then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let saved): store.update(notifying: delegate) { $0.count = saved }
            case .failure: delegate?.showAlert("not saved")
            }
        }
    }

    func noteDidChange(_ text: String) {
        noteDebounce.schedule { [weak self] in self?.savedNotes.append(text) }
    }
}
