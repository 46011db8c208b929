import PureMVVM
import Synchronization
import TestSupport
import XCTest

final class ScalarSetTests: GuardedTestCase {
    private func members(_ set: ScalarSet, of text: String) -> [Bool] {
        text.unicodeScalars.map(set.contains)
    }

    func testReadyMadeSets() {
        XCTAssertEqual(
            members(.letters, of: "aZé\u{301}用ا1 _"), [true, true, true, true, true, true, false, false, false])
        XCTAssertEqual(members(.lowercaseLetters, of: "aZ\u{FF44}"), [true, false, true])
        XCTAssertEqual(members(.uppercaseLetters, of: "aZ\u{1C5}"), [false, true, true])
        XCTAssertEqual(members(.digits, of: "7\u{663}\u{FF13}x"), [true, true, true, false])
        XCTAssertEqual(members(.asciiDigits, of: "7\u{663}/:"), [true, false, false, false])
        XCTAssertEqual(
            members(.alphanumerics, of: "a1\u{2160}\u{B2}-\u{200F}"), [true, true, true, true, false, false])
        XCTAssertEqual(members(.ascii, of: "\0\u{7F}\u{80}é"), [true, true, false, false])
        XCTAssertEqual(
            members(.whitespace, of: " \t\n\u{A0}\u{3000}\u{85}\u{2028}\u{200B}x"),
            [true, true, true, true, true, true, true, false, false])
        XCTAssertEqual(
            members(.controlCharacters, of: "\0\u{1B}\u{7F}\u{85}\u{200D}a"), [true, true, true, true, false, false],
            "Cc only: the zero-width joiner in emoji sequences is a format character")
    }

    func testFormatCharactersAreTheInvisibleCfScalars() {
        XCTAssertEqual(
            members(.formatCharacters, of: "a\u{200B}\u{AD}\u{200E}\u{202E}\u{FEFF}\u{200D}\u{E0041} \t"),
            [false, true, true, true, true, true, true, true, false, false])
    }

    func testCombinations() {
        let name = ScalarSet.alphanumerics.union(ScalarSet("._-"))
        XCTAssertEqual(members(name, of: "a._-:"), [true, true, true, true, false])
        XCTAssertEqual(members(ScalarSet("a"..."f"), of: "aFfg"), [true, false, true, false])
        XCTAssertEqual(members(ScalarSet.letters.subtracting(ScalarSet("x")), of: "axy"), [true, false, true])
        XCTAssertEqual(members(ScalarSet.controlCharacters.inverted, of: "a\0"), [true, false])
        XCTAssertEqual(members(ScalarSet { $0.value.isMultiple(of: 2) }, of: "ab"), [false, true])
    }

    /// A set made from ASCII text is kept as a bitmap: it must answer as the set of its scalars does, at both
    /// ends of each 64-bit word and outside ASCII; text with other scalars is kept as a set.
    func testASetOfTextAnswersAsTheSetOfItsScalars() {
        let texts = ["._-", "@", "\u{0}?\u{3F}@\u{40}\u{7F}", "azAZ09", "", "é@", "a\u{0301}", "日本"]
        let probes = (0...0x80).compactMap(Unicode.Scalar.init) + ["é", "\u{0301}", "日", "本", "😀"]
        for text in texts {
            let expected = Set(text.unicodeScalars)
            let set = ScalarSet(text)
            for probe in probes {
                XCTAssertEqual(
                    set.contains(probe), expected.contains(probe),
                    "\(text.debugDescription) \(probe.escaped(asASCII: true))")
            }
        }
    }

    func testCategorySetsAnswerEveryASCIIScalarAsItsGeneralCategorySays() {
        // ASCII is answered from a table (the common case, kept cheap); it must agree with the Unicode data.
        let sets: [(ScalarSet, Set<Unicode.GeneralCategory>)] = [
            (
                .letters,
                [
                    .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .nonspacingMark, .spacingMark, .enclosingMark,
                ]
            ),
            (.digits, [.decimalNumber]),
            (.controlCharacters, [.control]),
            (
                .alphanumerics,
                [
                    .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber,
                    .otherNumber,
                ]
            ),
        ]
        for value in UInt8(0)...UInt8(0x7F) {
            let scalar = Unicode.Scalar(value)
            for (set, categories) in sets {
                XCTAssertEqual(
                    set.contains(scalar), categories.contains(scalar.properties.generalCategory),
                    "U+\(String(value, radix: 16))")
            }
        }
    }

    /// A set works out its ASCII members when it is made, and a combination combines them bit by bit: every
    /// ASCII scalar, and scalars outside ASCII, must be answered as the parts say.
    func testCombinationsAnswerAsTheirPartsSay() {
        let parts: [(name: String, set: ScalarSet)] = [
            ("letters", .letters), ("digits", .digits), ("whitespace", .whitespace), ("controls", .controlCharacters),
            ("._-", ScalarSet("._-")), ("é@", ScalarSet("é@")), ("a...f", ScalarSet("a"..."f")), ("ascii", .ascii),
            ("odd", ScalarSet { !$0.value.isMultiple(of: 2) }),
        ]
        let probes = (0...0x80).compactMap(Unicode.Scalar.init) + ["é", "\u{0301}", "\u{85}", "\u{3000}", "日", "😀"]
        for first in parts {
            for second in parts {
                let (a, b) = (first.set, second.set)
                let combinations: [(String, ScalarSet, (Unicode.Scalar) -> Bool)] = [
                    ("∪", a.union(b), { a.contains($0) || b.contains($0) }),
                    ("∖", a.subtracting(b), { a.contains($0) && !b.contains($0) }),
                    ("¬∪¬", a.inverted.union(b.inverted), { !a.contains($0) || !b.contains($0) }),
                ]
                for (operation, combined, expected) in combinations {
                    for probe in probes where combined.contains(probe) != expected(probe) {
                        XCTFail("\(first.name) \(operation) \(second.name): \(probe.escaped(asASCII: true))")
                    }
                }
            }
        }
    }

    /// A predicate may be costly or impure: making and combining a set never calls it; checking a scalar calls
    /// it for that scalar only.
    func testAPredicateIsAskedOnlyAboutTheScalarsChecked() {
        final class Asked: Sendable {
            let scalars = Mutex<[Unicode.Scalar]>([])
        }
        let asked = Asked()
        let even = ScalarSet { scalar in
            asked.scalars.withLock { $0.append(scalar) }
            return scalar.value.isMultiple(of: 2)
        }
        let set = ScalarSet("x").union(even).subtracting(.whitespace).inverted
        XCTAssertEqual(asked.scalars.withLock { $0 }, [])
        XCTAssertEqual(members(set, of: "3x4"), [true, false, false])
        XCTAssertEqual(asked.scalars.withLock { $0 }, ["3", "4"], "x is in the union's first part")
    }
}
