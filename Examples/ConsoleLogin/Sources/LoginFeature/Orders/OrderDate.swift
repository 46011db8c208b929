/// When an order was placed: a calendar date and a time to the minute, in the shop's time zone (China Standard
/// Time), as a plain value.
///
/// Its text form, `2025-06-18 14:05`, is the same in every language, sorts as the dates do, and is how the order
/// database keeps it.
///
/// ```swift
/// let date = OrderDate(year: 2025, month: 6, day: 18, hour: 14, minute: 5)   // or OrderDate("2025-06-18 14:05")
/// date?.description     // "2025-06-18 14:05"
/// OrderDate(year: 2025, month: 2, day: 29, hour: 0, minute: 0)               // nil: 2025 is not a leap year
/// ```
public struct OrderDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int

    /// Creates a date, checking each part.
    ///
    /// - Parameters:
    ///   - year: 1 to 9999.
    ///   - month: 1 to 12.
    ///   - day: 1 to the month's last day (29 February only in a leap year of the Gregorian calendar).
    ///   - hour: 0 to 23.
    ///   - minute: 0 to 59.
    /// - Returns: `nil` when a part is out of its range.
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.days(inMonth: month, of: year)).contains(day), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    /// Reads the text form, exactly `YYYY-MM-DD HH:MM` with ASCII digits.
    ///
    /// - Parameter text: The text, such as `"2025-06-18 14:05"`.
    /// - Returns: `nil` for any other shape or an impossible date.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
            let year = ASCIIDigits.value(of: bytes[0..<4]), let month = ASCIIDigits.value(of: bytes[5..<7]),
            let day = ASCIIDigits.value(of: bytes[8..<10]), let hour = ASCIIDigits.value(of: bytes[11..<13]),
            let minute = ASCIIDigits.value(of: bytes[14..<16])
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    /// The text form, `2025-06-18 14:05`.
    public var description: String {
        Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2) + " " + Self.padded(hour, 2)
            + ":" + Self.padded(minute, 2)
    }

    /// Orders dates in time.
    ///
    /// - Parameters:
    ///   - lhs: A date.
    ///   - rhs: Another date.
    /// - Returns: Whether `lhs` is earlier.
    public static func < (lhs: OrderDate, rhs: OrderDate) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute) < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute)
    }

    /// How many days a month has in the Gregorian calendar.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
