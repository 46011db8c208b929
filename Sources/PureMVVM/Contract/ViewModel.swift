/// A ViewModel in the pure MVVM sense: inputs are methods, outputs are read-only, and the view hears back only
/// through a weak delegate.
///
/// The rules, which `PureMVVMTesting` checks:
/// 1. The view calls input methods named after UI events (`usernameDidChange(_:)`, `login()`); the ViewModel
///    calls its view only through ``delegate``, which it holds `weak`.
/// 2. Outputs are read-only: ``outputs`` is get-only, and a view or a test reads one by name through it, as in
///    `viewModel.outputs.isLoginEnabled`.
/// 3. Every change of an output is followed by exactly one reload per input event, naming what changed; no
///    reload is sent when nothing changed. ``OutputStore`` keeps this rule for you.
/// 4. Delegate calls happen on the main actor.
/// 5. Navigation and alerts are delegate calls too.
///
/// ```swift
/// @MainActor final class CounterViewModel: ViewModel {
///     weak var delegate: (any ReloadDelegate<CounterOutputs>)?
///     var outputs: CounterOutputs { store.outputs }
///     private let store = OutputStore(CounterOutputs())
///
///     func incrementButtonDidTap() {
///         store.update(notifying: delegate) { $0.count += 1 }
///     }
/// }
/// ```
@MainActor
public protocol ViewModel: AnyObject {
    /// The snapshot of everything the ViewModel shows.
    associatedtype Outputs: ViewOutputs
    /// The type of the view-side delegate, usually an existential such as `any LoginViewModelDelegate`.
    associatedtype Delegate

    /// The delegate the ViewModel reloads and asks for alerts and navigation. Declare it `weak`.
    var delegate: Delegate? { get set }

    /// Everything the ViewModel shows right now.
    var outputs: Outputs { get }
}

