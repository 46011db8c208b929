import XCTest

@testable import PureMVVM

/// The type-only search that spares `OutputStore` and the leak tracker a `Mirror` of every value: each answer is
/// the one a search of every value would give.
final class StoredTypeSearchTests: XCTestCase {
    private struct Plain { var count = 0; var name = "" }
    private struct Listing { var items = Rows<Item>() }
    private struct OptionalListing { var items: Rows<Item>? }
    private struct Nested { var outer = Outer() }
    private struct Outer { var inner = Listing() }
    private struct Untyped { var anything: Any = 0 }
    private struct InTuple { var pair = (0, Rows<Item>()) }
    private enum Choice { case rows(Rows<Item>), none }
    private struct InEnum { var choice = Choice.none }
    private final class Holder { var items = Rows<Item>() }
    private struct InClass { var holder = Holder() }

    private func rows(_ type: Any.Type, depth: Int = 3) -> StoredTypeSearch {
        StoredTypeSearch.search(type, depth: depth) { $0 is any RowsReflecting.Type }
    }

    func testTypesThatHoldRowsSayYes() {
        XCTAssertEqual(rows(Listing.self), .yes)
        XCTAssertEqual(rows(OptionalListing.self), .yes, "a cast of the value sees through the optional")
        XCTAssertEqual(rows(Nested.self), .yes, "two structs down")
        XCTAssertEqual(rows(InTuple.self), .yes)
        XCTAssertEqual(rows(Rows<Item>.self), .yes)
    }

    func testTypesThatCannotHoldRowsSayNo() {
        XCTAssertEqual(rows(Plain.self), .no)
        XCTAssertEqual(rows(InEnum.self), .no, "an enum's payload is not searched, as Mirror's search did not")
        XCTAssertEqual(rows(InClass.self), .no, "nor a class inside outputs")
        XCTAssertEqual(rows(Nested.self, depth: 0), .no, "deeper than asked")
    }

    func testAPropertyWhoseTypeDoesNotSaySaysMaybe() {
        XCTAssertEqual(rows(Untyped.self), .maybe)
    }

    private protocol Named { var name: String { get } }
    private struct Delegating {
        weak var delegate: (any Named & AnyObject)?
        var other: (any Named)?
        var clock: any Clock<Duration> = ContinuousClock()
    }

    func testAnExistentialThatCannotHoldTheKindSaysNo() {
        let search = { (canHold: Bool) in
            StoredTypeSearch.search(Delegating.self, depth: 0, where: { $0 is any RowsReflecting.Type }) { _ in
                canHold
            }
        }
        XCTAssertEqual(search(false), .no)
        XCTAssertEqual(search(true), .maybe)
        XCTAssertEqual(rows(Delegating.self), .maybe, "without the question, any existential may hold one")
    }

    @MainActor
    func testAStoreFindsRowsInAnUntypedPropertyByItsValue() {
        struct Loose: ViewOutputs {
            var anything: any Sendable = 0
            enum Field: Int, OutputField { case anything }
            func hasChanged(_ field: Field, since old: Self) -> Bool { true }
            static func == (lhs: Self, rhs: Self) -> Bool { false }
        }
        XCTAssertTrue(OutputStore(Loose(anything: Rows<Item>())).holdsRows)
        XCTAssertFalse(OutputStore(Loose(anything: 1)).holdsRows, "the answer of the value, not of the type")
        XCTAssertTrue(OutputStore(ListOutputs()).holdsRows)
        XCTAssertTrue(OutputStore(ListOutputs()).holdsRows, "answered again, from the cache")
        XCTAssertFalse(OutputStore(CounterOutputs()).holdsRows)
    }
}
