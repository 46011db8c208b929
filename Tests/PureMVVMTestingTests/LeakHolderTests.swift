import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// A leak's failure names what still holds the object when the toolkit knows it (a `ChildViewModels`, the outputs
/// of a tracked ViewModel) and says how to fix that; the advice for a strong reference cycle is kept for objects
/// nothing the toolkit knows holds.
@MainActor
final class LeakHolderTests: GuardedTestCase {
    private let cycleAdvice = "look for a strong reference cycle"

    /// The slip of an outside client: a row leaves the parent's rows, and the parent's keeper still keeps its child.
    /// The test tracks the child alone; the keeper is found among those the toolkit recorded.
    func testARemovedRowsChildThatItsKeeperStillKeepsNamesTheKeeperAndItsUpdate() async {
        let parent = TicketFolderViewModel()
        parent.forgetsToUpdateItsChildren = true
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            leaks.track(parent.child(at: 1))
            parent.ticketDidLeave(2)
            await leaks.verify()
        }
        assertOneFailure(
            reports,
            containing: "TicketViewModel was not freed by the end of the test.\n"
                + "A ChildViewModels<Ticket, TicketViewModel> still keeps it for the row with ID 2: the keeper is "
                + "alive, so its parent (not tracked by this test) is alive too",
            "To fix: if that row is gone from the parent's rows, have the parent pass its new rows to the keeper's "
                + "update(for:) whenever they change")
        XCTAssertFalse(reports.messages.joined().contains(cycleAdvice), "\(reports.messages)")
    }

    func testARemovedRowsChildIsFreedWhenTheParentUpdatesItsKeeper() async {
        let parent = TicketFolderViewModel()
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            leaks.track(parent.child(at: 1))
            parent.ticketDidLeave(2)
            await leaks.verify()
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// With the parent tracked, the failure names the keeper's property and the rows it should follow, and tells a
    /// row that is gone from one still shown.
    func testATrackedParentsKeeperIsNamedWithItsPropertyAndWhetherTheRowIsStillShown() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            let parent = leaks.track(TicketFolderViewModel())
            parent.forgetsToUpdateItsChildren = true
            _ = parent.child(at: 0)
            _ = parent.child(at: 1)
            parent.ticketDidLeave(2)
            await leaks.verify()
        }
        XCTAssertEqual(reports.failures.count, 3, "the parent and both children: \(reports.messages)")
        let gone = reports.messages.filter { $0.contains("row with ID 2 in") }
        XCTAssertEqual(gone.count, 1, "\(reports.messages)")
        XCTAssertEqual(
            gone.first,
            """
            TicketViewModel (the child ViewModel of the row with ID 2 in TicketFolderViewModel) was not freed by the \
            end of the test.
            Nothing cycles: `children` of TicketFolderViewModel, a ChildViewModels<Ticket, TicketViewModel>, still \
            keeps it for the row with ID 2, which is no longer in TicketFolderViewModel's `tickets`.
            To fix: whenever TicketFolderViewModel's rows change, pass the new rows to `children.update(for:)`: it \
            releases the children of the rows that are gone.
            """)
        let shown = reports.messages.filter { $0.contains("row with ID 1 in") }
        XCTAssertEqual(shown.count, 1, "\(reports.messages)")
        XCTAssertTrue(
            shown.first?.contains(
                "\n`children` of TicketFolderViewModel, a ChildViewModels<Ticket, TicketViewModel>, keeps it for the "
                    + "row with ID 1, which TicketFolderViewModel's `tickets` still shows, and TicketFolderViewModel "
                    + "is still alive: a child is freed with its parent.\nTo fix: find what keeps "
                    + "TicketFolderViewModel alive") == true,
            "\(shown)")
        let parent = reports.messages.filter { $0.hasPrefix("TicketFolderViewModel was not freed") }
        XCTAssertEqual(parent.count, 1, "\(reports.messages)")
        XCTAssertTrue(parent.first?.contains(cycleAdvice) == true, "nothing the toolkit knows holds the parent")
        reports.failures.forEach { assertEndsWithToFix($0.message) }
    }

    /// A parent the test did not track, held by its tester: the keeper is named with the parent's property, and
    /// the rows tell a row that is gone from one still shown.
    func testAParentThatItsTesterHoldsIsFoundThroughTheTester() async {
        var line: UInt = 0
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            line = #line + 1
            let tester = ViewModelTester(TicketFolderViewModel(), spy: ReloadSpy())
            tester.viewModel.forgetsToUpdateItsChildren = true
            leaks.track(tester.viewModel.child(at: 0))
            leaks.track(tester.viewModel.child(at: 1))
            tester.send({ $0.ticketDidLeave(2) }) {
                $0.tickets.remove(id: 2)
                $0.openCount = 2
            }
            await leaks.verify()
        }
        let shown: String =
            "`children` of TicketFolderViewModel, a ChildViewModels<Ticket, TicketViewModel>, keeps it for the row "
            + "with ID 1, which TicketFolderViewModel's `tickets` still shows, and TicketFolderViewModel is still "
            + "alive, held by the ViewModelTester made at LeakHolderTests.swift:\(line): a child is freed with its "
            + "parent.\nTo fix: check the child once its row is gone from TicketFolderViewModel's rows, or once "
            + "TicketFolderViewModel is freed with its tester (a tester kept in a stored property of the test case "
            + "lives as long as the test case)."
        let gone: String =
            "Nothing cycles: `children` of TicketFolderViewModel, a ChildViewModels<Ticket, TicketViewModel>, still "
            + "keeps it for the row with ID 2, which is no longer in TicketFolderViewModel's `tickets`.\nTo fix: "
            + "whenever TicketFolderViewModel's rows change, pass the new rows to `children.update(for:)`: it "
            + "releases the children of the rows that are gone."
        let details: [String] = reports.messages.map { $0.split(separator: "\n").dropFirst().joined(separator: "\n") }
        XCTAssertEqual(details, [shown, gone])
    }

    /// A keeper that a child holds outlives its parent: the failure says the keeper is held by something else.
    func testAKeeperThatOutlivesItsParentIsNamed() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let parent = leaks.track(KeeperClingingViewModel())
                parent.keep(Ticket(id: 3, title: "T3", status: "open"))
            }
            await leaks.verify()
        }
        assertOneFailure(
            reports,
            containing: "ClingingTicketViewModel (the child ViewModel of the row with ID 3 in KeeperClingingViewModel) "
                + "was not freed by the end of the test.\n`children` of KeeperClingingViewModel, a "
                + "ChildViewModels<Ticket, ClingingTicketViewModel>, still keeps it for the row with ID 3, though "
                + "KeeperClingingViewModel was freed: something else holds the keeper.",
            "To fix: look for what holds the keeper besides its parent")
    }

    /// An object a tracked ViewModel shows in its outputs, in an array or in rows, is named with where it is.
    func testAnObjectInTheOutputsOfATrackedViewModelIsNamedWithItsPath() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            let viewModel = leaks.track(BadgesViewModel())
            let (pinned, rowed) = (Badge(id: 1), Badge(id: 2))
            viewModel.badgesDidArrive(pinned: [Badge(id: 5), pinned], rows: [Badge(id: 3), rowed])
            leaks.track(pinned)
            leaks.track(rowed)
            await leaks.verify()
        }
        XCTAssertEqual(reports.failures.count, 3, "\(reports.messages)")
        let badges = reports.messages.filter { $0.hasPrefix("Badge was not freed") }
        XCTAssertEqual(
            badges.map { $0.split(separator: "\n").dropFirst().first.map(String.init) },
            [
                "The outputs of BadgesViewModel hold it (`pinned[1]`), and BadgesViewModel is still alive.",
                "The outputs of BadgesViewModel hold it (`badges[id: 2]`), and BadgesViewModel is still alive.",
            ])
        XCTAssertTrue(
            badges.allSatisfy { $0.contains("To fix: if it should be gone, take it out of BadgesViewModel's") })
    }

    /// A tester kept alive (a stored property of the test case lives as long as the test case) holds its ViewModel
    /// and its spy: the failure names the tester, not a cycle.
    func testAViewModelAndASpyHeldByATesterStillAliveNameTheTester() async {
        var line: UInt = 0
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            line = #line + 1
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            leaks.track(tester.viewModel)
            leaks.track(tester.spy)
            await leaks.verify()
        }
        XCTAssertEqual(
            reports.messages.map { $0.split(separator: "\n").dropFirst().map(String.init) },
            ["ViewModel", "spy"].map { role in
                [
                    "The ViewModelTester made at LeakHolderTests.swift:\(line) holds it as its \(role), and is still "
                        + "alive: a tester holds its ViewModel and its spy until it is freed.",
                    "To fix: make the tester a local of the test, not a stored property of the test case (or set that "
                        + "property to nil before the check), so it is freed when the test ends.",
                ]
            })
    }

    /// A child that holds itself, released by its keeper, is a real cycle: the cycle advice stays.
    func testAChildInACycleOfItsOwnStillGetsTheCycleAdvice() async {
        let parent = TicketFolderViewModel()
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            let child = leaks.track(parent.child(at: 1))
            child.holdOnToItself()
            parent.ticketDidLeave(2)
            await leaks.verify()
        }
        assertOneFailure(
            reports, containing: "TicketViewModel was not freed by the end of the test.\nTo fix: \(cycleAdvice)")
    }

    // MARK: The keeper's side

    func testAKeeperSaysWhichRowItKeepsAChildFor() {
        let keeper = ChildViewModels<Ticket, TicketViewModel>()
        let first = keeper.child(for: Ticket(id: 1, title: "T1", status: "open")) { TicketViewModel(ticket: $0) }
        let second = keeper.child(for: Ticket(id: 2, title: "T2", status: "open")) { TicketViewModel(ticket: $0) }
        XCTAssertEqual(keeper.rowID(keeping: first), AnyHashable(1))
        XCTAssertEqual(keeper.rowID(keeping: second), AnyHashable(2))
        XCTAssertNil(keeper.rowID(keeping: TicketViewModel(ticket: Ticket(id: 1, title: "T1", status: "open"))))
        keeper.update(for: Rows([Ticket(id: 2, title: "T2", status: "open")]))
        XCTAssertNil(keeper.rowID(keeping: first), "released")
        XCTAssertTrue(keeper.rowType == Ticket.self)
    }

    func testTheToolkitRecordsTheKeepersAliveAndForgetsTheFreed() {
        _ = LeakTracker()  // starts the recording, if nothing did before
        let before = LiveKeepers.alive.count
        var keeper: ChildViewModels<Ticket, TicketViewModel>? = ChildViewModels()
        let recorded = WeakReference(keeper)
        XCTAssertTrue(LiveKeepers.alive.contains { $0 === recorded.object }, "recorded as it was made")
        XCTAssertEqual(LiveKeepers.alive.count, before + 1)
        keeper = nil
        XCTAssertNil(recorded.object)
        XCTAssertEqual(LiveKeepers.alive.count, before, "a freed keeper is no longer alive")
    }
}
