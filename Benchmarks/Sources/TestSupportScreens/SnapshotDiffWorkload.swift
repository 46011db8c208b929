internal import BenchKit
internal import PureMVVMTesting

/// Renders the structural diff of two outputs snapshots once per event, as a failing `ViewModelTester.send`
/// does in its failure message: PureMVVMTesting's public `structuralDiff(expected:actual:)`.
///
/// Each event folds the diff's length, and whether it is exactly the expected text, into the checksum.
@MainActor
final class SnapshotDiffWorkload<Snapshot>: EventWorkload {
    private let expected: Snapshot
    private let actual: Snapshot
    private let text: String
    private var checksum = Checksum()
    private var diffs = 0

    /// Prepares the two snapshots.
    ///
    /// - Parameters:
    ///   - expected: What the test expected.
    ///   - actual: What the ViewModel shows.
    ///   - text: The diff they must give, written out by hand.
    init(expected: Snapshot, actual: Snapshot, text: String) {
        self.expected = expected
        self.actual = actual
        self.text = text
    }

    func run(events count: Int) {
        for _ in 0..<count {
            let diff = structuralDiff(expected: expected, actual: actual) ?? ""
            checksum.add(diff.utf8.count)
            checksum.add(diff == text ? 1 : 0)
            diffs += 1
        }
    }

    var outcome: Outcome { Outcome(checksum: checksum.value, renders: diffs) }

    /// The outcome of a fresh workload after a number of events, from the expected text alone.
    ///
    /// - Parameters:
    ///   - count: The number of events.
    ///   - text: The diff every event must render.
    /// - Returns: The checksum and the number of diffs.
    nonisolated static func expected(events count: Int, text: String) -> Outcome {
        var checksum = Checksum()
        for _ in 0..<count {
            checksum.add(text.utf8.count)
            checksum.add(1)
        }
        return Outcome(checksum: checksum.value, renders: count)
    }
}
