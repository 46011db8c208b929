public import BenchKit

/// The per-line rows of part 4: console input stays linear however many lines arrive at once (issue 12).
public enum ConsoleLineVariants {
    /// The group heading of these rows, shared with the start-up row.
    public static let group = "4. Console"

    /// The piped-input rows: 10 and 10,000 lines per write, each divided by the 10-line row.
    public static let all: [Variant] = [10, 10_000].map { linesPerWrite in
        Variant(
            id: "console.piped.\(linesPerWrite)",
            group: group,
            title:
                "Piped input, \(linesPerWrite) lines per write: `LineDecoder` fed 4 KiB reads, one line taken per event",
            baseline: "console.piped.10",
            measurement: .perEvent(
                PerEvent(unit: "line", make: { PipedLinesWorkload(linesPerWrite: linesPerWrite) }) {
                    PipedLinesWorkload.expected(events: $0, linesPerWrite: linesPerWrite)
                }
            )
        )
    }
}
