/// The texts a ``ContractExplorer`` types into a number field: valid numbers of the field's range most of the time,
/// its boundaries, and the junk that number parsing gets wrong.
///
/// Numbers are kept as whole multiples of the smallest step (`10^-fractionDigits`), so a decimal is drawn, written
/// and shrunk without floating-point error. A draw is a valid number of the range half of the time (drawn evenly),
/// a boundary a quarter of the time (the bounds, one step inside and outside each, zero, one step either side of
/// zero), and junk a quarter of the time (the test's own texts first).
struct NumberTexts {
    /// The range in steps.
    let lower: Int
    let upper: Int
    /// How many digits follow the point; 0 for whole numbers.
    let fractionDigits: Int
    /// The boundary texts, each a number in steps.
    let boundaries: [Int]
    /// The junk texts, simplest first.
    let junk: [String]
    /// The number valid draws and shrinking head for: zero when the range holds it, else the bound nearer zero.
    let simplest: Int

    /// The texts for whole numbers in a range.
    init(integersIn range: ClosedRange<Int>, including texts: [String]) {
        self.init(lower: range.lowerBound, upper: range.upperBound, fractionDigits: 0, including: texts)
    }

    /// The texts for decimals in a range, with at most `fractionDigits` digits after the point.
    init(decimalsIn range: ClosedRange<Double>, fractionDigits: Int, including texts: [String]) {
        precondition((0...6).contains(fractionDigits), "decimalText draws 0 to 6 digits after the point")
        let scale = Double(Self.power(fractionDigits))
        let lower = (range.lowerBound * scale).rounded(.up)
        let upper = (range.upperBound * scale).rounded(.down)
        precondition(
            lower <= upper && Swift.abs(lower) < 0x1p52 && Swift.abs(upper) < 0x1p52,
            "decimalText needs a range that holds a number of \(fractionDigits) fraction digits, within ±2^52 steps")
        self.init(lower: Int(lower), upper: Int(upper), fractionDigits: fractionDigits, including: texts)
    }

    private init(lower: Int, upper: Int, fractionDigits: Int, including texts: [String]) {
        self.lower = lower
        self.upper = upper
        self.fractionDigits = fractionDigits
        simplest = (lower...upper).contains(0) ? 0 : (lower > 0 ? lower : upper)
        var boundaries: [Int] = []
        for (base, offset) in [
            (0, 0), (lower, 0), (upper, 0), (lower, -1), (upper, 1), (lower, 1), (upper, -1), (0, -1), (0, 1),
        ] {
            let (number, overflow) = base.addingReportingOverflow(offset)
            if !overflow, !boundaries.contains(number) { boundaries.append(number) }
        }
        self.boundaries = boundaries
        // A valid number near the simplest, to dress up as junk: "+1", " 1 ", "01".
        let sample = Self.text(simplest == upper ? simplest : simplest + 1, fractionDigits: fractionDigits)
        let unsigned = sample.hasPrefix("-") ? String(sample.dropFirst()) : sample
        var junk =
            texts + ["", " ", "abc", "-", "+" + unsigned, "-0", "0" + unsigned, " " + sample + " ", sample + "\n"]
        junk += ["1e3", "\u{663}", "\u{FF13}", "\u{2212}1", "\u{200F}" + sample, "1,000", "1_000", "0x10", "NaN"]
        junk += ["9223372036854775808", "-9223372036854775809", "99999999999999999999999", "12abc", "--1", "+-1"]
        if fractionDigits == 0 {
            junk += [sample + ".0", "1.5"]
        } else {
            junk += ["0.10", ".5", "5.", "-0.0", "1,5", "1.2.3", "1e-3", "Infinity"]
            // One digit more than the field takes: "0.011" for two.
            let fraction = sample.split(separator: ".", maxSplits: 1).dropFirst().first ?? ""
            junk.append(
                sample + (fraction.isEmpty ? "." : "") + String(repeating: "0", count: fractionDigits - fraction.count)
                    + "1")
        }
        var seen = Set<String>()
        self.junk = junk.filter { seen.insert($0).inserted }
    }

    /// Draws a text and its position: 0 for a valid number, then the boundaries, then the junk.
    func draw(_ random: inout SplitMix64) -> (position: Int, value: String) {
        switch random.index(below: 4) {
        case 0, 1:
            let width = UInt64(UInt(bitPattern: upper &- lower)) &+ 1
            let offset = width == 0 ? random.next() : random.next().multipliedFullWidth(by: width).high
            return (0, text(lower &+ Int(truncatingIfNeeded: offset)))
        case 2:
            let index = random.index(below: boundaries.count)
            return (1 + index, text(boundaries[index]))
        default:
            let index = random.index(below: junk.count)
            return (1 + boundaries.count + index, junk[index])
        }
    }

    /// Simpler texts than one drawn, simplest first: a number shrinks toward ``simplest`` by halving the distance;
    /// junk tries the simplest number, the boundaries, then the junk before it (so `"-0"` that fails as `0` does is
    /// reported as `"0"`).
    func simpler(_ position: Int, _ value: String) -> [(position: Int, value: String)] {
        if position <= boundaries.count, let number = steps(in: value) {
            var candidates: [(position: Int, value: String)] = []
            var (distance, overflow) = number.subtractingReportingOverflow(simplest)
            if overflow { distance = number / 2 - simplest / 2 }
            while distance != 0 {
                candidates.append((0, text(number &- distance)))
                distance /= 2
            }
            return candidates
        }
        let index = position - 1 - boundaries.count
        guard junk.indices.contains(index) else { return [] }
        let numbers =
            [(0, text(simplest))]
            + boundaries.enumerated().filter { $0.element != simplest }.map { (1 + $0.offset, text($0.element)) }
        return numbers + (0..<index).map { (1 + boundaries.count + $0, junk[$0]) }
    }

    /// A number of steps as text: `-12`, `9.5`, `0.05`; no trailing zeros after the point.
    func text(_ steps: Int) -> String {
        Self.text(steps, fractionDigits: fractionDigits)
    }

    /// The steps of a text this type wrote; `nil` for anything else.
    func steps(in text: String) -> Int? {
        guard fractionDigits > 0 else { return Int(text) }
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), parts[0].allSatisfy(\.isASCII) else {
            return nil
        }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= fractionDigits, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let digits = Int(fraction + String(repeating: "0", count: fractionDigits - fraction.count)) ?? 0
        let magnitude = whole * Self.power(fractionDigits) + digits
        return negative ? -magnitude : magnitude
    }

    private static func text(_ steps: Int, fractionDigits: Int) -> String {
        guard fractionDigits > 0 else { return String(steps) }
        let scale = power(fractionDigits)
        let sign = steps < 0 ? "-" : ""
        let magnitude = steps.magnitude
        var fraction = String(magnitude % UInt(scale))
        fraction = String(repeating: "0", count: fractionDigits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(magnitude / UInt(scale)) + (fraction.isEmpty ? "" : "." + fraction)
    }

    private static func power(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }
}
