package import ConsoleView

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
}
