package import ConsoleView
import PureMVVMTesting
import XCTest

/// A line source that answers every read at once with the same line, never suspending, as a closed pipe read in
/// a loop or a buggy source can: a view reading it never gives the main actor back, so no timeout can stop it,
/// only its own check of `Task.isCancelled`. After 10 lines the source cancels the task reading it (as its owner
/// would), then counts the reads that still come, and after 100 of them it ends the input: a view that ignores
/// cancellation fails its test instead of hanging it, whatever the bounds of the test support do.
@MainActor
package final class EndlessLines: LineSource {
    private let line: LineInput
    /// How many lines were read.
    package private(set) var reads = 0
    /// How many lines were read after the reading task was cancelled.
    package private(set) var readsAfterCancellation = 0

    /// Creates a source that answers every read with `line`.
    package init(_ line: LineInput) {
        self.line = line
    }

    package func readLine(prompt: String, hidden: Bool) async -> LineInput {
        reads += 1
        if reads == 10 { withUnsafeCurrentTask { $0?.cancel() } }
        guard Task.isCancelled else { return line }
        readsAfterCancellation += 1
        return readsAfterCancellation > 100 ? .endOfInput : line
    }

    /// Runs a view on this source, which cancels it after 10 lines, and returns how it ended; fails the test if
    /// it read more than the line it was cancelled at.
    ///
    /// - Parameter run: Runs the view, such as `{ await form.run(reading: source) }`.
    /// - Returns: How the cancelled run ended.
    package func endOfCancelledRun<End: Sendable>(
        file: StaticString = #filePath, line: UInt = #line, _ run: @escaping @MainActor () async -> End
    ) async throws -> End {
        let end = try await Task { await run() }.value(awaiting: "a run its source cancels to end")
        XCTAssertEqual(readsAfterCancellation, 1, "it read on after it was cancelled", file: file, line: line)
        return end
    }
}
