internal import BenchKit
internal import PureMVVM

/// The test's own code of `ListTesterSendWorkload`'s one-row change, without a tester or a ViewModel: the expected
/// outputs built on a copy of the outputs before the event, as the test's closure builds them, and compared with the
/// outputs after it. Beside the tested and the untested event, it says which part of a tested send is the tester's.
@MainActor
final class ListExpectationWorkload: EventWorkload {
    /// The outputs with the first row unstarred, and with it starred: what the ViewModel shows after each event.
    private let unstarred: TicketListOutputs
    private let starred: TicketListOutputs
    private var shown: TicketListOutputs
    private var checksum = Checksum()
    private var isOn = false
    private var events = 0

    init(rows: Int) {
        unstarred = TicketListOutputs(tickets: TicketListOutputs.tickets(rows))
        var starred = unstarred
        if var first = starred.tickets.first {
            first.isStarred = true
            starred.tickets.update(first)
        }
        self.starred = starred
        shown = unstarred
    }

    func run(events count: Int) {
        for _ in 0..<count {
            isOn.toggle()
            // What the test's closure does with the copy of the outputs before that the tester hands it.
            var wanted = shown
            if var first = wanted.tickets.first {
                first.isStarred = isOn
                wanted.tickets.update(first)
            }
            let after = isOn ? starred : unstarred
            checksum.add(wanted == after ? 1 : 0)
            checksum.add(after.tickets.first.map { $0.isStarred ? 1 : 0 } ?? 2)
            shown = after
            events += 1
        }
    }

    /// Whether each expectation matched, the first row's star after each event, and one comparison an event.
    var outcome: Outcome { Outcome(checksum: checksum.value, renders: events) }

    /// What a fresh workload must show after a number of events: each expectation met, the first row starred
    /// after odd events and not after even ones.
    ///
    /// - Parameter count: The events.
    /// - Returns: The checksum and the comparisons.
    nonisolated static func expected(events count: Int) -> Outcome {
        var checksum = Checksum()
        for event in 0..<count {
            checksum.add(1)
            checksum.add(event % 2 == 0 ? 1 : 0)
        }
        return Outcome(checksum: checksum.value, renders: count)
    }
}
