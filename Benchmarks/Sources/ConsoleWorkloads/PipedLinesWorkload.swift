internal import BenchKit
internal import ConsoleView

/// Lines piped into `login` many at once, taken one per event as the console's reader takes them: bytes arrive
/// in reads of at most 4 KiB (the reader's buffer) into a `LineDecoder`, and each line is taken before the next
/// read, exactly the loop of `SystemTerminal`'s reader, without the system calls.
///
/// A writer wrote `linesPerWrite` lines (`user0`, `user1`, …) at once and then again, so with 10,000 lines per
/// write each read hands the decoder hundreds of lines that wait in its queue while they are taken one by one;
/// with 10 lines, a read holds 10. Per line the two must cost the same: taking a line must not shift the lines
/// still waiting. The checksum folds in each line's length in bytes (and -1 for a refused line, which none is).
@MainActor
final class PipedLinesWorkload: EventWorkload {
    /// The reader's buffer size in `SystemTerminal`.
    nonisolated static let readBytes = 4096

    private let written: [UInt8]
    private var offset = 0
    private var decoder = LineDecoder()
    private var checksum = Checksum()
    private var lines = 0

    init(linesPerWrite: Int) {
        written = Self.lines(linesPerWrite).flatMap { Array($0.utf8) + [UInt8(ascii: "\n")] }
    }

    func run(events count: Int) {
        var taken = 0
        while taken < count {
            if let line = decoder.nextLine(atEndOfInput: false) {
                if case .line(let text) = line { checksum.add(text.utf8.count) } else { checksum.add(-1) }
                taken += 1
                continue
            }
            if offset == written.count { offset = 0 }  // the writer writes its lines again
            let end = min(offset + Self.readBytes, written.count)
            written.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[offset..<end])) }
            offset = end
        }
        lines += taken
    }

    var outcome: Outcome { Outcome(checksum: checksum.value, renders: lines) }

    /// The outcome a fresh workload reaches after a number of lines, from the lines alone.
    nonisolated static func expected(events count: Int, linesPerWrite: Int) -> Outcome {
        let lengths = lines(linesPerWrite).map(\.utf8.count)
        var checksum = Checksum()
        for line in 0..<count { checksum.add(lengths[line % linesPerWrite]) }
        return Outcome(checksum: checksum.value, renders: count)
    }

    private nonisolated static func lines(_ count: Int) -> [String] {
        (0..<count).map { "user\($0)" }
    }
}
