/// A product of the shop's catalogue, as a search finds it.
///
/// ```swift
/// let tea = Product(
///     id: Product.ID(1), name: ProductName(chinese: "龙井绿茶", english: "Longjing green tea"),
///     price: Yuan(fen: 6800))
/// ```
public struct Product: Identifiable, Hashable, Sendable {
    /// A product's identity in the catalogue.
    public struct ID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The catalogue's number for the product.
        public let rawValue: Int

        /// Creates an ID.
        ///
        /// - Parameter rawValue: The catalogue's number for the product.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Creates an ID.
        ///
        /// - Parameter rawValue: The catalogue's number for the product.
        public init(_ rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The number, as text: `"1"`.
        public var description: String { String(rawValue) }
    }

    /// The product's identity.
    public var id: ID
    /// Its name in both languages.
    public var name: ProductName
    /// The price of one.
    public var price: Yuan

    /// Creates a product.
    ///
    /// - Parameters:
    ///   - id: Its identity.
    ///   - name: Its name in both languages.
    ///   - price: The price of one.
    public init(id: ID, name: ProductName, price: Yuan) {
        self.id = id
        self.name = name
        self.price = price
    }
}
