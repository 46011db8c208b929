internal import BenchKit
internal import PureMVVM
internal import PureMVVMTesting

/// A test of a list screen with a number of rows, as a test writes it: each event is a `ViewModelTester.send` with
/// the change the test expects: one that changes no row (edit mode on, then off), one that stars the first row, then
/// unstars it, or one that moves the last row to the front, then back to the end. The tester checks the rows on every send, by its own reckoning, whatever the
/// ViewModel says: this is what that check costs at each list length.
///
/// As in `TesterSendWorkload`, the workload checks the passing path itself: it folds whether the outputs equal the
/// expectation, and what the screen shows, into the checksum, which the expected outcome computes without any
/// ViewModel.
@MainActor
final class ListTesterSendWorkload: EventWorkload {
    /// What each event changes.
    enum Change {
        /// Edit mode: no row.
        case noRow
        /// The first row's star.
        case oneRow
        /// The last row moved to the front, then back: moves, which the tester works out in full.
        case moveRow
    }

    private let tester: ViewModelTester<TicketListViewModel, ReloadSpy<TicketListOutputs>>
    private let change: Change
    private var checksum = Checksum()
    private var isOn = false

    init(rows: Int, change: Change) {
        tester = ViewModelTester(TicketListViewModel(rows: rows), spy: ReloadSpy())
        self.change = change
    }

    func run(events count: Int) {
        for _ in 0..<count {
            isOn.toggle()
            let isOn = isOn
            var wanted: TicketListOutputs?
            switch change {
            case .noRow:
                tester.send({ $0.editButtonDidTap() }) {
                    $0.isEditing = isOn
                    wanted = $0
                }
            case .oneRow:
                tester.send({ $0.starButtonDidTap(id: 0) }) {
                    guard var first = $0.tickets.first else { return }
                    first.isStarred = isOn
                    $0.tickets.update(first)
                    wanted = $0
                }
            case .moveRow:
                tester.send({ $0.moveButtonDidTap(toFront: isOn) }) {
                    TicketListOutputs.move(&$0.tickets, toFront: isOn)
                    wanted = $0
                }
            }
            let outputs = tester.viewModel.outputs
            checksum.add(wanted == outputs ? 1 : 0)
            Self.fold(isEditing: outputs.isEditing, firstStarred: outputs.tickets.first?.isStarred, into: &checksum)
            checksum.add(outputs.tickets.first?.id ?? -1)
        }
    }

    /// Whether each event's outputs were as expected, what the screen showed after it, and the reloads recorded.
    var outcome: Outcome { Outcome(checksum: checksum.value, renders: tester.spy.recorder.callCount) }

    /// What a fresh workload must show after a number of events: each as expected, edit mode or the first row's
    /// star on after odd events and off after even ones, the last row first after odd moves, one reload each.
    ///
    /// - Parameters:
    ///   - count: The events.
    ///   - rows: The list's length.
    ///   - change: What each event changes.
    /// - Returns: The checksum and the reloads.
    nonisolated static func expected(events count: Int, rows: Int, change: Change) -> Outcome {
        var checksum = Checksum()
        for event in 0..<count {
            let isOn = event % 2 == 0
            checksum.add(1)
            switch change {
            case .noRow: fold(isEditing: isOn, firstStarred: rows > 0 ? false : nil, into: &checksum)
            case .oneRow: fold(isEditing: false, firstStarred: isOn, into: &checksum)
            case .moveRow: fold(isEditing: false, firstStarred: rows > 0 ? false : nil, into: &checksum)
            }
            let movedToFront = change == .moveRow && isOn && rows > 1
            checksum.add(rows == 0 ? -1 : movedToFront ? rows - 1 : 0)
        }
        return Outcome(checksum: checksum.value, renders: count)
    }

    private nonisolated static func fold(isEditing: Bool, firstStarred: Bool?, into checksum: inout Checksum) {
        checksum.add(isEditing ? 1 : 0)
        checksum.add(firstStarred.map { $0 ? 1 : 0 } ?? 2)
    }
}
