/// The `ChildViewModels` alive, recorded once the test support asks for them: how `PureMVVMTesting`'s leak tracker
/// names the keeper that still holds a child ViewModel a test expected to be freed, even when the test tracked the
/// child alone and not its parent.
///
/// The test support starts recording when a test first makes a tester, a fake, a clock or a leak tracker; in an
/// app nothing starts it, and a new keeper only reads that recording is off.
@MainActor
package enum LiveKeepers {
    private struct WeakKeeper {
        weak var keeper: (any ChildViewModelsKeeper)?
    }

    /// Whether keepers are recorded: read by every new keeper, from the main actor, set from any thread.
    private nonisolated static let isRecording = Locked(false)
    private static var keepers: [WeakKeeper] = []

    /// Records every keeper made from now on, for the rest of the process.
    package nonisolated static func startRecording() {
        isRecording.withLock { $0 = true }
    }

    /// Records a keeper as it is made, when recording is on; forgets the keepers freed since.
    ///
    /// - Parameter keeper: The new keeper.
    static func keeperDidStart(_ keeper: any ChildViewModelsKeeper) {
        guard isRecording.withLock({ $0 }) else { return }
        keepers.removeAll { $0.keeper == nil }
        keepers.append(WeakKeeper(keeper: keeper))
    }

    /// The recorded keepers still alive, oldest first.
    package static var alive: [any ChildViewModelsKeeper] {
        keepers.compactMap(\.keeper)
    }
}
