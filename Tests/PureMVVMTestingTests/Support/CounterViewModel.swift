import Foundation
import PureMVVM
import PureMVVMTesting

/// The outputs every ViewModel in these tests shows.
struct CounterOutputs: ViewOutputs {
    var count = 0
    var title = ""

    enum Field: Int, OutputField { case count, title }

    func hasChanged(_ field: Field, since old: CounterOutputs) -> Bool {
        switch field {
        case .count: count != old.count
        case .title: title != old.title
        }
    }
}

/// Events a counter's delegate receives besides reloads.
enum CounterEvent: Equatable, Sendable {
    case alert(String)
}

@MainActor
protocol CounterNavigating: AnyObject {
    func showAlert(_ message: String)
}

typealias CounterDelegate = CounterNavigating & ReloadDelegate<CounterOutputs>

@MainActor
final class CounterSpy: CounterNavigating, ReloadDelegate, DelegateSpy {
    let recorder = DelegateRecorder<CounterOutputs, CounterEvent>()
    func showAlert(_ message: String) { recorder.record(.alert(message)) }
}

/// A counter that keeps the contract.
@MainActor
final class CounterViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    let store = OutputStore(CounterOutputs())

    func incrementButtonDidTap() {
        store.update(notifying: delegate) { outputs in
            outputs.count += 1
            outputs.title = "Count: \(outputs.count)"
        }
        if outputs.count == 3 { delegate?.showAlert("Three!") }
    }

    func titleFieldDidChange(_ title: String) {
        store.update(notifying: delegate) { $0.title = title }
    }

    /// Finishes after `work` returns, as a network call would.
    func refreshButtonDidTap(_ work: PendingCalls<Void, Int, CancellationError>) {
        Task { [weak self] in
            guard let count = try? await work.wait(for: ()) else { return }
            guard let self else { return }
            store.update(notifying: delegate) { $0.count = count }
        }
    }
}
