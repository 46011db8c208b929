import ConsoleView
import TestSupport
import XCTest

/// Cutting bytes into lines: bounded, strict about UTF-8, and never shortening a line.
final class LineDecoderTests: GuardedTestCase {
    private let limit = LineDecoder.maximumLineBytes

    private func lines(_ chunks: [[UInt8]], thenEnd: Bool = true) -> [LineInput] {
        var decoder = LineDecoder()
        var result: [LineInput] = []
        for chunk in chunks {
            decoder.append(chunk)
            while let line = decoder.nextLine(atEndOfInput: false) { result.append(line) }
        }
        guard thenEnd else { return result }
        // Bounded: no input has more lines than bytes, and a decoder that never ends fails instead of hanging.
        for _ in 0...chunks.joined().count {
            guard let line = decoder.nextLine(atEndOfInput: true) else { break }
            result.append(line)
            if line == .endOfInput { break }
        }
        return result
    }

    func testLinesAreCutAtNewlinesWhateverTheChunks() {
        let bytes = Array("dimsky\nbala bala\n\n".utf8)
        let whole = lines([bytes])
        let byteByByte = lines(bytes.map { [$0] })
        XCTAssertEqual(whole, [.line("dimsky"), .line("bala bala"), .line(""), .endOfInput])
        XCTAssertEqual(byteByByte, whole)
    }

    func testLinesComeOutInOrderWhenTakingAndAddingInterleave() {
        var decoder = LineDecoder()
        var taken: [LineInput] = []
        decoder.append(Array("1\n2\n3\n4\n".utf8))
        taken.append(decoder.nextLine(atEndOfInput: false) ?? .endOfInput)  // 1 taken, 3 pending
        decoder.append(Array("5\n".utf8))  // added behind the pending ones, never before them
        taken.append(decoder.nextLine(atEndOfInput: false) ?? .endOfInput)
        taken.append(decoder.nextLine(atEndOfInput: false) ?? .endOfInput)  // 3 of 5 taken
        decoder.append(Array("6\n".utf8))
        while let line = decoder.nextLine(atEndOfInput: true) {
            taken.append(line)
            if line == .endOfInput { break }
        }
        XCTAssertEqual(taken, ["1", "2", "3", "4", "5", "6"].map(LineInput.line) + [.endOfInput])
    }

    func testThousandsOfLinesInOneReadAllComeOutInOrder() {
        let count = 3_000
        let bytes = (0..<count).flatMap { Array("line \($0)\n".utf8) }
        XCTAssertEqual(lines([bytes]), (0..<count).map { .line("line \($0)") } + [.endOfInput])
    }

    /// Issue 31, F5: `cancel 1` typed without Enter and left with Ctrl-D (at a terminal the first Ctrl-D hands the
    /// bytes over, the second ends the input) was run as a line. A line is what Enter ends: the rest is dropped.
    func testBytesWithoutALineBreakAtTheEndAreDroppedNotALine() {
        XCTAssertEqual(lines([Array("dims".utf8)], thenEnd: false), [])
        XCTAssertEqual(lines([Array("dims".utf8), Array("ky".utf8)]), [.endOfInput])
        XCTAssertEqual(lines([Array("quit\ncancel 1".utf8)]), [.line("quit"), .endOfInput])
        XCTAssertEqual(lines([[0xC3]]), [.endOfInput], "not even refused as UTF-8: dropped")

        var decoder = LineDecoder()
        decoder.append(Array("secret".utf8))
        XCTAssertEqual(decoder.nextLine(atEndOfInput: true), .endOfInput)
        decoder.append(Array("balabala\n".utf8))
        XCTAssertEqual(decoder.nextLine(atEndOfInput: false), .line("balabala"), "nothing of the dropped bytes is kept")
    }

    func testTheEndRepeatsOnceNothingIsLeft() {
        var decoder = LineDecoder()
        XCTAssertEqual(decoder.nextLine(atEndOfInput: true), .endOfInput)
        XCTAssertEqual(decoder.nextLine(atEndOfInput: true), .endOfInput)
        XCTAssertNil(decoder.nextLine(atEndOfInput: false))
    }

    func testALineAtTheLimitIsKeptWholeAndOneByteMoreIsRefused() {
        let atLimit = [UInt8](repeating: UInt8(ascii: "a"), count: limit)
        XCTAssertEqual(lines([atLimit + [10]]), [.line(String(repeating: "a", count: limit)), .endOfInput])
        XCTAssertEqual(
            lines([atLimit + [UInt8(ascii: "a"), 10]]), [.rejected(.tooLong(maximumBytes: 1024)), .endOfInput])
        XCTAssertEqual(limit, 1024)
    }

    func testAnOverLongLineIsSkippedToItsEndWithoutTouchingItsNeighbours() {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 5_000)
        let bytes = Array("before\n".utf8) + long + Array("\nafter\n".utf8)
        let expected: [LineInput] = [
            .line("before"), .rejected(.tooLong(maximumBytes: 1024)), .line("after"), .endOfInput,
        ]
        XCTAssertEqual(lines([bytes]), expected)
        XCTAssertEqual(
            lines(stride(from: 0, to: bytes.count, by: 700).map { Array(bytes[$0..<min($0 + 700, bytes.count)]) }),
            expected)
        XCTAssertEqual(lines([long]), [.endOfInput], "cut off by the end: never a line, so dropped")
        XCTAssertEqual(lines([long + [10], long]), [.rejected(.tooLong(maximumBytes: 1024)), .endOfInput])
    }

    func testInvalidUTF8IsRefusedAndTheNextLineIsFine() {
        let cases: [[UInt8]] = [
            [0xFF],  // never valid
            [0x61, 0xC0, 0xAF],  // overlong "/"
            [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
            [0xE2, 0x82],  // a truncated "€"
            [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
        ]
        for bad in cases {
            XCTAssertEqual(
                lines([bad + [10] + Array("ok\n".utf8)]), [.rejected(.invalidUTF8), .line("ok"), .endOfInput], "\(bad)")
        }
    }

    func testControlCharactersAndCarriageReturnsAreKeptForTheScreenToJudge() {
        XCTAssertEqual(
            lines([Array("a\u{1B}[31mb\r\n\u{0}\n".utf8)]), [.line("a\u{1B}[31mb\r"), .line("\u{0}"), .endOfInput])
        XCTAssertEqual(lines([Array("é€😀\n".utf8)]), [.line("é€😀"), .endOfInput])
    }

    func testRejectionsExplainThemselves() {
        XCTAssertEqual(
            LineRejection.tooLong(maximumBytes: 1024).description,
            "The line is longer than 1024 bytes; nothing of it was used.")
        XCTAssertEqual(
            LineRejection.invalidUTF8.description, "The line is not valid UTF-8 text; nothing of it was used.")
        XCTAssertEqual(LineRejection.noTerminal.description, "Hidden input needs a terminal, and there is none.")
    }

    func testEveryShortByteSequenceIsAcceptedExactlyWhenTheStandardLibraryValidatesIt() {
        // Every byte alone; every byte after the lead bytes at the edges of UTF-8; three-byte sequences around its
        // edges (overlong forms, surrogates, the last scalar and past it, truncations); compared with
        // `String(validating:as:)`.
        var sequences: [[UInt8]] = (0...255).filter { $0 != 10 }.map { [UInt8($0)] }
        for first: UInt8 in [0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF] {
            for second in 0...255 where second != 10 { sequences.append([first, UInt8(second)]) }
        }
        for first: UInt8 in [0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5] {
            for second in stride(from: 0x70, through: 0xC0, by: 8) {
                for third: UInt8 in [0x41, 0x80, 0xBF, 0xC0] { sequences.append([first, UInt8(second), third]) }
            }
        }
        sequences += [
            [0xF0, 0x9F, 0xA7, 0x91], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80],
        ]
        var decoder = LineDecoder()
        for bytes in sequences {
            decoder.append(bytes + [10])
            let expected = String(validating: bytes, as: UTF8.self).map(LineInput.line) ?? .rejected(.invalidUTF8)
            XCTAssertEqual(decoder.nextLine(atEndOfInput: false), expected, "\(bytes)")
        }
    }
}
