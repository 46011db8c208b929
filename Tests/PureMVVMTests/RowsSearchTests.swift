import TestSupport
import XCTest

@testable import PureMVVM

/// The search that tells an `OutputStore` whether its outputs hold rows, so that only then does a reload keep the
/// outputs before it: read once per outputs type with `Mirror`, from a value.
final class RowsSearchTests: GuardedTestCase {
    private struct Plain { var count = 0; var name = ""; var note: String? }
    private struct Listing { var items = Rows<Item>() }
    private struct OptionalListing { var items: Rows<Item>? }
    private struct Nested { var outer = Outer() }
    private struct Outer { var inner = Listing() }
    private struct FourDown { var one = Nested() }
    private struct FiveDown { var one = FourDown() }
    private struct InTuple { var pair = (0, Rows<Item>()) }
    private enum Choice { case rows(Rows<Item>), none }
    private struct InEnum { var choice = Choice.rows(Rows<Item>()) }
    private final class Holder { var items = Rows<Item>() }
    private struct InClass { var holder = Holder() }
    private struct Alert { var title = "" }
    private struct MaybeAlert { var alert: Alert? }
    private struct MaybeSection { var section: Listing?? }
    private struct MaybeHolder { var holder: Holder? }
    private struct InArray { var lists = [Rows<Item>()] }
    private struct Untyped { var anything: Any = 0 }

    private func search(_ value: Any) -> Bool { RowsSearch.mayHoldRows(value) }

    func testOutputsThatHoldRowsSayYes() {
        XCTAssertTrue(search(Listing()))
        XCTAssertTrue(search(OptionalListing()), "a nil of rows: its type says")
        XCTAssertTrue(search(OptionalListing(items: Rows<Item>())))
        XCTAssertTrue(search(Nested()), "two structs down")
        XCTAssertTrue(search(FourDown()), "three structs down")
        XCTAssertTrue(search(InTuple()))
        XCTAssertTrue(search(Untyped(anything: Rows<Item>())), "an existential that holds rows now")
    }

    func testANilOfAStructMayHoldRowsLater() {
        XCTAssertTrue(search(MaybeAlert()), "a struct's type alone does not say what it holds")
        XCTAssertFalse(search(MaybeAlert(alert: Alert())), "holding one, its value says")
        XCTAssertTrue(search(MaybeSection()), "through two optionals")
    }

    func testOutputsThatCannotHoldRowsSayNo() {
        XCTAssertFalse(search(Plain()), "a nil of a standard library type holds no rows")
        XCTAssertFalse(search(InEnum()), "an enum's payload is not searched")
        XCTAssertFalse(search(InClass()), "nor a class inside outputs")
        XCTAssertFalse(search(MaybeHolder()), "nor a nil of a class")
        XCTAssertFalse(search(InArray()), "an array of rows is not a rows output")
        XCTAssertFalse(search(FiveDown()), "deeper than three levels")
        XCTAssertFalse(search(Untyped()), "an existential's value is what Mirror shows")
    }

    @MainActor
    func testAStoreAsksOncePerOutputsType() {
        struct Loose: ViewOutputs {
            var anything: any Sendable = 0
            enum Field: Int, OutputField { case anything }
            func hasChanged(_ field: Field, since old: Self) -> Bool { true }
            static func == (lhs: Self, rhs: Self) -> Bool { false }
        }
        XCTAssertTrue(OutputStore(Loose(anything: Rows<Item>())).holdsRows)
        XCTAssertTrue(OutputStore(Loose(anything: 1)).holdsRows, "the type's first answer, kept")
        XCTAssertTrue(OutputStore(ListOutputs()).holdsRows)
        XCTAssertFalse(OutputStore(CounterOutputs()).holdsRows)
    }
}
