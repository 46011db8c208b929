public import PureMVVM

/// A test's stand-in for a view: records every delegate call in a ``DelegateRecorder``.
///
/// Conform your spy to your ViewModel's delegate protocol and to this one; `reloadViews(_:from:)` comes for free, so a
/// spy only forwards the calls its delegate adds, as values of an `Event` enum of your own:
///
/// ```swift
/// @MainActor final class LoginSpy: LoginViewModelDelegate, DelegateSpy {
///     enum Event: Equatable, Sendable {
///         case alert(AlertContent<Never>), home(User)
///     }
///     let recorder = DelegateRecorder<LoginOutputs, Event>()
///     func showAlert(_ alert: AlertContent<Never>) {
///         recorder.record(.alert(alert))
///     }
///     func moveToHomeScreen(for user: User) { recorder.record(.home(user)) }
/// }
/// ```
///
/// A delegate with nothing but reloads needs no spy of its own: use ``ReloadSpy``.
@MainActor
public protocol DelegateSpy: AnyObject {
    /// The outputs of the ViewModel the spy stands in for.
    associatedtype Outputs: ViewOutputs
    /// The spy's values for its delegate's other calls; `Never` when there are none.
    associatedtype Event: Equatable & Sendable

    /// Where the spy records.
    var recorder: DelegateRecorder<Outputs, Event> { get }
}

extension DelegateSpy {
    /// Records a reload.
    ///
    /// - Parameters:
    ///   - changes: The outputs the ViewModel says changed.
    ///   - outputs: The outputs it handed the view.
    public func reloadViews(_ changes: ChangeSet<Outputs>, from outputs: ReadOnlyOutputs<Outputs>) {
        // Isolated to the main actor by the protocol, but code outside Swift 6's checks can still call it from
        // another thread: that is recorded as a contract violation, not run.
        guard MainActorCheck.isOnMainActor else { return recorder.recordReload(changes, from: outputs) }
        recorder.recordReloadOnMainActor(changes, from: outputs)
    }
}
