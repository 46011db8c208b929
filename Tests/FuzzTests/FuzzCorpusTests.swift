import FuzzSupport
import TestSupport
import XCTest

@testable import AccountFileFuzz
@testable import ChangeSetFuzz
@testable import LineDecoderFuzz
@testable import PatternFuzz
@testable import RowsDiffFuzz
@testable import ValidationFuzz

/// Every fuzz target's seed corpus and saved crashes (`Fixtures/fuzz/TARGET`), run through the target's check in
/// every `swift test`, so an input that once failed stays fixed. (The argument parser's target lives in `login`;
/// LoginTests replays its corpus.)
final class FuzzCorpusTests: GuardedTestCase {
    private func replay(
        _ target: String, _ check: ([UInt8]) -> String?, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let inputs = try FuzzCorpus.inputs(of: target)
        XCTAssertFalse(inputs.isEmpty, "no seeds in Fixtures/fuzz/\(target)", file: file, line: line)
        for input in inputs {
            if let problem = check(input.bytes) { XCTFail("\(input.path): \(problem)", file: file, line: line) }
        }
    }

    func testAccountFile() throws { try replay(AccountFileFuzz.target, AccountFileFuzz.check) }
    func testChangeSet() throws { try replay(ChangeSetFuzz.target, ChangeSetFuzz.check) }
    func testLineDecoder() throws { try replay(LineDecoderFuzz.target, LineDecoderFuzz.check) }
    func testRowsDiff() throws { try replay(RowsDiffFuzz.target, RowsDiffFuzz.check) }
    func testValidation() throws { try replay(ValidationFuzz.target, ValidationFuzz.check) }
    func testPattern() throws { try replay(PatternFuzz.target, PatternFuzz.check) }
}
