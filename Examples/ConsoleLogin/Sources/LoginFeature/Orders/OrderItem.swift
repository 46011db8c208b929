/// One line of an order: a product, how many, and the price of one.
public struct OrderItem: Hashable, Sendable {
    /// The product's name.
    public var name: ProductName
    /// How many were ordered, from 1.
    public var quantity: Int
    /// The price of one, in yuan.
    public var unitPrice: Yuan

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - name: The product's name.
    ///   - quantity: How many, from 1.
    ///   - unitPrice: The price of one.
    public init(name: ProductName, quantity: Int, unitPrice: Yuan) {
        self.name = name
        self.quantity = quantity
        self.unitPrice = unitPrice
    }
}
