import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The tester works out which outputs changed by itself, property by property, and never trusts the outputs'
/// own `hasChanged(_:since:)`: each slip in `hasChanged` or `Field` fails with the field, the input and the fix.
@MainActor
final class IndependentChangeDetectionTests: GuardedTestCase {
    func testOverReportingNamesTheFieldTheInputAndHasChanged() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(PairViewModel<OverReportingOutputs>(), spy: ReloadSpy())
            tester.send({ $0.firstDidChange(1) }) { $0.first = 1 }
        }
        assertOneFailure(
            reports,
            containing: """
                `firstDidChange(1)` sent reloadViews([first, second]), which names second, but second did not \
                change (it is 0): OverReportingOutputs.hasChanged(.second, since:) reports a change.
                """,
            "To fix: in OverReportingOutputs.hasChanged(_:since:), make `case .second` compare `second` only, "
                + "not `first`: `second != old.second`."
        )
    }

    /// A slip in a field past the 64th (kept apart from the first 64 in a change set) is found as one among them is:
    /// a change of `f65` named as `f64` too fails, and changes of the last near field and the last far one pass.
    func testOverReportingPastTheSixtyFourthFieldIsFoundToo() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(FarFieldViewModel(), spy: ReloadSpy())
            tester.send({ $0.fieldDidChange(\.f63, to: 1) }) { $0.f63 = 1 }
            tester.send({ $0.fieldDidChange(\.f64, to: 1) }) { $0.f64 = 1 }
            tester.send({ $0.fieldDidChange(\.f65, to: 1) }) { $0.f65 = 1 }
        }
        assertOneFailure(reports, containing: "which names f64, but f64 did not change")
    }

    /// The positions the tester finds changed are kept past the 64th as before it.
    func testAPositionSetHoldsFarPositionsAsItHoldsNearOnes() {
        var positions = PositionSet()
        for position in [3, 65, 70] { positions.insert(position) }
        XCTAssertEqual(
            [2, 3, 4, 64, 65, 66, 70].map(positions.contains), [false, true, false, false, true, false, true])
    }

    /// The positions the tester finds changed, made a change set's, keep the first far one, 64, with the others.
    func testAPositionSetMadeAChangeSetsKeepsTheFirstFarPosition() {
        var positions = PositionSet()
        for position in [63, 64, 70] { positions.insert(position) }
        XCTAssertEqual(positions.positions.highPositions, [64, 70])
        XCTAssertTrue(positions.holdsExactly(positions.positions))
    }

    /// A class's stored properties are its own and its superclass's (read through `Mirror`, as key paths cover
    /// structs only): a row or outputs class built on a base class is compared whole.
    func testAClassIsComparedWithItsSuperclasssProperties() async {
        let properties = StoredProperties.of(TitledItem.self, sample: TitledItem(id: 1, title: "a"))
        XCTAssertEqual(properties.map(\.label), ["title", "id"])
        let (old, new) = (TitledItem(id: 1, title: "a"), TitledItem(id: 2, title: "a"))
        XCTAssertEqual(properties.map { $0.isEqual?(old, new) }, [true, false])
    }

    /// A property of an existential type is compared with the `==` of the type its values hold, which need not be
    /// the type of the sample the comparison was made from; a value of a type without `==` cannot be compared.
    func testAnExistentialPropertyIsComparedByTheTypeItsValuesHold() {
        struct Tagged { var tag: any Sendable }
        let properties = StoredProperties.of(Tagged.self, sample: Tagged(tag: 0))
        func isEqual(_ old: any Sendable, _ new: any Sendable) -> Bool? {
            properties[0].isEqual?(Tagged(tag: old), Tagged(tag: new))
        }
        XCTAssertEqual(isEqual(1, 1), true)
        XCTAssertEqual(isEqual(1, 2), false)
        XCTAssertEqual(isEqual("a", "a"), true, "strings, though the sample held an Int")
        XCTAssertEqual(isEqual("a", "b"), false)
        XCTAssertEqual(isEqual("1", 1), false, "values of two types")
        struct Opaque: Sendable {}
        XCTAssertNil(isEqual(Opaque(), Opaque()), "a type without `==`")
    }

    /// Rows of a class are each taken apart as the type they are: a subclass's own property is compared too, on
    /// a row after one of the base class.
    func testRowsOfAClassAndItsSubclassAreEachComparedAsWhatTheyAre() {
        let old: Rows<Part> = [Part(id: 1, name: "bolt"), LabelledPart(id: 2, name: "nut", label: "M6")]
        let new: Rows<Part> = [Part(id: 1, name: "bolt"), LabelledPart(id: 2, name: "nut", label: "M8")]
        guard let reference = RowsReference(old: old, new: new) else { return XCTFail("rows of one type") }
        XCTAssertEqual(reference.kept.map(\.differences), [[], [#"label: "M6" → "M8""#]])
        XCTAssertEqual(reference.kept.map(\.isTakenApart), [true, true])
    }

    func testUnderReportingWithNoReloadPointsAtHasChangedNotAtOutputStore() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(PairViewModel<UnderReportingOutputs>(), spy: ReloadSpy())
            tester.send({ $0.secondDidChange(1) }) { $0.second = 1 }
        }
        assertOneFailure(
            reports,
            containing: """
                `secondDidChange(1)` changed second (0 → 1), but no reload was sent: \
                UnderReportingOutputs.hasChanged(.second, since:) says second did not change.
                To fix: in UnderReportingOutputs.hasChanged(_:since:), make `case .second` compare `second` only: \
                `second != old.second`.
                """
        )
        XCTAssertFalse(reports.messages.joined().contains("OutputStore"), "the fix is in hasChanged")
    }

    func testUnderReportingInsideAReloadNamesTheMissingField() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(PairViewModel<UnderReportingOutputs>(), spy: ReloadSpy())
            tester.send({ $0.bothDidChange(2) }) {
                $0.first = 2
                $0.second = 2
            }
        }
        assertOneFailure(
            reports,
            containing: """
                `bothDidChange(2)` sent reloadViews([first]), which does not name second, though second changed \
                (0 → 2): UnderReportingOutputs.hasChanged(.second, since:) says it did not.
                To fix: in UnderReportingOutputs.hasChanged(_:since:), make `case .second` compare `second` only
                """
        )
    }

    func testACaseComparingAnotherPropertyIsCaughtBothWays() async {
        let whenFirstChanges = FailureReporter.capture {
            let tester = ViewModelTester(PairViewModel<SwappedOutputs>(), spy: ReloadSpy())
            tester.send({ $0.firstDidChange(1) }) { $0.first = 1 }
        }
        assertOneFailure(
            whenFirstChanges,
            containing: "`firstDidChange(1)` sent reloadViews([first, second]), which names second, but second did not",
            "What did change is first (0 → 1): `case .second` seems to compare first.",
            "To fix: in SwappedOutputs.hasChanged(_:since:), make `case .second` compare `second` only, not `first`: "
                + "`second != old.second`."
        )
        let whenSecondChanges = FailureReporter.capture {
            let tester = ViewModelTester(PairViewModel<SwappedOutputs>(), spy: ReloadSpy())
            tester.send({ $0.secondDidChange(5) }) { $0.second = 5 }
        }
        assertOneFailure(
            whenSecondChanges,
            containing: "`secondDidChange(5)` changed second (0 → 5), but no reload was sent: "
                + "SwappedOutputs.hasChanged(.second, since:) says second did not change.",
            "make `case .second` compare `second` only"
        )
    }

    func testAStoredOutputWithoutAFieldCaseIsReported() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(PairViewModel<MissingCaseOutputs>(), spy: ReloadSpy())
            tester.send({ $0.noteDidChange("x") }) { $0.note = "x" }
        }
        assertOneFailure(
            reports,
            containing: """
                `noteDidChange("x")` changed note ("" → "x"), a stored property of MissingCaseOutputs that no case \
                of MissingCaseOutputs.Field stands for, so no reload can name it.
                To fix: add `case note` to MissingCaseOutputs.Field and compare it in hasChanged(_:since:) \
                (`case .note: note != old.note`), or make note a computed property if it is derived.
                """
        )
    }

    func testAnOutputRebuiltEqualInAnotherBufferIsNotAChange() async {
        // The tester compares a property's bytes first: these differ (two heap buffers), the values do not.
        let long = String(repeating: "long title ", count: 4)
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.send({ $0.titleFieldDidChange(long) }) { $0.title = long }
            tester.send { $0.titleFieldDidChange(String(repeating: "long title ", count: 4)) }
            tester.send { $0.store.update(notifying: nil) { $0.title = String(repeating: "long title ", count: 4) } }
            await tester.finish()
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testTheTesterNeverAsksHasChangedWhenTheViewModelIsRight() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(CountingViewModel(), spy: ReloadSpy())
            CountingOutputs.hasChangedCalls = 0
            tester.send({ $0.countDidChange(1) }) { $0.count = 1 }
            tester.send { $0.countDidChange(1) }
            await tester.finish()
        }
        XCTAssertEqual(reports.messages, [])
        XCTAssertEqual(
            CountingOutputs.hasChangedCalls, 0, "OutputStore.set does not call it, and neither may the tester")
    }

    /// The note comes once a process, with the first tester of the outputs type: no other test makes one of
    /// `OpaqueOutputs`.
    func testOutputsItCannotTakeApartFallBackToHasChangedWithANoteAndNoCrash() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(OpaqueViewModel(), spy: ReloadSpy())
            tester.send({ $0.firstDidChange("Ada") }) { $0.first = "Ada" }
            tester.send({ $0.statusDidChange(1, text: "Busy") }) {
                $0.status = 1
                $0.statusText = "Busy"
            }
            let second = ViewModelTester(OpaqueViewModel(), spy: ReloadSpy())
            second.send({ $0.firstDidChange("Bob") }) { $0.first = "Bob" }
        }
        XCTAssertEqual(reports.failures.messages, [], "fullName and onTap are taken at hasChanged's word")
        XCTAssertEqual(
            reports.notes.messages,
            [
                "OpaqueOutputs: `fullName`, `onTap` cannot be compared property by property (no stored property of "
                    + "that name, or one that is not Equatable), so the tester takes OpaqueOutputs.hasChanged(_:since:) "
                    + "at its word for them."
            ])
        let layout = OutputsLayout<OpaqueOutputs>.of(OpaqueOutputs())
        XCTAssertEqual(layout.isChecked, [true, true, true, false, false])
        XCTAssertEqual(layout.propertyList(of: OpaqueOutputs.Field.status.index), "`status` and `statusText`")
    }

    /// Outputs the tester reads through `Mirror` (a reference among them) are never taken as holding the same
    /// values when their `==` says they differ: the test's wrong expectation fails.
    func testOutputsReadThroughMirrorThatDifferDoNotHoldTheSameValues() {
        let owner = OwnedOutputs.Owner()
        let layout = OutputsLayout<OwnedOutputs>.of(OwnedOutputs(owner: owner))
        let (ada, bob) = (OwnedOutputs(owner: owner, name: "Ada"), OwnedOutputs(owner: owner, name: "Bob"))
        withUnsafePointer(to: ada) { ada in
            withUnsafePointer(to: bob) { bob in XCTAssertFalse(layout.holdTheSameValues(ada, bob)) }
        }
    }

    func testOnlyAnUpperCaseSuffixMakesAPropertyPartOfAField() async {
        let layout = OutputsLayout<SuffixOutputs>.of(SuffixOutputs())
        let fields = Dictionary(uniqueKeysWithValues: layout.properties.map { ($0.name, $0.field) })
        let expected: [String: Int?] = ["status": 0, "statusText": 0, "statuses": nil]
        XCTAssertEqual(fields, expected)
    }

    func testAStatusTextChangedAloneIsStillCheckedAsPartOfItsField() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(PairStatusViewModel(), spy: ReloadSpy())
            tester.send({ $0.statusTextDidChange("Busy") }) { $0.statusText = "Busy" }
        }
        assertOneFailure(
            reports,
            containing:
                "`statusTextDidChange(\"Busy\")` changed status (statusText: \"\" → \"Busy\"), but no reload was sent",
            "To fix: in StatusOutputs.hasChanged(_:since:), make `case .status` compare `status` and `statusText`: "
                + "`status != old.status || statusText != old.statusText`."
        )
    }
}

/// `status` stands for `status` and `statusText` (an upper-case suffix), not for `statuses`.
struct SuffixOutputs: ViewOutputs {
    var status = 0
    var statusText = ""
    var statuses: [Int] = []
    enum Field: Int, OutputField { case status }
    func hasChanged(_ field: Field, since old: Self) -> Bool { status != old.status || statusText != old.statusText }
}

/// `status` stands for `status` and `statusText`, but `hasChanged` forgets the text.
struct StatusOutputs: ViewOutputs {
    var status = 0
    var statusText = ""
    enum Field: Int, OutputField { case status }
    func hasChanged(_ field: Field, since old: Self) -> Bool { status != old.status }
}

@MainActor
final class PairStatusViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<StatusOutputs>)?
    var outputs: StatusOutputs { store.outputs }
    private let store = OutputStore(StatusOutputs())

    func statusTextDidChange(_ text: String) {
        store.update(notifying: delegate) { $0.statusText = text }
    }
}

/// Outputs holding a reference, which the tester reads through `Mirror` rather than in place.
struct OwnedOutputs: ViewOutputs {
    final class Owner: Sendable {}
    let owner: Owner
    var name = ""

    enum Field: Int, OutputField { case owner, name }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.owner === rhs.owner && lhs.name == rhs.name }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .owner: owner !== old.owner
        case .name: name != old.name
        }
    }
}

/// A row of a class whose `==` compares its own properties only, for ``LabelledPart``.
class Part: Identifiable, Equatable, @unchecked Sendable {
    let id: Int
    let name: String
    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
    static func == (lhs: Part, rhs: Part) -> Bool { lhs.id == rhs.id && lhs.name == rhs.name }
}

/// A part with a label its superclass's `==` does not see.
final class LabelledPart: Part, @unchecked Sendable {
    let label: String
    init(id: Int, name: String, label: String) {
        self.label = label
        super.init(id: id, name: name)
    }
}

/// A base class with a stored property, for ``TitledItem``.
class IdentifiedItem {
    let id: Int
    init(id: Int) { self.id = id }
}

/// A class whose `id` is stored in its superclass.
final class TitledItem: IdentifiedItem {
    let title: String
    init(id: Int, title: String) {
        self.title = title
        super.init(id: id)
    }
}
