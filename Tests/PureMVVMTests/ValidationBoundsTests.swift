import PureMVVM
import TestSupport
import XCTest

/// No length rule traps for any bound, in any unit: every extreme bound, against texts of every kind, compared
/// with the length counted in full. (A direct port of a library whose default maximum is `Int.max` once crashed
/// with "arithmetic overflow".)
final class ValidationBoundsTests: GuardedTestCase {
    private let bounds = [Int.min, Int.min + 1, -2, -1, 0, 1, 2, 3, 7, 8, 18, 72, 10_000, Int.max - 1, Int.max]
    private let texts: [String?] = [
        nil, "", "a", "é", "e\u{301}", "\u{1F600}", "👨‍👩‍👧", "dimsky", "\r\n", "\0",
        String(repeating: "a\u{301}", count: 5_000),
    ]

    /// Each text with its length in a unit, counted in full once.
    private func measured(in unit: LengthUnit) -> [(text: String?, length: Int)] {
        texts.map { text in
            let whole = text ?? ""
            let length =
                switch unit {
                case .characters: whole.count
                case .unicodeScalars: whole.unicodeScalars.count
                case .utf16: whole.utf16.count
                case .utf8: whole.utf8.count
                }
            return (text, length)
        }
    }

    func testMinimumAndMaximumAgreeWithTheFullCount() {
        for unit in LengthUnit.allCases {
            let measured = measured(in: unit)
            for bound in bounds {
                let minimum = ValidationRule.minimumLength(bound, in: unit)
                let maximum = ValidationRule.maximumLength(bound, in: unit)
                for (text, length) in measured {
                    let context = "\(unit), bound \(bound), length \(length)"
                    XCTAssertEqual(minimum.isSatisfied(by: text), length >= bound, "minimum: \(context)")
                    XCTAssertEqual(maximum.isSatisfied(by: text), length <= max(bound, 0), "maximum: \(context)")
                }
            }
        }
    }

    func testEveryRangeOfExtremeBoundsAgreesWithTheFullCount() {
        for unit in LengthUnit.allCases {
            let measured = measured(in: unit)
            for lower in bounds {
                for upper in bounds where upper >= lower {
                    let range = ValidationRule.length(in: lower...upper, unit: unit)
                    let exact = ValidationRule.length(exactly: upper, unit: unit)
                    for (text, length) in measured {
                        let context = "\(unit), \(lower)...\(upper), length \(length)"
                        XCTAssertEqual(
                            range.isSatisfied(by: text), (max(lower, 0)...max(upper, 0)).contains(length), context)
                        XCTAssertEqual(exact.isSatisfied(by: text), length == max(upper, 0), "exactly: \(context)")
                    }
                }
            }
        }
    }

    func testNegativeBoundsCountAsZeroInTheMessages() {
        XCTAssertEqual(ValidationRule.maximumLength(Int.min).failures(for: "a"), ["Must be at most 0 characters."])
        XCTAssertEqual(ValidationRule.length(exactly: -3).failures(for: "a"), ["Must be exactly 0 characters."])
        XCTAssertEqual(ValidationRule.length(in: -5...(-1)).failures(for: "a"), ["Must be exactly 0 characters."])
        XCTAssertEqual(ValidationRule.length(in: -5...2).failures(for: "abc"), ["Must be 0 to 2 characters."])
    }

    func testNumberRulesTakeEveryIntegerBound() {
        for lower in bounds {
            for upper in bounds where upper >= lower {
                let rule = ValidationRule.integer(in: lower...upper)
                for text in ["0", "-1", "1", "\(Int.max)", "\(Int.min)", "9\(Int.max)", "-9\(Int.max)", "x"] {
                    let expected = Int(text).map { (lower...upper).contains($0) } ?? false
                    XCTAssertEqual(rule.isSatisfied(by: text), expected, "\(lower)...\(upper), \(text)")
                }
            }
        }
        let extremes: [Double] = [-.infinity, -.greatestFiniteMagnitude, -1, 0, 1, .greatestFiniteMagnitude, .infinity]
        for lower in extremes {
            for upper in extremes where upper >= lower {
                let rule = ValidationRule.decimal(in: lower...upper)
                for text in ["0", "-1.5", "1" + String(repeating: "0", count: 400), "x"] {
                    let expected = Double(text).map { (lower...upper).contains($0) } ?? false
                    XCTAssertEqual(rule.isSatisfied(by: text), expected, "\(lower)...\(upper), \(text)")
                }
            }
        }
    }
}
