import LoginFeature
import PureMVVM
import PureMVVMTesting

/// A catalogue whose calls wait until the test answers them.
final class FakeCatalogue: CatalogueService {
    let searches = PendingCalls<String, [Product], CatalogueError>(whenCancelled: .cancelled, label: "searches")
    let availabilities = PendingCalls<Product.ID, ProductAvailability, CatalogueError>(
        whenCancelled: .cancelled, label: "availabilities")

    func products(matching query: String) async throws(CatalogueError) -> [Product] {
        try await searches.wait(for: query)
    }

    func availability(of id: Product.ID) async throws(CatalogueError) -> ProductAvailability {
        try await availabilities.wait(for: id)
    }
}

/// The products the search tests find: three teas, a mug and a flask.
enum DemoProducts {
    static let all = [
        Product(
            id: Product.ID(1), name: ProductName(chinese: "龙井绿茶", english: "Longjing green tea"), price: Yuan(fen: 6800)
        ),
        Product(
            id: Product.ID(2), name: ProductName(chinese: "云南普洱茶饼", english: "Yunnan pu'er tea cake"),
            price: Yuan(fen: 12_800)),
        Product(id: Product.ID(3), name: ProductName(chinese: "茶具套装", english: "Tea set"), price: Yuan(fen: 25_900)),
        Product(id: Product.ID(4), name: ProductName(chinese: "陶瓷马克杯", english: "Ceramic mug"), price: Yuan(fen: 3900)),
        Product(id: Product.ID(5), name: ProductName(chinese: "保温杯", english: "Vacuum flask"), price: Yuan(fen: 8800)),
    ]

    /// The products whose English or Chinese name contains the query, as a catalogue would find them.
    static func matching(_ query: String) -> [Product] {
        all.filter {
            $0.name.english.lowercased().contains(query.lowercased()) || $0.name.chinese.contains(query)
        }
    }

    /// The rows of products, in English.
    static func rows(_ products: [Product]) -> Rows<ProductResult> {
        Rows(products.map { ProductResult($0, language: .english) })
    }
}
