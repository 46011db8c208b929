import LoginFeature
import TestSupport
import XCTest

@testable import AccountFileFuzz

/// The account file reads a plain entry line in a fast pass (sixteen bytes, then eight, at a time) and any other
/// line byte by byte. A byte that matters, put at every place of an entry line, must be read as the reference
/// parser reads it, whatever its place among those sixteen- and eight-byte steps, also on a last line without
/// a newline.
final class AccountFileEveryPlaceTests: GuardedTestCase {
    func testEveryBytePlacedAnywhereInALineIsReadAsTheReferenceReadsIt() {
        let line = Array("user.12345:$y$j9T$G5YZ5GPa1dxSA6XwpzeyL0$bvFurcaqEBQhA.qhGuMBHMGagOZmxorliUIFVg2tSz7".utf8)
        let replacements: [[UInt8]] = [
            [0x00], [0x09], [0x0A], [0x0D], [0x20], [0x23], [0x3A], [0x7F], [0x80],
            Array("é".utf8), [0x3A, 0x3A], [],
        ]
        var checked = 0
        for place in 0...line.count {
            for replacement in replacements {
                var changed = line
                changed.replaceSubrange(place..<min(place + 1, line.count), with: replacement)
                for (before, after) in [("# comment\n", "\nbob:$6$a$b\n"), ("bob:$6$a$b\n", "")] {
                    let bytes = Array(before.utf8) + changed + Array(after.utf8)
                    let read = Result { () throws(AccountFileError) in try AccountFile(bytes: bytes).lines }
                    XCTAssertEqual(
                        read, ReferenceAccountParser.parse(bytes),
                        String(decoding: bytes, as: UTF8.self).debugDescription)
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, (line.count + 1) * replacements.count * 2)
    }
}
