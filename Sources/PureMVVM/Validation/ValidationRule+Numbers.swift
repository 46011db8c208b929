// MARK: - Number rules

extension ValidationRule {
    /// Fails unless the text is a whole number, and, with a range, one inside it: "Enter a whole number.", then
    /// "Must be from 1 to 100."
    ///
    /// A whole number is ASCII digits with an optional leading `-` or `+` ("42", "-7", "007"), of any size;
    /// whitespace, thousands separators and other scripts' digits are not numbers (trim the field with
    /// ``WhitespacePolicy/trim``). A number too large for `Int` is outside any range bounded on its side.
    ///
    /// - Parameters:
    ///   - range: The numbers allowed, such as `1...100`; any whole number when `nil`.
    ///   - message: One message for both failures; by default "Enter a whole number." and "Must be from 1 to
    ///     100."
    /// - Returns: The rule.
    public static func integer(in range: ClosedRange<Int>? = nil, message: String? = nil) -> ValidationRule {
        integer(range?.lowerBound, range?.upperBound, message: message)
    }

    /// Fails unless the text is a whole number of at least a bound, such as `integer(in: 1...)`: "Must be at
    /// least 1."
    ///
    /// - Parameters:
    ///   - range: The smallest number allowed, with no largest.
    ///   - message: One message for both failures.
    /// - Returns: The rule.
    public static func integer(in range: PartialRangeFrom<Int>, message: String? = nil) -> ValidationRule {
        integer(range.lowerBound, nil, message: message)
    }

    /// Fails unless the text is a whole number of at most a bound, such as `integer(in: ...99)`: "Must be at
    /// most 99."
    ///
    /// - Parameters:
    ///   - range: The largest number allowed, with no smallest.
    ///   - message: One message for both failures.
    /// - Returns: The rule.
    public static func integer(in range: PartialRangeThrough<Int>, message: String? = nil) -> ValidationRule {
        integer(nil, range.upperBound, message: message)
    }

    /// Fails unless the text is a decimal number, and, with a range, one inside it: "Enter a number.", then
    /// "Must be from 0 to 9.5."
    ///
    /// A decimal number is ASCII digits with an optional leading `-` or `+` and an optional `.` followed by
    /// digits ("12", "-0.5", ".5"), whatever the user's language; "1,5", "1e3", "1." and "NaN" are not numbers.
    /// The range is compared as `Double`.
    ///
    /// - Parameters:
    ///   - range: The numbers allowed, such as `0...9.5`; any decimal number when `nil`.
    ///   - message: One message for both failures; by default "Enter a number." and "Must be from 0 to 9.5."
    /// - Returns: The rule.
    public static func decimal(in range: ClosedRange<Double>? = nil, message: String? = nil) -> ValidationRule {
        decimal(range?.lowerBound, range?.upperBound, message: message)
    }

    /// Fails unless the text is a decimal number of at least a bound, such as `decimal(in: 0...)`.
    ///
    /// - Parameters:
    ///   - range: The smallest number allowed, with no largest.
    ///   - message: One message for both failures.
    /// - Returns: The rule.
    public static func decimal(in range: PartialRangeFrom<Double>, message: String? = nil) -> ValidationRule {
        decimal(range.lowerBound, nil, message: message)
    }

    /// Fails unless the text is a decimal number of at most a bound, such as `decimal(in: ...100)`.
    ///
    /// - Parameters:
    ///   - range: The largest number allowed, with no smallest.
    ///   - message: One message for both failures.
    /// - Returns: The rule.
    public static func decimal(in range: PartialRangeThrough<Double>, message: String? = nil) -> ValidationRule {
        decimal(nil, range.upperBound, message: message)
    }

    private static func integer(_ lowerBound: Int?, _ upperBound: Int?, message: String?) -> ValidationRule {
        let syntax = ValidationRule(.integer, message: nil, default: .invalidInteger)
        guard lowerBound != nil || upperBound != nil else { return message.map(syntax.withMessage) ?? syntax }
        let range = ValidationRule(
            .integerRange(lowerBound, upperBound), message: nil,
            default: .numberOutOfRange(lowerBound.map { String($0) }, upperBound.map { String($0) }))
        let rule = firstFailure(of: [syntax, range])
        return message.map(rule.withMessage) ?? rule
    }

    private static func decimal(_ lowerBound: Double?, _ upperBound: Double?, message: String?) -> ValidationRule {
        let syntax = ValidationRule(.decimal, message: nil, default: .invalidDecimal)
        guard lowerBound != nil || upperBound != nil else { return message.map(syntax.withMessage) ?? syntax }
        let range = ValidationRule(
            .decimalRange(lowerBound, upperBound), message: nil,
            default: .numberOutOfRange(lowerBound.map(NumberSyntax.describe), upperBound.map(NumberSyntax.describe)))
        let rule = firstFailure(of: [syntax, range])
        return message.map(rule.withMessage) ?? rule
    }
}
