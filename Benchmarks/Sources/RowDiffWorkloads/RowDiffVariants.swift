public import BenchKit
internal import PureMVVM

/// The rows of part 6: what a list's reload costs to diff (issues 20 and 32). Six list changes (``RowDiffScenario``)
/// at 1,000 to 1,000,000 rows, each diffed by the toolkit on the ViewModel's path (`Rows(array).changes(since:)`)
/// and on `Rows` made before, and by the correct baselines (``RowDiffMethod``); the rows each names are redrawn.
/// Every row's ratio is to the cheapest baseline measured on the same change and size.
public enum RowDiffVariants {
    static let group = "6. Row diff, one list change per event"

    /// Every row-diff row: by change, then size, then method.
    public static let all: [Variant] = RowDiffScenario.cases.flatMap { kind, size in
        RowDiffMethod.measured(on: kind, size: size).map { row(kind, size: size, $0) }
    }

    /// The row's id.
    static func id(_ kind: RowDiffScenario.Kind, size: Int, _ method: RowDiffMethod) -> String {
        "rows.\(kind.rawValue).\(size).\(method.rawValue)"
    }

    /// The ids of the baselines measured on a change at a size.
    static func baselineIDs(_ kind: RowDiffScenario.Kind, size: Int) -> [String] {
        RowDiffMethod.measured(on: kind, size: size).filter(\.isBaseline).map { id(kind, size: size, $0) }
    }

    /// Instructions an event of a method takes, roughly, to choose how many events each run takes (a run is
    /// about 30 million instructions under callgrind, 100 million in process).
    static func estimatedInstructions(_ kind: RowDiffScenario.Kind, size: Int, _ method: RowDiffMethod) -> Double {
        let rows = Double(size)
        if method == .standardLibrary {
            let changes = Double(RowDiffScenario.editDistance(kind, size: size))
            return rows * 80 + changes * changes * 40
        }
        switch kind {
        case .changed, .front, .page: return rows * (method == .toolkit ? 230 : 20)
        case .window, .scattered, .replaced, .sparse, .dense, .clustered: return rows * 700
        }
    }

    private static func row(_ kind: RowDiffScenario.Kind, size: Int, _ method: RowDiffMethod) -> Variant {
        let estimate = estimatedInstructions(kind, size: size, method)
        let events = { (budget: Double, most: Int) in max(1, min(most, Int(budget / estimate))) }
        let title = RowDiffScenario.title(kind, size: size)
        return Variant(
            id: id(kind, size: size, method),
            group: group,
            title: "\(title): \(method.title)",
            baselines: baselineIDs(kind, size: size),
            measurement: .perEvent(
                PerEvent(
                    unit: "diff",
                    callgrindEvents: events(3e7, 5_000),
                    memoryEvents: max(2, events(1e8, 5_000)),
                    checkEvents: events(1e8, 1_000),
                    isQuick: size <= 10_000 && estimate < 2e8,
                    measuresWorkingMemory: true,
                    make: { RowDiffWorkload(RowDiffCache.scenario(kind, size: size), method) },
                    expected: { events in
                        let scenario = RowDiffCache.scenario(kind, size: size)
                        var screen = RowScreen()
                        let changes = RowDiffCache.answer(method, on: scenario)
                        for _ in 0..<events { screen.show(changes, of: scenario.new) }
                        return screen.outcome
                    }
                )
            )
        )
    }
}
