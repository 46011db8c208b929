import FuzzSupport
import TestSupport
import XCTest

@testable import login

/// The argument parser's fuzz target (`login` built by scripts/fuzz.sh): its seed corpus and saved crashes
/// replayed, and the crashes it found as plain tests.
final class ArgumentParserFuzzTests: GuardedTestCase {
    func testTheSeedCorpusAndSavedCrashesPass() throws {
        let inputs = try FuzzCorpus.inputs(of: ArgumentParserFuzz.target)
        XCTAssertFalse(inputs.isEmpty)
        for input in inputs {
            if let problem = ArgumentParserFuzz.check(input.bytes) { XCTFail("\(input.path): \(problem)") }
        }
    }

    /// Found by the fuzzer: "=" followed by a combining mark is one Character, so `--username=\u{0320}i` was an
    /// unknown option instead of the value "\u{0320}i".
    func testACombiningMarkAfterTheEqualsSignStaysInTheValue() throws {
        XCTAssertEqual(
            try ArgumentParser.parse(["--username=\u{0320}i", "--password-stdin"]),
            .signIn(SignInOptions(scriptedUsername: "\u{0320}i")))
        XCTAssertEqual(
            try ArgumentParser.parse(["add-user", "--accounts=\u{301}a", "--", "dimsky"]),
            .addUser(AddUserOptions(accountsPath: "\u{301}a", name: "dimsky")))
        XCTAssertThrowsError(try ArgumentParser.parse(["add-user", "--accounts", "a", "-\u{301}x"])) { error in
            XCTAssertEqual(error as? UsageError, UsageError(.unknownOption("-\u{301}x", command: "add-user")))
        }
    }
}
