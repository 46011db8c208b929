/// One row of the product search's results, in the screen's ``Language``.
public struct ProductResult: Identifiable, Hashable, Sendable {
    /// The product's identity.
    public let id: Product.ID
    /// The product's name: `Longjing green tea`, `龙井绿茶`.
    public var name: String
    /// The price of one, with its unit: `68.00 yuan`, `68.00元`.
    public var price: String

    /// Makes the row of a product.
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - language: The language of the row's words.
    public init(_ product: Product, language: Language) {
        id = product.id
        name = product.name.text(in: language)
        price = product.price.text(in: language)
    }
}

/// What shows under a search result the user opened: its availability, or why it could not be loaded.
public struct ResultDetail: Hashable, Sendable {
    /// The result it belongs to.
    public var productID: Product.ID
    /// The sentence: `12 in stock, delivered in 2 days.`, `有货 12 件，2 天送达。`
    public var text: String

    /// Creates a result's detail.
    ///
    /// - Parameters:
    ///   - productID: The result it belongs to.
    ///   - text: The sentence.
    public init(productID: Product.ID, text: String) {
        self.productID = productID
        self.text = text
    }
}
