internal import BenchKit
internal import PureMVVM

/// One list change, diffed and redrawn once per event: by the toolkit's `Rows.changes(since:)`, by a hand-written
/// keyed diff, or not diffed at all (a full reload redraws every row). The lists are made once, before the first
/// event: an event is the diff and the redraw alone.
@MainActor
final class RowDiffWorkload: EventWorkload {
    enum Method: Sendable {
        case toolkit, keyed, fullReload
    }

    private let scenario: RowDiffScenario
    private let method: Method
    private let old: Rows<BenchRow>
    private let new: Rows<BenchRow>
    private var screen = RowScreen()

    init(_ scenario: RowDiffScenario, _ method: Method) {
        self.scenario = scenario
        self.method = method
        old = Rows(scenario.old)
        new = Rows(scenario.new)
    }

    func run(events count: Int) {
        for _ in 0..<count {
            switch method {
            case .toolkit:
                let changes = new.changes(since: old)
                for index in changes.deletions { screen.delete(at: index) }
                for index in changes.insertions { screen.draw(new[index], at: index) }
                for move in changes.moves { screen.draw(new[move.to], at: move.to) }
                for index in changes.updates { screen.draw(new[index], at: index) }
            case .keyed:
                let changes = KeyedDiff(old: scenario.old, new: scenario.new)
                for index in changes.deletions { screen.delete(at: index) }
                for index in changes.insertions { screen.draw(scenario.new[index], at: index) }
                for index in changes.updates { screen.draw(scenario.new[index], at: index) }
            case .fullReload:
                for (index, row) in scenario.new.enumerated() { screen.draw(row, at: index) }
            }
            screen.endFrame()
        }
    }

    var outcome: Outcome { screen.outcome }
}
