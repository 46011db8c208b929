import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

@MainActor
final class LeakTrackerTests: GuardedTestCase {
    func testALeakFailsNamingTheType() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let viewModel = leaks.track(LeakyViewModel())
                viewModel.viewDidLoad()  // a closure that captures self: a cycle
            }
            await leaks.verify()
        }
        assertOneFailure(reports, containing: "LeakyViewModel was not freed by the end of the test.")
    }

    func testAStrongDelegateKeepsTheViewAliveAndIsReported() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let viewModel = LeakyViewModel()
                let spy = leaks.track(CounterSpy())
                viewModel.delegate = spy
                leaks.track(viewModel)
                spy.recorder.record(.alert("keep"))
                _ = spy
                viewModel.viewDidLoad()
            }
            await leaks.verify()
        }
        XCTAssertEqual(reports.failures.count, 2, "\(reports.messages)")
        XCTAssertTrue(reports.messages.contains { $0.hasPrefix("CounterSpy was not freed") }, "\(reports.messages)")
    }

    func testFreedObjectsPass() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let viewModel = leaks.track(CounterViewModel())
                let spy = leaks.track(CounterSpy())
                viewModel.delegate = spy
                viewModel.incrementButtonDidTap()
            }
            await leaks.verify()
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testAnObjectFreedByAPendingMainActorJobPasses() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let viewModel = leaks.track(CounterViewModel())
                Task { @MainActor in _ = viewModel }  // holds it until the next main-actor turn
            }
            await leaks.verify()
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testTrackForLeaksOnTheTestCasePassesForAFreedObject() async {
        let sink = FailureSink()
        // Teardown blocks run last first: this one runs after trackForLeaks's, and reads what it reported.
        addTeardownBlock { @MainActor in
            XCTAssertEqual(sink.reports.messages, [], "a freed object passes")
        }
        FailureReporter.$sink.withValue(sink) {
            trackForLeaks(CounterViewModel())
        }
    }

    func testTrackForLeaksOnTheTestCaseReportsARealLeakAtTeardown() async {
        let sink = FailureSink()
        addTeardownBlock { @MainActor in
            XCTAssertEqual(sink.reports.failures.count, 1, "\(sink.reports.messages)")
            assertOneFailure(sink.reports, containing: "LeakyViewModel was not freed by the end of the test.")
            XCTAssertEqual(sink.reports.first.map { "\($0.location.fileID)" }, #fileID, "where it was tracked")
        }
        let leaky = LeakyViewModel()
        leaky.viewDidLoad()  // a closure that captures self: a cycle
        FailureReporter.$sink.withValue(sink) {
            trackForLeaks(leaky)
        }
        XCTAssertEqual(sink.reports.messages, [], "nothing is reported before teardown")
    }

    func testTheTrackerReportsEveryLeakAndNothingTwice() async {
        let leaks = LeakTracker()
        let first = await FailureReporter.capture {
            let leaky = leaks.track(LeakyViewModel())
            leaky.viewDidLoad()
            leaks.track(CounterViewModel())  // freed at once
            await leaks.verify()
        }
        XCTAssertEqual(first.failures.count, 1, "\(first.messages)")
        let second = await FailureReporter.capture { await leaks.verify() }
        XCTAssertEqual(second.messages, [], "a verified tracker starts empty")
    }

    func testAChildViewModelThatHoldsItselfIsReportedWithItsRowAndParent() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let parent = leaks.track(FolderViewModel())
                _ = parent.child(for: Ticket(id: 1, title: "T1", status: "open"))
                let clingy = parent.child(for: Ticket(id: 2, title: "T2", status: "open"))
                clingy.holdOnToItself()
                parent.rowsDidChange([Ticket(id: 1, title: "T1", status: "open")])  // releases the child of row 2
            }
            await leaks.verify()
        }
        assertOneFailure(
            reports,
            containing: "TicketViewModel (the child ViewModel of the row with ID 2 in FolderViewModel) was not freed "
                + "by the end of the test.")
    }

    func testChildrenKeptBeforeTrackingAreFollowedAndFreedChildrenPass() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let parent = FolderViewModel()
                _ = parent.child(for: Ticket(id: 1, title: "T1", status: "open"))
                parent.child(for: Ticket(id: 1, title: "T1", status: "open")).holdOnToItself()
                leaks.track(parent)
                _ = parent.child(for: Ticket(id: 3, title: "T3", status: "open"))
            }
            await leaks.verify()
        }
        assertOneFailure(reports, containing: "the row with ID 1 in FolderViewModel) was not freed")
    }

    func testChildrenKeptInAnOptionalAnInheritedOrAnUntypedPropertyAreFollowed() async {
        // The tracker decides from the type whether to look for children at all: each way of storing them must
        // still be found.
        let parents: [(@MainActor () -> any FolderKeeping, String)] = [
            ({ OptionalFolderViewModel() }, "OptionalFolderViewModel"),
            ({ InheritingFolderViewModel() }, "InheritingFolderViewModel"),
            ({ UntypedFolderViewModel() }, "UntypedFolderViewModel"),
            ({ ObjectFolderViewModel() }, "ObjectFolderViewModel"),
        ]
        for (makeParent, name) in parents {
            let reports = await FailureReporter.capture {
                let leaks = LeakTracker()
                do {
                    let parent = leaks.track(makeParent())
                    parent.keep(Ticket(id: 7, title: "T7", status: "open"))
                }
                await leaks.verify()
            }
            assertOneFailure(
                reports, containing: "TicketViewModel (the child ViewModel of the row with ID 7 in \(name))")
        }
    }

    func testTheGlobalTrackForLeaksOutsideTheTraitFails() async {
        let reports = FailureReporter.capture {
            PureMVVMTesting.trackForLeaks(CounterViewModel())
        }
        assertOneFailure(
            reports,
            containing: "trackForLeaks(_:) found no leak tracker for this test, so CounterViewModel would never be "
                + "checked.",
            "`@Test(.trackingLeaks)`")
    }
}

/// A parent that keeps a child ViewModel per ticket.
@MainActor
final class FolderViewModel {
    private let children = ChildViewModels<Ticket, TicketViewModel>()

    func child(for ticket: Ticket) -> TicketViewModel {
        children.child(for: ticket) { TicketViewModel(ticket: $0) }
    }

    func rowsDidChange(_ tickets: Rows<Ticket>) {
        children.update(for: tickets)
    }
}

/// A ticket's child ViewModel, which can be made to hold itself.
@MainActor
final class TicketViewModel {
    let ticket: Ticket
    private var onTap: (() -> Void)?

    init(ticket: Ticket) { self.ticket = ticket }

    func holdOnToItself() { onTap = { _ = self.ticket } }
}

/// A parent that keeps a clinging child for a row, whichever way it stores its children.
@MainActor
protocol FolderKeeping: AnyObject {
    func keep(_ ticket: Ticket)
}

/// Keeps its children in an optional property.
@MainActor
final class OptionalFolderViewModel: FolderKeeping {
    private var children: ChildViewModels<Ticket, TicketViewModel>? = ChildViewModels()

    func keep(_ ticket: Ticket) {
        children?.child(for: ticket) { TicketViewModel(ticket: $0) }.holdOnToItself()
    }
}

/// Keeps its children in a property of its superclass.
@MainActor
class FolderBase {
    let children = ChildViewModels<Ticket, TicketViewModel>()
}

@MainActor
final class InheritingFolderViewModel: FolderBase, FolderKeeping {
    func keep(_ ticket: Ticket) {
        children.child(for: ticket) { TicketViewModel(ticket: $0) }.holdOnToItself()
    }
}

/// Keeps its children in a property whose type does not say so.
@MainActor
final class UntypedFolderViewModel: FolderKeeping {
    private let children: Any = ChildViewModels<Ticket, TicketViewModel>()

    func keep(_ ticket: Ticket) {
        (children as? ChildViewModels<Ticket, TicketViewModel>)?.child(for: ticket) { TicketViewModel(ticket: $0) }
            .holdOnToItself()
    }
}

/// Keeps its children in a property of type `AnyObject`, beside a weak delegate that cannot hold them.
@MainActor
final class ObjectFolderViewModel: FolderKeeping {
    weak var delegate: (any FolderKeeping)?
    private let children: AnyObject = ChildViewModels<Ticket, TicketViewModel>()

    func keep(_ ticket: Ticket) {
        (children as? ChildViewModels<Ticket, TicketViewModel>)?.child(for: ticket) { TicketViewModel(ticket: $0) }
            .holdOnToItself()
    }
}
