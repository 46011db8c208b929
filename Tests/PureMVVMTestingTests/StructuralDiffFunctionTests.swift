import PureMVVMTesting
import TestSupport
import XCTest

/// The public `structuralDiff(expected:actual:)`, imported without `@testable`: what another package (the
/// benchmarks, a custom assertion) can call.
final class StructuralDiffFunctionTests: GuardedTestCase {
    let two = CounterOutputs(count: 2, title: "Two")

    func testEqualSnapshotsHaveNoDiff() {
        XCTAssertNil(structuralDiff(expected: two, actual: CounterOutputs(count: 2, title: "Two")))
    }

    func testAChangedOutputShowsAsAMinusAndAPlusLine() {
        var three = two
        three.count = 3
        XCTAssertEqual(
            structuralDiff(expected: two, actual: three),
            """
              CounterOutputs(
            −   count: 2
            +   count: 3
                title: "Two"
              )
            """
        )
    }
}
