/// Whether a product can be had, and how soon: what a search result shows once the user opens it.
public struct ProductAvailability: Hashable, Sendable {
    /// How many are in stock; 0 when none are.
    public var inStock: Int
    /// How many days delivery takes.
    public var deliveryDays: Int

    /// Creates an availability.
    ///
    /// - Parameters:
    ///   - inStock: How many are in stock.
    ///   - deliveryDays: How many days delivery takes.
    public init(inStock: Int, deliveryDays: Int) {
        self.inStock = inStock
        self.deliveryDays = deliveryDays
    }
}
