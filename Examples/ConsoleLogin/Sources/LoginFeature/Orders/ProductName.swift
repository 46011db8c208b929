/// A product's name in each ``Language``, as the shop's catalogue gives it: an order's items are shown in the
/// screen's language and found by a search in either.
///
/// ```swift
/// let tea = ProductName(chinese: "龙井绿茶", english: "Longjing green tea")
/// tea.text(in: .english)   // "Longjing green tea"
/// ```
public struct ProductName: Hashable, Sendable {
    /// The Chinese name.
    public var chinese: String
    /// The English name.
    public var english: String

    /// Creates a name.
    ///
    /// - Parameters:
    ///   - chinese: The Chinese name.
    ///   - english: The English name.
    public init(chinese: String, english: String) {
        self.chinese = chinese
        self.english = english
    }

    /// The name in a language.
    ///
    /// - Parameter language: The language.
    /// - Returns: ``chinese`` or ``english``.
    public func text(in language: Language) -> String {
        switch language {
        case .chinese: chinese
        case .english: english
        }
    }
}
