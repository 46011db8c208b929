/// What the product search screen asks of the shop: the products that match a search, and whether one can be had.
///
/// ```swift
/// let products = try await catalogue.products(matching: "tea")
/// let availability = try await catalogue.availability(of: products[0].id)
/// ```
///
/// A service whose calling task is cancelled throws ``CatalogueError/cancelled``.
public protocol CatalogueService: Sendable {
    /// Finds the products whose names contain the search.
    ///
    /// - Parameter query: The search, trimmed and never empty.
    /// - Returns: The products found, best first; empty when none match.
    /// - Throws: ``CatalogueError`` when the catalogue cannot be searched.
    func products(matching query: String) async throws(CatalogueError) -> [Product]

    /// Loads whether a product can be had, and how soon.
    ///
    /// - Parameter id: The product.
    /// - Returns: Its stock and delivery time now.
    /// - Throws: ``CatalogueError`` when it cannot be loaded.
    func availability(of id: Product.ID) async throws(CatalogueError) -> ProductAvailability
}

/// Why a ``CatalogueService`` could not answer.
public enum CatalogueError: Error, Hashable, Sendable {
    /// The catalogue server did not answer; trying again may work.
    case serverUnreachable
    /// The calling task was cancelled: nothing is shown.
    case cancelled
}
