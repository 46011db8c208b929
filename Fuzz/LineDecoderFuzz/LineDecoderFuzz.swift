// The line decoder fuzz target: a byte stream cut into random chunks, checked against a plain reference decoder.
// Built with -sanitize=fuzzer and -D FUZZING it is a libFuzzer target (scripts/fuzz.sh); built normally it replays
// Fixtures/fuzz/line-decoder, or the files it is given.

internal import ConsoleView
internal import FuzzSupport

/// Builds a byte stream (raw bytes, long runs of one byte, line breaks, bytes that are not UTF-8), feeds it to a
/// ``LineDecoder`` in random chunks while taking lines at random moments, and checks that the lines and
/// refusals are those of ``ReferenceLineDecoder``, which sees the whole stream at once.
@main
enum LineDecoderFuzz: FuzzTarget {
    static let target = "line-decoder"

    /// Checks one input.
    ///
    /// - Parameter bytes: The fuzzer's input.
    /// - Returns: `nil` when the decoder agreed with the reference, or the first difference.
    static func check(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let stream = self.stream(&input)
        let expected = ReferenceLineDecoder.lines(of: stream)

        var decoder = LineDecoder()
        var decoded: [LineInput] = []
        var offset = 0
        while offset < stream.count {
            let chunk = min(chunkSize(&input), stream.count - offset)
            decoder.append(stream[offset..<offset + chunk])
            offset += chunk
            for _ in 0..<input.int(in: 0...3) {
                guard let line = decoder.nextLine(atEndOfInput: false) else { break }
                if line == .endOfInput { return "end of input before the input ended, at byte \(offset)" }
                decoded.append(line)
            }
        }
        while true {
            guard let line = decoder.nextLine(atEndOfInput: true) else { return "nil after the input ended" }
            decoded.append(line)
            if line == .endOfInput { break }
            if decoded.count > expected.count { break }
        }
        if decoded != expected {
            let firstDifference = zip(decoded, expected).enumerated().first { $0.element.0 != $0.element.1 }
            let index = firstDifference?.offset ?? min(decoded.count, expected.count)
            return "line \(index + 1) of \(stream.count) bytes: \(describe(decoded, index)), expected "
                + describe(expected, index)
        }
        if decoder.nextLine(atEndOfInput: true) != .endOfInput { return "a line after the end of input" }
        return nil
    }

    private static func stream(_ input: inout FuzzInput) -> [UInt8] {
        var stream: [UInt8] = []
        let pieces = input.int(in: 0...12)
        for _ in 0..<pieces {
            switch input.byte() % 16 {
            case 0: stream += repeatElement(input.byte(), count: input.int(in: 1020...1030))
            case 1: stream += repeatElement(UInt8(ascii: "x"), count: input.int(in: 0...1030))
            case 2...5: stream += input.bytes(upTo: 64)
            case 6...8: stream.append(UInt8(ascii: "\n"))
            case 9: stream += Array("é\r\n".utf8) + [0xC3]
            default: stream += Array(input.text(upTo: 16).utf8)
            }
        }
        return stream + input.rest()
    }

    /// A chunk's size: the rest of the stream once the input has run out.
    private static func chunkSize(_ input: inout FuzzInput) -> Int {
        if input.isEmpty { return .max }
        return switch input.byte() % 4 {
        case 0: 1
        case 1: input.int(in: 1...16)
        case 2: input.int(in: 1020...1030)
        default: input.int(in: 1...4096)
        }
    }

    private static func describe(_ lines: [LineInput], _ index: Int) -> String {
        guard index < lines.count else { return "nothing" }
        switch lines[index] {
        case .line(let text): return "a line of \(text.utf8.count) bytes"
        case let other: return "\(other)"
        }
    }
}
