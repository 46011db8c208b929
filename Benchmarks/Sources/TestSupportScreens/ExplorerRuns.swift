internal import BenchKit
internal import Foundation

/// How the explorer workloads run a contract explorer and what they expect of it.
@MainActor
enum ExplorerRuns {
    /// Runs an explorer to its end on the main run loop. The explorer prints its seed as a note at the start of
    /// every run: to /dev/null here, so that the report's standard output stays the table.
    ///
    /// - Parameter run: Runs the explorer (`explorer.run()`).
    static func runQuietly(_ run: @escaping @MainActor () async -> Void) {
        var isDone = false
        Task {
            await run()
            isDone = true
        }
        let output = dup(STDOUT_FILENO)
        let null = open("/dev/null", O_WRONLY)
        fflush(nil)
        dup2(null, STDOUT_FILENO)
        while !isDone { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
        fflush(nil)
        dup2(output, STDOUT_FILENO)
        close(null)
        close(output)
    }

    /// What a fresh explorer workload must show after a number of sequences: each held its rules (a `1` folded
    /// into the checksum per sequence); the steps are counted by the run.
    ///
    /// - Parameter count: The sequences.
    /// - Returns: The checksum, and no steps.
    nonisolated static func expected(sequences count: Int) -> Outcome {
        var checksum = Checksum()
        for _ in 0..<count { checksum.add(1) }
        return Outcome(checksum: checksum.value, renders: 0)
    }
}
