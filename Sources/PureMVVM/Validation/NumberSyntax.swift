/// The number syntax of the integer and decimal rules: ASCII digits with an optional leading `-` or `+`, and for
/// decimals an optional `.` followed by digits (`12`, `-3`, `+0.5`, `.5`), whatever the language. Not numbers:
/// empty text, whitespace, thousands separators, `,` as the decimal point, exponents, other scripts' digits, and
/// "1." (a point with no digits after it).
enum NumberSyntax {
    /// Tells whether a text is a whole number, of any size.
    static func isInteger(_ text: String) -> Bool {
        let digits = unsigned(text.utf8[...])
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// Tells whether a text is a decimal number, of any size.
    static func isDecimal(_ text: String) -> Bool {
        let number = unsigned(text.utf8[...])
        guard let point = number.firstIndex(of: UInt8(ascii: ".")) else {
            return !number.isEmpty && number.allSatisfy(isDigit)
        }
        let whole = number[..<point]
        let fraction = number[number.index(after: point)...]
        return !fraction.isEmpty && whole.allSatisfy(isDigit) && fraction.allSatisfy(isDigit)
    }

    /// Tells whether an integer text lies in a range; a number too large for `Int` lies outside any range with a
    /// bound on its side.
    static func integer(_ text: String, isIn lowerBound: Int?, _ upperBound: Int?) -> Bool {
        guard let value = Int(text) else {
            // Syntactically an integer but beyond Int: it exceeds any upper bound, or falls below any lower one.
            return text.utf8.first == UInt8(ascii: "-") ? lowerBound == nil : upperBound == nil
        }
        if let lowerBound, value < lowerBound { return false }
        if let upperBound, value > upperBound { return false }
        return true
    }

    /// Tells whether a decimal text lies in a range, compared as `Double`.
    static func decimal(_ text: String, isIn lowerBound: Double?, _ upperBound: Double?) -> Bool {
        // `Double` does not take a leading "+" followed by "." on every platform alike; normalise the sign.
        var digits = text
        if digits.hasPrefix("+") { digits.removeFirst() }
        if digits.hasPrefix(".") { digits = "0" + digits }
        if digits.hasPrefix("-.") { digits = "-0" + digits.dropFirst() }
        guard let value = Double(digits) else { return false }
        if let lowerBound, !(value >= lowerBound) { return false }
        if let upperBound, !(value <= upperBound) { return false }
        return true
    }

    /// The bound as a message writes it: `5`, `-0.5`, `100` for `100.0`.
    static func describe(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(describing: value)
    }

    private static func unsigned(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        guard let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") else { return bytes }
        return bytes.dropFirst()
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
