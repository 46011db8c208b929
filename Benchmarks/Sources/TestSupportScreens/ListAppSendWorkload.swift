internal import BenchKit
internal import PureMVVM

/// The events of `ListTesterSendWorkload`'s one-row change without a test: the ViewModel's input, and a view that
/// redraws the rows the reload names, as the app runs them. Beside the tested rows, it says what the tester adds to
/// an event at each list length.
@MainActor
final class ListAppSendWorkload: EventWorkload, ReloadDelegate {
    private let viewModel: TicketListViewModel
    private var checksum = Checksum()
    private var renders = 0

    init(rows: Int) {
        viewModel = TicketListViewModel(rows: rows)
        viewModel.delegate = self
    }

    func run(events count: Int) {
        for _ in 0..<count { viewModel.starButtonDidTap(id: 0) }
    }

    func reloadViews(_ changes: ChangeSet<TicketListOutputs>, from outputs: ReadOnlyOutputs<TicketListOutputs>) {
        renders += 1
        if changes.contains(.tickets) {
            for index in outputs.changes(of: \.tickets).updates {
                checksum.add(outputs.tickets[index].isStarred ? 1 : 0)
            }
        }
        checksum.add(outputs.isEditing ? 1 : 0)
    }

    /// The rows each reload named redrawn, and one reload an event.
    var outcome: Outcome { Outcome(checksum: checksum.value, renders: renders) }

    /// What a fresh workload must show after a number of events: the first row, the one updated, starred after odd
    /// events and not after even ones; edit mode off; one reload each.
    ///
    /// - Parameter count: The events.
    /// - Returns: The checksum and the reloads.
    nonisolated static func expected(events count: Int) -> Outcome {
        var checksum = Checksum()
        for event in 0..<count {
            checksum.add(event % 2 == 0 ? 1 : 0)
            checksum.add(0)
        }
        return Outcome(checksum: checksum.value, renders: count)
    }
}
