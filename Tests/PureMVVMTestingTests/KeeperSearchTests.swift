import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// Whether the leak tracker reads a class's objects for `ChildViewModels`, told from the first object with
/// `Mirror`: a property that holds one, or a `nil` that one could take the place of, says yes.
@MainActor
final class KeeperSearchTests: GuardedTestCase {
    private typealias Keeper = ChildViewModels<Ticket, TicketViewModel>

    private final class Plain {
        var title = "T"
        var count = 1
        var service: AnyObject = NSObject()
    }

    private final class LaterKeeper {
        var children: Keeper?
        weak var delegate: (any FolderKeeping)?
    }

    private final class LaterAnything {
        var anything: AnyObject?
    }

    private final class LaterTitle {
        var title: String?
        weak var delegate: (any FolderKeeping)?
    }

    func testAClassWhosePropertiesCannotHoldAKeeperIsNotReadAgain() {
        XCTAssertEqual(KeeperSearch(of: Plain()), KeeperSearch.none)
        XCTAssertEqual(KeeperSearch(of: LaterTitle()), KeeperSearch.none, "a nil String or delegate holds no keeper")
    }

    func testANilThatAKeeperCouldReplaceSaysSome() {
        XCTAssertEqual(KeeperSearch(of: LaterKeeper()), .some, "an optional of the keeper's own type")
        XCTAssertEqual(KeeperSearch(of: LaterAnything()), .some, "an optional AnyObject")
        XCTAssertEqual(KeeperSearch(of: OptionalFolderViewModel()), .some, "a keeper held now")
    }

    /// The first object of the class had no children yet; a later one keeps some, and they are followed.
    func testALaterObjectOfAClassWhoseFirstKeptNothingYetIsFollowed() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            leaks.track(LaterKeeper())
            do {
                let later = LaterKeeper()
                let children = Keeper()
                later.children = children
                leaks.track(later)
                children.child(for: Ticket(id: 9, title: "T9", status: "open")) { TicketViewModel(ticket: $0) }
                    .holdOnToItself()
            }
            await leaks.verify()
        }
        assertOneFailure(
            reports, containing: "TicketViewModel (the child ViewModel of the row with ID 9 in LaterKeeper)")
    }
}
