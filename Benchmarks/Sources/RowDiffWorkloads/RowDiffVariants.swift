public import BenchKit

/// The rows of part 6: the row changes a list's reload names (issue 20), for one row changed among 10,000, a row
/// inserted at the front of 10,000 and a page of 20 appended to 1,000, each found by the toolkit's
/// `Rows.changes(since:)`, by a hand-written keyed diff, and not at all (a full reload); the changed rows are then
/// redrawn. The full reload of each case is its baseline.
public enum RowDiffVariants {
    static let group = "6. Row diff, one list change per event"

    /// Every row-diff row.
    public static let all: [Variant] = RowDiffScenario.all.flatMap { scenario in
        [
            row(scenario, "toolkit", "PureMVVM `Rows.changes(since:)`, the rows it names redrawn", .toolkit),
            row(scenario, "keyed", "Hand-written keyed diff (dictionary by ID), the rows it names redrawn", .keyed),
            row(scenario, "full", "Full reload: every row redrawn, no diff", .fullReload),
        ]
    }

    /// Instructions per list row for each case's toolkit diff and hand-written one: the event's instructions
    /// divided by the rows of the new list.
    public static let figures: [DerivedFigure] = RowDiffScenario.all.map { scenario in
        DerivedFigure { results in
            guard let toolkit = results.instructions("rows.\(scenario.name).toolkit"),
                let keyed = results.instructions("rows.\(scenario.name).keyed")
            else { return nil }
            let rows = Double(scenario.new.count)
            return "Row diff, \(scenario.title): \(Format.fixed(toolkit / rows, digits: 2)) instructions per list row "
                + "with `Rows.changes(since:)`, \(Format.fixed(keyed / rows, digits: 2)) with the hand-written keyed "
                + "diff (\(scenario.new.count) rows)"
        }
    }

    private static func row(
        _ scenario: RowDiffScenario, _ method: String, _ title: String, _ kind: RowDiffWorkload.Method
    ) -> Variant {
        let large = scenario.new.count > 5_000
        return Variant(
            id: "rows.\(scenario.name).\(method)",
            group: group,
            title: "\(scenario.title): \(title)",
            baseline: "rows.\(scenario.name).full",
            measurement: .perEvent(
                PerEvent(
                    unit: "diff",
                    callgrindEvents: large ? 20 : 200,
                    memoryEvents: large ? 500 : 5_000,
                    make: { RowDiffWorkload(scenario, kind) },
                    expected: { scenario.expected(events: $0, redrawingAll: kind == .fullReload) }
                )
            )
        )
    }
}
