public import BenchKit

/// The rows of part 2: a ViewModel with 10, 100 and 1000 outputs, one changing per event, reloaded three ways.
public enum ScalingVariants {
    /// The group heading of these rows.
    static let group = "2. Scaling, one of N outputs changes"

    /// Every scaling row; each size's hand-written full reload (`scaling.full.N`) is its baseline.
    public static let all: [Variant] = [
        row(10, "set", "PureMVVM `OutputStore.set`, change-set reload") { ChangeSetView10() },
        row(10, "update", "PureMVVM `OutputStore.update` (diffs all), change-set reload") { DiffingView10() },
        row(10, "full", "Hand-written full reload, `reloadViews()` redraws all") { FullReloadView10() },
        row(100, "set", "PureMVVM `OutputStore.set`, change-set reload") { ChangeSetView100() },
        row(100, "update", "PureMVVM `OutputStore.update` (diffs all), change-set reload") { DiffingView100() },
        row(100, "full", "Hand-written full reload, `reloadViews()` redraws all") { FullReloadView100() },
        row(1000, "set", "PureMVVM `OutputStore.set`, change-set reload") { ChangeSetView1000() },
        row(1000, "update", "PureMVVM `OutputStore.update` (diffs all), change-set reload") { DiffingView1000() },
        row(1000, "full", "Hand-written full reload, `reloadViews()` redraws all") { FullReloadView1000() },
    ]

    private static func row(
        _ outputs: Int,
        _ path: String,
        _ title: String,
        make: @escaping @MainActor @Sendable () -> any EventWorkload
    ) -> Variant {
        Variant(
            id: "scaling.\(path).\(outputs)",
            group: group,
            title: "\(outputs) outputs: \(title)",
            baseline: "scaling.full.\(outputs)",
            measurement: .perEvent(PerEvent(make: make) { GridEvents.expected(events: $0, outputs: outputs) })
        )
    }
}
