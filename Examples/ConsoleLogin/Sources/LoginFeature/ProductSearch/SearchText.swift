/// The product search's sentences in each ``Language``.
struct SearchText {
    let language: Language

    /// What shows under the search field: nothing while results show or the query is empty.
    func status(noMatchFor query: String) -> String {
        switch language {
        case .chinese: "没有与“\(query)”匹配的商品。"
        case .english: "No products match “\(query)”."
        }
    }

    /// Why the search failed.
    func searchFailed(_ error: CatalogueError) -> String {
        switch language {
        case .chinese: "无法搜索商品。" + sentence(for: error)
        case .english: "The products could not be searched. " + sentence(for: error)
        }
    }

    /// A result's availability: `12 in stock, delivered in 2 days.`, `Out of stock.`
    func availability(_ availability: ProductAvailability) -> String {
        switch (language, availability.inStock > 0) {
        case (.chinese, true): "有货 \(availability.inStock) 件，\(availability.deliveryDays) 天送达。"
        case (.english, true):
            "\(availability.inStock) in stock, delivered in \(availability.deliveryDays) "
                + (availability.deliveryDays == 1 ? "day." : "days.")
        case (.chinese, false): "暂时缺货。"
        case (.english, false): "Out of stock."
        }
    }

    /// Why a result's availability could not be loaded.
    func availabilityFailed(_ error: CatalogueError) -> String {
        switch language {
        case .chinese: "无法加载库存。" + sentence(for: error)
        case .english: "The stock could not be loaded. " + sentence(for: error)
        }
    }

    private func sentence(for error: CatalogueError) -> String {
        switch (error, language) {
        case (.serverUnreachable, .chinese): "无法连接商品服务器，请重试。"
        case (.serverUnreachable, .english): "The catalogue server cannot be reached. Try again."
        case (.cancelled, .chinese): "请求已取消。"
        case (.cancelled, .english): "The request was cancelled."
        }
    }
}
