/// Where a ``ContractExplorer`` input draws its argument from: the values, how each is written in Swift (for the
/// test the explorer prints), and which are simpler (for shrinking a failing sequence).
///
/// ```swift
/// .call(
///     "usernameDidChange(_:)",
///     with: .optionalText(around: [6, 32], including: ["dimsky"])
/// ) { $0.usernameDidChange($1) }
/// .call("menuCellDidSelect(at:)", with: .int(in: -1...3)) {
///     $0.menuCellDidSelect(at: $1)
/// }
/// .call("languageDidChange(_:)", with: InputArgument([.chinese, .english])) {
///     $0.languageDidChange($1)
/// }
/// ```
public struct InputArgument<Value> {
    /// Draws a value and its position.
    let draw: (inout SplitMix64) -> (position: Int, value: Value)
    /// How the values are written and simplified.
    let source: ArgumentSource<Value>

    init(
        draw: @escaping (inout SplitMix64) -> (position: Int, value: Value), source: ArgumentSource<Value>
    ) {
        self.draw = draw
        self.source = source
    }

    /// Draws a value.
    func choose(_ random: inout SplitMix64) -> ArgumentChoice<Value> {
        let (position, value) = draw(&random)
        return ArgumentChoice(value: value, position: position, source: source)
    }

    /// Draws one of the given values, each as likely; earlier values count as simpler.
    ///
    /// - Parameters:
    ///   - values: The values, simplest first; must not be empty.
    ///   - code: Writes a value as Swift code; by default strings as literals (with `\u{…}` escapes), optionals
    ///     as their value or `nil`, and anything else with `String(reflecting:)`, which writes numbers and enum
    ///     cases (fully qualified) as code.
    public init(_ values: [Value], code: ((Value) -> String)? = nil) {
        precondition(!values.isEmpty, "an InputArgument needs at least one value")
        self.init(
            draw: { random in
                let position = random.index(below: values.count)
                return (position, values[position])
            },
            source: ArgumentSource(
                code: code ?? { TextCorpus.expression(for: $0) },
                simpler: { position, _ in (0..<position).map { ($0, values[$0]) } }
            )
        )
    }
}

extension InputArgument where Value == Int {
    /// Draws a whole number in a range, each as likely; numbers nearer zero (within the range) count as simpler.
    ///
    /// - Parameter range: The numbers to draw from, such as `-1...4` for an index that may be out of range.
    /// - Returns: The argument.
    public static func int(in range: ClosedRange<Int>) -> InputArgument<Int> {
        let simplest = range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
        // How many values the range holds, wrapping: `Int.min...Int.max` holds 2⁶⁴, which is 0 here (every value).
        let width = UInt64(UInt(bitPattern: range.upperBound &- range.lowerBound)) &+ 1
        return InputArgument(
            draw: { random in
                let offset = width == 0 ? random.next() : random.next().multipliedFullWidth(by: width).high
                return (0, range.lowerBound &+ Int(truncatingIfNeeded: offset))
            },
            source: ArgumentSource(
                code: { "\($0)" },
                simpler: { _, value in
                    var candidates: [(position: Int, value: Int)] = []
                    var step = value - simplest
                    while step != 0 {
                        candidates.append((0, value - step))
                        step /= 2
                    }
                    return candidates
                }
            )
        )
    }
}

extension InputArgument where Value == Bool {
    /// Draws `false` or `true`; `false` counts as simpler.
    public static var bool: InputArgument<Bool> { InputArgument([false, true]) }
}

extension InputArgument where Value == String {
    /// Draws text from the explorer's corpus of edge cases, with your own texts first.
    ///
    /// The corpus, simplest first: `texts`; the empty text; one letter; for each bound *n*, letters of length
    /// *n − 1*, *n* and *n + 1*, *n* characters that are each two Unicode scalars (NFD `é`) and *n* that are each
    /// an 18-byte emoji ZWJ sequence (👨‍👩‍👧); white space only; an NFC/NFD pair (`café` both ways); a ZWJ emoji;
    /// right-to-left marks and an override; control characters (bell, backspace, CR LF, DEL, NEL); NUL, alone and
    /// inside text; ANSI escape sequences (colour, clear screen, window title); 10,000 characters.
    ///
    /// - Parameters:
    ///   - bounds: The lengths the screen's rules check, such as `[6, 32, 72]` for "at least 6 characters, at
    ///     most 32 characters, at most 72 UTF-8 bytes".
    ///   - texts: Texts of your own to draw too, such as a valid username.
    /// - Returns: The argument.
    public static func text(around bounds: [Int] = [], including texts: [String] = []) -> InputArgument<String> {
        let corpus = TextCorpus.texts(around: bounds, including: texts)
        return InputArgument(corpus.map(\.text)) { TextCorpus.code(for: $0) }
    }
}

extension InputArgument where Value == String? {
    /// Draws `nil` or text from the explorer's corpus (see ``text(around:including:)``); `nil` counts as
    /// simplest.
    ///
    /// - Parameters:
    ///   - bounds: The lengths the screen's rules check.
    ///   - texts: Texts of your own to draw too.
    /// - Returns: The argument.
    public static func optionalText(around bounds: [Int] = [], including texts: [String] = []) -> InputArgument<
        String?
    > {
        let corpus = TextCorpus.texts(around: bounds, including: texts)
        return InputArgument([nil] + corpus.map(\.text)) { $0.map(TextCorpus.code(for:)) ?? "nil" }
    }
}
