import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// Outputs whose `Field` leaves a gap in its raw values: the fields come from `allCases`, so none is skipped.
struct GappedOutputs: ViewOutputs {
    var title = ""
    var count = 0

    enum Field: Int, OutputField {
        case title = 0
        case count = 5
    }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .title: title != old.title
        case .count: count != old.count
        }
    }
}

/// Changes the outputs past the gap; `forgetsTheCount` plants a slip: the count changes without a reload.
@MainActor
final class GappedViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<GappedOutputs>)?
    var outputs: GappedOutputs { store.outputs }
    private let store = OutputStore(GappedOutputs())

    func countDidStep() {
        store.update(notifying: delegate) { $0.count += 1 }
    }

    func countDidStepQuietly() {
        store.update(notifying: nil) { $0.count += 1 }
    }
}

@MainActor
final class FieldGapTests: GuardedTestCase {
    func testAFieldPastAGapIsCompared() async {
        let changes = GappedOutputs(count: 1).changes(since: GappedOutputs())
        XCTAssertEqual(changes, [.count])
        XCTAssertEqual(Array(ChangeSet<GappedOutputs>.all), [.title, .count])
    }

    func testTheTesterKnowsEveryFieldAndNoGapGoesUnchecked() async {
        let layout = OutputsLayout.of(GappedOutputs())
        XCTAssertEqual(layout.fieldNames, ["title", "", "", "", "", "count"])
        XCTAssertEqual(layout.isChecked, Array(repeating: true, count: 6), "a gap is no field, with nothing to check")
    }

    func testTheTesterChecksAFieldPastAGap() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(GappedViewModel(), spy: ReloadSpy())
            tester.send({ $0.countDidStep() }) { $0.count = 1 }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testTheTesterCatchesAMissedReloadPastAGap() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(GappedViewModel(), spy: ReloadSpy())
            tester.send({ $0.countDidStepQuietly() }) { $0.count = 1 }
        }
        assertOneFailure(reports, containing: "`countDidStepQuietly()` changed count (0 → 1) without a reload.")
    }
}
