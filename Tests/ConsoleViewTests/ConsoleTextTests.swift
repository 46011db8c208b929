import ConsoleView
import TestSupport
import XCTest

/// Sanitising user text before it reaches a terminal (CWE-150).
final class ConsoleTextTests: GuardedTestCase {
    func testControlAndEscapeCharactersAreShownNotSent() {
        let cases: [(String, String)] = [
            ("\u{1B}[31mred", "^[[31mred"),
            ("\u{1B}]0;owned\u{7}", "^[]0;owned^G"),  // set the window title
            ("\u{1B}[2J\u{1B}[H", "^[[2J^[[H"),  // clear the screen, cursor home
            ("a\tb\nc\rd", "a^Ib^Jc^Md"),
            ("nul\u{0}", "nul^@"),
            ("del\u{7F}", "del^?"),
            ("csi\u{9B}31m", "csi\\u{9B}31m"),  // the 8-bit CSI
            ("\u{202E}evil", "\\u{202E}evil"),  // right-to-left override
            ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
            ("line\u{2028}break", "line\\u{2028}break"),
            ("vic\u{200B}tim", "vic\\u{200B}tim"),  // a zero-width space: two names that look alike (issue 21)
            ("soft\u{AD}hyphen", "soft\\u{AD}hyphen"),
            ("\u{FEFF}bom", "\\u{FEFF}bom"),
            ("tag\u{E0041}", "tag\\u{E0041}"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(ConsoleText.sanitized(text), expected, text.debugDescription)
        }
    }

    func testOrdinaryTextIsUnchanged() {
        for text in [
            "dimsky", "Дмитрий", "李小龙", "🧑‍💻 ok", "quotes \" and \\ backslash", "مرحبا", "", "नमस्ते", "می\u{200C}خواهم",
        ] {
            XCTAssertEqual(ConsoleText.sanitized(text), text)
        }
    }

    func testTheResultNeverHoldsAControlCharacter() {
        let everything = String(String.UnicodeScalarView((0...0x2100).compactMap(Unicode.Scalar.init)))
        let sanitized = ConsoleText.sanitized(everything)
        XCTAssertFalse(
            sanitized.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "no C0, C1 or DEL left")
        XCTAssertFalse(sanitized.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    }

    func testEveryScalarIsNeutralisedExactlyWhenTheTableSaysSo() {
        // The check reads UTF-8 bytes, skipping the encodings that cannot be dangerous; compare it with the
        // documented scalars (the table: controls, bidirectional controls, separators, every other Cf but the
        // joiners) for every scalar of the planes a Cf scalar is in.
        func isDangerous(_ value: UInt32) -> Bool {
            switch value {
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
            case 0x200C, 0x200D: false
            default: Unicode.Scalar(value)?.properties.generalCategory == .format
            }
        }
        let values =
            Array(0...0x2FFF) + Array(0xFE00...0xFFFF) + Array(0x1_1080...0x1_10FF) + Array(0x1_3400...0x1_347F)
            + Array(0x1_BC80...0x1_BCFF) + Array(0x1_D100...0x1_D1FF) + Array(0x1_F300...0x1_F9FF)
            + Array(0xE_0000...0xE_01FF) + [0x10_FFFF]
        for value in values {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }  // surrogates
            let text = "a" + String(Character(scalar)) + "é"
            XCTAssertEqual(
                ConsoleText.sanitized(text) != text, isDangerous(UInt32(value)), "U+\(String(value, radix: 16))")
        }
    }
}
