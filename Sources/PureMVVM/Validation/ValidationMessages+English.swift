extension ValidationMessages {
    /// The built-in rules' messages in English, the default: "Required.", "Must be at least 6 characters.",
    /// "Must be at least 1 character.", "Must be exactly 11 characters.", "Enter a valid email address.", …
    public static let english = ValidationMessages(
        required: "Required.",
        minimumLength: { count, unit in "Must be at least \(englishCount(count, unit))." },
        maximumLength: { count, unit in "Must be at most \(englishCount(count, unit))." },
        lengthRange: { range, unit in
            "Must be \(range.lowerBound) to \(range.upperBound) \(englishNoun(unit, plural: true))."
        },
        exactLength: { count, unit in "Must be exactly \(englishCount(count, unit))." },
        invalidFormat: "Has an invalid format.",
        disallowedCharacters: "Contains characters that are not allowed.",
        mismatch: "Does not match.",
        invalidEmail: "Enter a valid email address.",
        invalidInteger: "Enter a whole number.",
        invalidDecimal: "Enter a number.",
        numberOutOfRange: { lowerBound, upperBound in
            switch (lowerBound, upperBound) {
            case (let lower?, let upper?): "Must be from \(lower) to \(upper)."
            case (let lower?, nil): "Must be at least \(lower)."
            case (nil, let upper?): "Must be at most \(upper)."
            case (nil, nil): "Must be a number."
            }
        },
        noRuleCanPass: "No rule can pass."
    )

    /// "1 character", "6 characters", "1 byte".
    private static func englishCount(_ count: Int, _ unit: LengthUnit) -> String {
        "\(count) \(englishNoun(unit, plural: count != 1))"
    }

    private static func englishNoun(_ unit: LengthUnit, plural: Bool) -> String {
        let noun =
            switch unit {
            case .characters: "character"
            case .unicodeScalars: "code point"
            case .utf16: "UTF-16 code unit"
            case .utf8: "byte"
            }
        return plural ? noun + "s" : noun
    }
}
