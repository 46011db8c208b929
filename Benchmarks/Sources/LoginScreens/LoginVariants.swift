public import BenchKit

/// The rows of part 1: the login screen, per input event (a text change, min-length validation, a reload, and
/// the view drawing what it read).
public enum LoginVariants {
    /// The group heading of these rows.
    static let group = "1. Login, per input event"

    /// Every login row; the cheapest hand-written delegate (`login.lean`) is the baseline of every ratio.
    public static let all: [Variant] = [
        row("login.floor", "Validation and drawing alone, no ViewModel (floor)", rendersPerEvent: 1) {
            FloorLoginWorkload()
        },
        row("login.state", "Hand-written weak delegate, outputs in one struct read once per reload", rendersPerEvent: 1) {
            StateLoginView()
        },
        row(
            "login.lean",
            "Hand-written weak delegate, each input compares only the outputs it touches, a bitmask of the changed "
                + "ones (the leanest)",
            rendersPerEvent: 1
        ) {
            LeanLoginView()
        },
        row(
            "login.lean.reload",
            "Hand-written as the previous row, in the tutorial's shape: one `reloadFields()` comparing the three "
                + "outputs every input assigns",
            rendersPerEvent: 1
        ) {
            ReloadFieldsLoginView()
        },
        row(
            "login.delegate", "Hand-written weak delegate, one property per output (the seed article's style)",
            rendersPerEvent: 1
        ) {
            HandWrittenLoginView()
        },
        row(
            "login.toolkit",
            "PureMVVM: LoginFeature's `LoginViewModel`, written as the tutorial teaches, change-set reload",
            rendersPerEvent: 1
        ) {
            ToolkitLoginView()
        },
        row(
            "login.adapter",
            "PureMVVM through PureMVVMObservation's `ObservedScreen`, read in `withObservationTracking` per event",
            rendersPerEvent: 1
        ) {
            AdapterLoginView()
        },
        row("login.published.state", "OpenCombine: one `@Published` state struct + one `sink`", rendersPerEvent: 1) {
            PublishedStateLoginView()
        },
        row("login.published", "OpenCombine: `@Published` + `sink` per output", rendersPerEvent: 2) {
            PublishedLoginView()
        },
        row("login.pipeline", "OpenCombine pipeline: `map` to `Just`, `switchToLatest`, `sink`", rendersPerEvent: 1) {
            PipelineLoginView()
        },
        row("login.observation", "Observation: `@Observable`, `withObservationTracking` per event", rendersPerEvent: 1)
        {
            ObservationLoginView()
        },
    ]

    /// The row every ratio of the part divides by: the leanest hand-written ViewModel.
    static let baseline = "login.lean"

    private static func row(
        _ id: String,
        _ title: String,
        rendersPerEvent: Int,
        make: @escaping @MainActor @Sendable () -> any EventWorkload
    ) -> Variant {
        Variant(
            id: id,
            group: group,
            title: title,
            baseline: baseline,
            measurement: .perEvent(
                PerEvent(make: make) { LoginEvents.expected(events: $0, rendersPerEvent: rendersPerEvent) }
            )
        )
    }
}
