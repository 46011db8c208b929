public import BenchKit

/// Part 1's row for the tutorial's own ViewModel.
public enum TutorialLoginVariants {
    /// The tutorial's login, compared with the leanest hand-written row.
    public static let all: [Variant] = [
        Variant(
            id: "login.tutorial",
            group: "1. Login, per input event",
            title: "PureMVVM: the tutorial's `LoginViewModel` (Tutorials/SeedLogin), change-set reload",
            baseline: "login.lean",
            measurement: .perEvent(
                PerEvent(make: { TutorialLoginView() }) { LoginEvents.expected(events: $0, rendersPerEvent: 1) }
            )
        )
    ]
}
