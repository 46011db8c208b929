import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// A progress screen whose ratio is NaN while nothing is known: a NaN is equal to nothing by its `==`, itself
/// included.
struct ProgressOutputs: ViewOutputs {
    var ratio = 0.0
    var title = "Waiting"

    enum Field: Int, OutputField { case ratio, title }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .ratio: ratio != old.ratio
        case .title: title != old.title
        }
    }
}

@MainActor
final class ProgressViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<ProgressOutputs>)?
    var outputs: ProgressOutputs { store.outputs }
    private let store = OutputStore(ProgressOutputs())

    /// Nothing is known: the ratio is NaN. The store reloads whenever `hasChanged` says so, as it does for NaN.
    func progressDidBecomeUnknown() {
        store.update(notifying: delegate) { $0.ratio = .nan }
    }

    func titleDidChange(_ title: String) {
        store.update(notifying: delegate) { $0.title = title }
    }
}

/// Outputs are compared by their own `==`: a reload that names a NaN (the ViewModel's `!=` says it changed) is right,
/// and a test that expects a NaN and gets one passes; the same bytes are still the same value, so NaN to NaN owes no
/// reload.
@MainActor
final class FloatingPointOutputsTests: GuardedTestCase {
    func testANaNOutputChangesByItsOwnEqualityAndExpectingItPasses() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ProgressViewModel(), spy: ReloadSpy())
            tester.send({ $0.progressDidBecomeUnknown() }) { $0.ratio = .nan }
            // NaN to NaN: by `!=` it changed, and the ViewModel's reload names it; the tester agrees.
            tester.send({ $0.progressDidBecomeUnknown() }) { $0.ratio = .nan }
            tester.send({ $0.titleDidChange("Unknown") }) { $0.title = "Unknown" }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testAWrongExpectationBesideANaNStillFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ProgressViewModel(), spy: ReloadSpy())
            tester.send({ $0.progressDidBecomeUnknown() }) {
                $0.ratio = .nan
                $0.title = "Unknown"  // it is not
            }
        }
        assertOneFailure(reports, containing: "the outputs are not what the test expected", "+   title: \"Waiting\"")
    }

    /// The same bytes are the same value (no reload is owed for NaN to NaN), and the property's own `==` is what
    /// says a reload that names it is right.
    func testANaNIsTheSameValueAsItselfAndChangedByItsOwnEquality() async {
        let layout = OutputsLayout<ProgressOutputs>.of(ProgressOutputs())
        var nan = ProgressOutputs()
        nan.ratio = .nan
        let copy = nan
        XCTAssertTrue(layout.changes(from: nan, to: copy).isEmpty)
        withUnsafePointer(to: nan) { nan in
            withUnsafePointer(to: copy) { copy in
                XCTAssertTrue(layout.holdTheSameValues(nan, copy))
                XCTAssertTrue(layout.changesByItsOwnEquality(ProgressOutputs.Field.ratio.rawValue, from: nan, to: copy))
                XCTAssertFalse(
                    layout.changesByItsOwnEquality(ProgressOutputs.Field.title.rawValue, from: nan, to: copy))
            }
        }
    }

    func testANaNThatStaysNaNWithoutAReloadPasses() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ProgressViewModel(), spy: ReloadSpy())
            tester.send({ $0.progressDidBecomeUnknown() }) { $0.ratio = .nan }
            tester.send { $0.titleDidChange("Waiting") }  // no change, no reload
        }
        XCTAssertEqual(reports.messages, [])
    }
}
