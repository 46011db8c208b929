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
    let choose: (inout SplitMix64) -> ArgumentChoice<Value>

    init(choose: @escaping (inout SplitMix64) -> ArgumentChoice<Value>) {
        self.choose = choose
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
        let code = code ?? { TextCorpus.expression(for: $0) }
        func choice(_ index: Int) -> ArgumentChoice<Value> {
            ArgumentChoice(value: values[index], code: code(values[index])) { (0..<index).map(choice) }
        }
        self.init { random in choice(random.index(below: values.count)) }
    }
}

extension InputArgument where Value == Int {
    /// Draws a whole number in a range, each as likely; numbers nearer zero (within the range) count as simpler.
    ///
    /// - Parameter range: The numbers to draw from, such as `-1...4` for an index that may be out of range.
    /// - Returns: The argument.
    public static func int(in range: ClosedRange<Int>) -> InputArgument<Int> {
        let simplest = range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
        func choice(_ value: Int) -> ArgumentChoice<Int> {
            ArgumentChoice(value: value, code: "\(value)") {
                var candidates: [Int] = []
                var step = value - simplest
                while step != 0 {
                    candidates.append(value - step)
                    step /= 2
                }
                return candidates.map(choice)
            }
        }
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return InputArgument { random in
            let offset = width == 0 ? random.next() : random.next().multipliedFullWidth(by: width).high
            return choice(range.lowerBound &+ Int(truncatingIfNeeded: offset))
        }
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
