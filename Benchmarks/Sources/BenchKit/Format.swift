/// Number formats of the table, for goals to quote figures the way the table shows them.
public enum Format {
    /// A duration in nanoseconds, in the unit that keeps 3 significant digits: `61.2 ns`, `12.3 ms`.
    ///
    /// - Parameter nanoseconds: The duration.
    /// - Returns: The duration with its unit.
    public static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: "\(significant(nanoseconds)) ns"
        case ..<1_000_000: "\(significant(nanoseconds / 1_000)) µs"
        case ..<1_000_000_000: "\(significant(nanoseconds / 1_000_000)) ms"
        default: "\(significant(nanoseconds / 1_000_000_000)) s"
        }
    }

    /// A spread of durations: the median, then the minimum and maximum in brackets.
    ///
    /// - Parameter spread: Durations in nanoseconds.
    /// - Returns: Text such as `61.2 ns (60.1 ns–70.3 ns)`.
    public static func spread(_ spread: Spread) -> String {
        "\(duration(spread.median)) (\(duration(spread.minimum))–\(duration(spread.maximum)))"
    }

    /// An instruction count per unit: whole numbers from 100 up, one decimal below.
    ///
    /// - Parameter value: The count.
    /// - Returns: The count as text.
    public static func count(_ value: Double) -> String {
        value >= 100 || value == value.rounded() ? String(Int(value.rounded())) : fixed(value, digits: 1)
    }

    /// Allocations per unit: `0` for none, otherwise two decimals.
    ///
    /// - Parameter value: The allocations per unit.
    /// - Returns: The count as text.
    public static func allocations(_ value: Double) -> String {
        value == 0 ? "0" : fixed(value, digits: 2)
    }

    /// A ratio, such as `1.04×`.
    ///
    /// - Parameter value: The ratio.
    /// - Returns: The ratio with two decimals (one from 10 up) and a `×`.
    public static func ratio(_ value: Double) -> String {
        "\(fixed(value, digits: value >= 10 ? 1 : 2))×"
    }

    /// How many units fit in a second, to 3 significant digits, with thousands separators.
    ///
    /// - Parameter nanoseconds: The time one unit takes, in nanoseconds.
    /// - Returns: Text such as `46,900`.
    public static func perSecond(_ nanoseconds: Double) -> String {
        guard nanoseconds > 0 else { return "–" }
        var rate = 1e9 / nanoseconds
        var scale = 1.0
        while rate >= 1_000 {
            rate /= 10
            scale *= 10
        }
        let digits = String(Int((rate.rounded() * scale).rounded()))
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }

    /// A size in bytes, in mebibytes with one decimal.
    ///
    /// - Parameter bytes: The size.
    /// - Returns: Text such as `17.8 MiB`.
    public static func mebibytes(_ bytes: Int) -> String {
        "\(fixed(Double(bytes) / 1_048_576, digits: 1)) MiB"
    }

    /// A number with 3 significant digits and no exponent.
    ///
    /// - Parameter value: A non-negative number.
    /// - Returns: The number as text.
    public static func significant(_ value: Double) -> String {
        switch value {
        case 100...: String(Int(value.rounded()))
        case 10...: fixed(value, digits: 1)
        default: fixed(value, digits: 2)
        }
    }

    /// A number with a fixed count of decimals, without Foundation's locale-dependent formatting.
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - digits: How many decimals to show.
    /// - Returns: The number as text.
    public static func fixed(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        return "\(sign)\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
