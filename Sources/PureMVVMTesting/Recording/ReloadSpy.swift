public import PureMVVM

/// A ready spy for a ViewModel whose delegate is just `ReloadDelegate<Outputs>`.
///
/// ```swift
/// let tester = ViewModelTester(CounterViewModel(), spy: ReloadSpy())
/// ```
@MainActor
public final class ReloadSpy<Outputs: ViewOutputs>: ReloadDelegate, DelegateSpy {
    /// Where the spy records; it has no events besides reloads.
    public let recorder = DelegateRecorder<Outputs, Never>()

    /// Creates a spy.
    public init() {}
}
