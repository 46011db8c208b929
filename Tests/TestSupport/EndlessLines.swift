package import ConsoleView
import PureMVVMTesting
import XCTest

/// A line source that answers every read at once with the same line, never suspending, as a closed pipe read in
/// a loop or a buggy source can: a view reading it never gives the main actor back. Once the task reading it is
/// cancelled it counts the reads that still come, and after 100 of them it ends the input, so a view that ignores
/// cancellation fails its test instead of hanging it.
@MainActor
package final class EndlessLines: LineSource {
    private let line: LineInput
    /// How many lines were read after the reading task was cancelled.
    package private(set) var readsAfterCancellation = 0

    /// Creates a source that answers every read with `line`.
    package init(_ line: LineInput) {
        self.line = line
    }

    package func readLine(prompt: String, hidden: Bool) async -> LineInput {
        guard Task.isCancelled else { return line }
        readsAfterCancellation += 1
        return readsAfterCancellation > 100 ? .endOfInput : line
    }

    /// Runs a view on this source, waits for it a moment (it cannot end by itself, so the wait times out and
    /// cancels it), and returns how it ended; fails the test if it ended by itself or read on after it was
    /// cancelled.
    ///
    /// - Parameter run: Runs the view, such as `{ await form.run(reading: source) }`.
    /// - Returns: How the cancelled run ended.
    package func endOfCancelledRun<End: Sendable>(
        file: StaticString = #filePath, line: UInt = #line, _ run: @escaping @MainActor () async -> End
    ) async throws -> End {
        let task = Task { await run() }
        do {
            _ = try await task.value(awaiting: "a run that never ends by itself", timeout: .milliseconds(20))
            XCTFail("the run ended by itself", file: file, line: line)
        } catch {}
        let end = try await task.value(awaiting: "the cancelled run to end")
        XCTAssertLessThanOrEqual(readsAfterCancellation, 1, "it read on after it was cancelled", file: file, line: line)
        return end
    }
}
