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

/// A meter's reading, NaN until it is known.
protocol MeterReading: Identifiable, Equatable, Sendable where ID == Int {
    init(id: Int, value: Double)
}

struct Reading: MeterReading {
    let id: Int
    var value: Double
}

/// A reading the tester cannot take apart (a closure), compared by its own `==` alone.
struct TappableReading: MeterReading {
    let id: Int
    var value: Double
    var onTap: @Sendable () -> Void = {}

    init(id: Int, value: Double) {
        self.id = id
        self.value = value
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.value == rhs.value }
}

struct ReadingsOutputs<Row: MeterReading>: ViewOutputs {
    var readings = Rows<Row>()
    var title = "Meters"

    enum Field: Int, OutputField { case readings, title }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .readings: readings != old.readings
        case .title: title != old.title
        }
    }

    /// The readings the screen shows first: the first one unknown.
    static var first: Rows<Row> { [Row(id: 1, value: .nan), Row(id: 2, value: 1), Row(id: 3, value: 2)] }
}

@MainActor
final class ReadingsViewModel<Row: MeterReading>: ViewModel {
    weak var delegate: (any ReloadDelegate<ReadingsOutputs<Row>>)?
    var outputs: ReadingsOutputs<Row> { store.outputs }
    private let store = OutputStore(ReadingsOutputs<Row>())

    func viewDidAppear() {
        store.update(notifying: delegate) { $0.readings = ReadingsOutputs.first }
    }

    func titleDidChange(_ title: String) {
        store.update(notifying: delegate) { $0.title = title }
    }

    func readingDidArrive(_ value: Double, id: Int) {
        store.update(notifying: delegate) { _ = $0.readings.update(Row(id: id, value: value)) }
    }

    /// The planted bug: the view is not told.
    func readingDidArriveUnseen(_ value: Double, id: Int) {
        store.update(notifying: nil) { _ = $0.readings.update(Row(id: id, value: value)) }
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

    /// A row whose NaN stays NaN keeps its bytes: it owes no row change, and one the toolkit's diff names (its `==`
    /// says it changed) is right, as for a NaN output; for rows taken apart and rows compared by their `==` alike.
    func testARowThatKeepsItsNaNOwesNoRowChangeAndOneNamedIsRight() async {
        func explore<Row: MeterReading>(_: Row.Type) -> [String] {
            FailureReporter.capture {
                let tester = ViewModelTester(ReadingsViewModel<Row>(), spy: ReloadSpy())
                tester.send({ $0.viewDidAppear() }) { $0.readings = ReadingsOutputs.first }
                // The rows' `==` says they changed (the NaN), so the reload names them, with no row change: their
                // storage is the same.
                tester.send({ $0.titleDidChange("Meters, live") }) { $0.title = "Meters, live" }
                // The diff names the NaN row updated beside the row that changed.
                tester.send({ $0.readingDidArrive(5, id: 3) }) { _ = $0.readings.update(Row(id: 3, value: 5)) }
            }.messages
        }
        XCTAssertEqual(explore(Reading.self), [])
        XCTAssertEqual(explore(TappableReading.self), [])
    }

    /// What a failure says changed leaves out the row that kept its NaN, though its `==` says it changed.
    func testAChangeOfRowsBesideARowThatKeepsItsNaNNamesOnlyTheRowThatChanged() async {
        func changeUnseen<Row: MeterReading>(_: Row.Type) -> [TestFailure] {
            FailureReporter.capture {
                let tester = ViewModelTester(ReadingsViewModel<Row>(), spy: ReloadSpy())
                tester.send({ $0.viewDidAppear() }) { $0.readings = ReadingsOutputs.first }
                tester.send({ $0.readingDidArriveUnseen(5, id: 3) }) { _ = $0.readings.update(Row(id: 3, value: 5)) }
            }
        }
        let input = "`readingDidArriveUnseen(5, id: 3)`"
        assertOneFailure(
            changeUnseen(Reading.self),
            containing: "\(input) changed readings (the row with ID 3: value: 2.0 → 5.0) without a reload")
        assertOneFailure(
            changeUnseen(TappableReading.self),
            containing: "\(input) changed readings (the row with ID 3: changed by its own ==) without a reload")
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
