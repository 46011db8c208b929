extension InputArgument where Value == String {
    /// Draws text for a whole-number field, such as a quantity: half of the time a number of the range, a quarter
    /// of the time a boundary (the bounds, one past and one inside each, zero, −1 and 1), and a quarter of the time
    /// junk that number parsing gets wrong: empty text, spaces around a number, letters, `1e3`, an Arabic-Indic
    /// digit (`٣`), a full-width digit (`３`), a minus sign (`−1`), a leading `+` or `0`, `-0`, separators
    /// (`1,000`, `1_000`), `0x10`, `NaN`, numbers past `Int`, `1.5`.
    ///
    /// ```swift
    /// .call("quantityDidChange(_:)", with: .integerText(in: 1...99)) {
    ///     $0.quantityDidChange($1)
    /// }
    /// ```
    ///
    /// A failing number shrinks toward zero (or the bound nearer it), and junk toward the simpler junk; each is
    /// printed as a string literal, with `\u{…}` for what is not printable ASCII.
    ///
    /// - Parameters:
    ///   - range: The numbers the field takes, such as `1...99`.
    ///   - texts: Texts of your own to draw among the junk, such as `"12 pcs"`.
    /// - Returns: The argument.
    public static func integerText(in range: ClosedRange<Int>, including texts: [String] = []) -> InputArgument<
        String
    > {
        numberText(NumberTexts(integersIn: range, including: texts))
    }

    /// Draws text for a decimal field, such as a price or a weight, as ``integerText(in:including:)`` does for whole
    /// numbers: numbers of the range with up to `fractionDigits` digits after the point (`12`, `9.5`, `0.05`), its
    /// boundaries one step (`0.01` for two digits) inside and outside, and junk, with the decimal's own: `0.10`,
    /// `.5`, `5.`, `-0.0`, `1,5`, `1.2.3`, `1e-3`, `Infinity` and one digit more than the field takes.
    ///
    /// ```swift
    /// .call(
    ///     "weightDidChange(_:)",
    ///     with: .decimalText(in: 0.1...30, fractionDigits: 1)
    /// ) { $0.weightDidChange($1) }
    /// ```
    ///
    /// - Parameters:
    ///   - range: The numbers the field takes, such as `0...9.5`; at least one number of `fractionDigits` digits
    ///     must lie in it.
    ///   - fractionDigits: The most digits after the point, 0 to 6; 2 by default.
    ///   - texts: Texts of your own to draw among the junk.
    /// - Returns: The argument.
    public static func decimalText(
        in range: ClosedRange<Double>, fractionDigits: Int = 2, including texts: [String] = []
    ) -> InputArgument<String> {
        numberText(NumberTexts(decimalsIn: range, fractionDigits: fractionDigits, including: texts))
    }

    private static func numberText(_ texts: NumberTexts) -> InputArgument<String> {
        InputArgument(
            draw: { texts.draw(&$0) },
            source: ArgumentSource(code: { TextCorpus.code(for: $0) }, simpler: texts.simpler))
    }
}

extension InputArgument where Value == String? {
    /// Draws `nil` or text for a whole-number field, as ``InputArgument/integerText(in:including:)`` does; `nil`
    /// comes once in 16 draws and counts as simplest.
    ///
    /// - Parameters:
    ///   - range: The numbers the field takes.
    ///   - texts: Texts of your own to draw among the junk.
    /// - Returns: The argument.
    public static func optionalIntegerText(in range: ClosedRange<Int>, including texts: [String] = [])
        -> InputArgument<String?>
    {
        optional(.integerText(in: range, including: texts))
    }

    /// Draws `nil` or text for a decimal field, as ``InputArgument/decimalText(in:fractionDigits:including:)``
    /// does; `nil` comes once in 16 draws and counts as simplest.
    ///
    /// - Parameters:
    ///   - range: The numbers the field takes.
    ///   - fractionDigits: The most digits after the point, 0 to 6; 2 by default.
    ///   - texts: Texts of your own to draw among the junk.
    /// - Returns: The argument.
    public static func optionalDecimalText(
        in range: ClosedRange<Double>, fractionDigits: Int = 2, including texts: [String] = []
    ) -> InputArgument<String?> {
        optional(.decimalText(in: range, fractionDigits: fractionDigits, including: texts))
    }

    /// `nil` at position 0, once in 16 draws; the text's own positions one up.
    private static func optional(_ text: InputArgument<String>) -> InputArgument<String?> {
        InputArgument(
            draw: { random in
                guard random.index(below: 16) != 0 else { return (0, nil) }
                let (position, value) = text.draw(&random)
                return (position + 1, value)
            },
            source: ArgumentSource(
                code: { $0.map(TextCorpus.code(for:)) ?? "nil" },
                simpler: { position, value in
                    guard let value, position > 0 else { return [] }
                    return [(0, nil)] + text.source.simpler(position - 1, value).map { ($0.position + 1, $0.value) }
                }))
    }
}
