/// An amount of money in yuan, kept exactly as a whole number of fen (0.01 yuan), never as a floating-point value.
///
/// ```swift
/// let price = Yuan(fen: 12_850)
/// price.description        // "128.50"
/// Yuan("19.9")?.fen        // 1990
/// Yuan("1.999")            // nil: no more than two decimals
/// ```
///
/// The currency is always yuan; the language only changes the unit's word (`128.50元`, `128.50 yuan`).
public struct Yuan: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The amount in fen: 100 fen make 1 yuan.
    public var fen: Int

    /// No money.
    public static let zero = Yuan(fen: 0)

    /// The most digits before the decimal point ``init(_:)`` reads: any such amount fits in ``fen``.
    public static let maximumWholeDigits = 15

    /// Creates an amount.
    ///
    /// - Parameter fen: The amount in fen (0.01 yuan); negative for money owed back.
    public init(fen: Int) {
        self.fen = fen
    }

    /// Reads an amount written as a server sends it: whole yuan, then optionally a point and one or two decimals
    /// (`"128"`, `"128.5"`, `"128.50"`), ASCII digits only, no sign, no spaces.
    ///
    /// - Parameter text: The amount as text.
    /// - Returns: `nil` for anything else, or for more than ``maximumWholeDigits`` whole digits.
    public init?(_ text: some StringProtocol) {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, (1...Self.maximumWholeDigits).contains(whole.count),
            let wholeValue = ASCIIDigits.value(of: whole)
        else { return nil }
        var fen = wholeValue * 100
        if parts.count == 2 {
            let decimals = parts[1]
            guard (1...2).contains(decimals.count), let value = ASCIIDigits.value(of: decimals) else { return nil }
            fen += decimals.count == 1 ? value * 10 : value
        }
        self.fen = fen
    }

    /// The amount with two decimals and no unit: `"128.50"`, `"0.05"`, `"-3.00"`.
    public var description: String {
        let cents = fen.magnitude % 100
        return (fen < 0 ? "-" : "") + "\(fen.magnitude / 100)." + (cents < 10 ? "0" : "") + "\(cents)"
    }

    /// The amount with its unit, for display: `128.50元`, `128.50 yuan`.
    ///
    /// - Parameter language: The language of the unit's word.
    /// - Returns: The amount with two decimals and the unit.
    public func text(in language: Language) -> String {
        OrderText(language: language).amount(self)
    }

    /// Orders amounts by value.
    ///
    /// - Parameters:
    ///   - lhs: An amount.
    ///   - rhs: Another amount.
    /// - Returns: Whether `lhs` is less.
    public static func < (lhs: Yuan, rhs: Yuan) -> Bool {
        lhs.fen < rhs.fen
    }
}
