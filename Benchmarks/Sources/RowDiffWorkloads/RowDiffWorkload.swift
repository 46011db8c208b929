internal import BenchKit
internal import PureMVVM

/// One list change, diffed and redrawn once per event by one method. The old and new arrays (and, for the
/// `prebuilt` method, both `Rows`; for the ViewModel's path, the old `Rows`) are made before the first event, so an
/// event is the diff and the redraw: the deleted rows taken out, the inserted, moved and updated rows drawn.
@MainActor
final class RowDiffWorkload: EventWorkload {
    private let scenario: RowDiffScenario
    private let method: RowDiffMethod
    private let oldRows: Rows<BenchRow>
    private let newRows: Rows<BenchRow>
    private var screen = RowScreen()

    init(_ scenario: RowDiffScenario, _ method: RowDiffMethod) {
        self.scenario = scenario
        self.method = method
        oldRows = method == .toolkit || method == .prebuilt ? Rows(scenario.old) : Rows()
        newRows = method == .prebuilt ? Rows(scenario.new) : Rows()
    }

    func run(events count: Int) {
        for _ in 0..<count {
            let changes: RowChanges
            switch method {
            case .toolkit: changes = Rows(scenario.new).changes(since: oldRows)
            case .prebuilt: changes = newRows.changes(since: oldRows)
            case .dictionary: changes = TrimmedDictionaryDiff.changes(old: scenario.old, new: scenario.new)
            case .standardLibrary: changes = StandardLibraryDiff.changes(old: scenario.old, new: scenario.new)
            case .startsWith: changes = AppendedPageDiff.changes(old: scenario.old, new: scenario.new)
            }
            screen.show(changes, of: scenario.new)
        }
    }

    var outcome: Outcome { screen.outcome }
}

/// Where the row-diff workloads draw: each deleted index, and each drawn row's index and value, folded into a
/// checksum; a frame per event.
struct RowScreen {
    private var checksum = Checksum()
    private var frames = 0

    /// Applies one event's changes: takes the deleted rows out, draws the inserted, moved and updated ones, and
    /// ends the frame.
    mutating func show(_ changes: RowChanges, of new: [BenchRow]) {
        for index in changes.deletions { checksum.add(-1 - index) }
        for index in changes.insertions { draw(new[index], at: index) }
        for move in changes.moves { draw(new[move.to], at: move.to) }
        for index in changes.updates { draw(new[index], at: index) }
        frames += 1
    }

    private mutating func draw(_ row: BenchRow, at index: Int) {
        checksum.add(index)
        checksum.add(row.value)
    }

    var outcome: Outcome { Outcome(checksum: checksum.value, renders: frames) }
}
