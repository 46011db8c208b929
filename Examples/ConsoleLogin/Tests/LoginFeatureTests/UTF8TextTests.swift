import TestSupport
import XCTest

@testable import LoginFeature

/// Bytes that must be UTF-8 are refused, never repaired, by both ways of checking them: `UTF8Span` where the
/// platform has it and decoding where it does not.
final class UTF8TextTests: GuardedTestCase {
    private let wellFormed: [[UInt8]] = [
        [], Array("dimsky".utf8), Array("用户名".utf8), Array("é\u{301}".utf8), [0xF0, 0x9F, 0x98, 0x80],
        [0xEF, 0xBF, 0xBD],  // U+FFFD itself
    ]
    private let illFormed: [[UInt8]] = [
        [0x80], [0xC3], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xFF], Array("dim".utf8) + [0xE4, 0xB8],
    ]

    func testWellFormedBytesAreText() {
        for bytes in wellFormed {
            XCTAssertTrue(UTF8Text.isValid(bytes), "\(bytes)")
            XCTAssertEqual(UTF8Text.string(validating: bytes).map { Array($0.utf8) }, bytes)
        }
    }

    func testIllFormedBytesAreRefused() {
        for bytes in illFormed {
            XCTAssertFalse(UTF8Text.isValid(bytes), "\(bytes)")
            XCTAssertNil(UTF8Text.string(validating: bytes), "\(bytes)")
        }
    }
}
