import PureMVVM
import TestSupport
import XCTest

/// Runs every row of `Fixtures/validation/builtin-rules.table`: each rule with its English and its Chinese default
/// messages. A failing row is reported as `builtin-rules.table:LINE`.
final class RuleTableTests: GuardedTestCase {
    /// The rules the table names, spelled as they are called.
    static func rules() throws -> [String: ValidationRule] {
        [
            "required": .required,
            "minimumLength(1)": .minimumLength(1),
            "minimumLength(6)": .minimumLength(6),
            "maximumLength(1, in: .unicodeScalars)": .maximumLength(1, in: .unicodeScalars),
            "maximumLength(72, in: .utf8)": .maximumLength(72, in: .utf8),
            "length(exactly: 6)": .length(exactly: 6),
            "length(in: 1...1)": .length(in: 1...1),
            "length(in: 6...32)": .length(in: 6...32),
            "maximumLength(2, in: .utf16)": .maximumLength(2, in: .utf16),
            "length(exactly: 8, unit: .utf16)": .length(exactly: 8, unit: .utf16),
            "maximumLength(Int.max)": .maximumLength(Int.max),
            "maximumLength(Int.max, in: .utf16)": .maximumLength(Int.max, in: .utf16),
            "minimumLength(Int.max, in: .utf8)": .minimumLength(Int.max, in: .utf8),
            "minimumLength(-1)": .minimumLength(-1),
            "maximumLength(-1)": .maximumLength(-1),
            "length(in: 5...Int.max)": .length(in: 5...Int.max),
            "length(in: Int.min...Int.max)": .length(in: Int.min...Int.max),
            "email()": .email(),
            "integer()": .integer(),
            "integer(in: 1...100)": .integer(in: 1...100),
            "integer(in: 18...)": .integer(in: 18...),
            "integer(in: ...0)": .integer(in: ...0),
            "integer(in: Int.min...Int.max)": .integer(in: Int.min...Int.max),
            "decimal()": .decimal(),
            "decimal(in: 0...9.5)": .decimal(in: 0...9.5),
            "decimal(in: 0...)": .decimal(in: 0...),
            "decimal(in: ...100)": .decimal(in: ...100),
            "pattern(/[0-9]/, match: .anywhere)": .pattern(/[0-9]/, match: .anywhere),
            "pattern(/.*[0-9].*/)": .pattern(/.*[0-9].*/),
            "pattern(/(?s).*[0-9].*/)": .pattern(/(?s).*[0-9].*/),
            "pattern(/[0-9]/, match: .prefix)": .pattern(/[0-9]/, match: .prefix),
            "pattern(\"[A-Z]{3}-[0-9]{4}\")": try .pattern("[A-Z]{3}-[0-9]{4}"),
            "allowedCharacters(.alphanumerics)": .allowedCharacters(.alphanumerics),
            "allowedCharacters(.asciiDigits)": .allowedCharacters(.asciiDigits),
            "confirmation()": .confirmation(),
            "all([.required, .email()])": .all([.required, .email()]),
            "firstFailure(of: [.required, .email()])": .firstFailure(of: [.required, .email()]),
            "any([])": .any([]),
        ]
    }

    func testEveryRowInEnglishAndChinese() throws {
        let rules = try Self.rules()
        let table = try RuleTable()
        var used: Set<String> = []
        for row in table.rows {
            guard let rule = rules[row.rule] else {
                XCTFail("builtin-rules.table:\(row.line): no rule named \(row.rule) in RuleTableTests.rules()")
                continue
            }
            used.insert(row.rule)
            let english = rule.failures(for: row.text)
            let chinese = rule.withDefaultMessages(.chinese).failures(for: row.text)
            XCTAssertEqual(english, row.english, "builtin-rules.table:\(row.line): English")
            XCTAssertEqual(chinese, row.chinese, "builtin-rules.table:\(row.line): Chinese")
        }
        XCTAssertEqual(Set(rules.keys).subtracting(used), [], "rules without a row in builtin-rules.table")
        XCTAssertGreaterThanOrEqual(table.rows.count, 100, "the table lost rows")
    }
}
