/// The orders' words in each ``Language``: status names, amounts, item summaries and the errors' sentences.
struct OrderText {
    let language: Language

    func title(of status: OrderStatus) -> String {
        switch (status, language) {
        case (.pendingPayment, .chinese): "待付款"
        case (.pendingPayment, .english): "Pending payment"
        case (.paid, .chinese): "已付款"
        case (.paid, .english): "Paid"
        case (.shipped, .chinese): "已发货"
        case (.shipped, .english): "Shipped"
        case (.delivered, .chinese): "已送达"
        case (.delivered, .english): "Delivered"
        case (.cancelled, .chinese): "已取消"
        case (.cancelled, .english): "Cancelled"
        }
    }

    /// An amount with its unit: `128.50元`, `128.50 yuan`.
    func amount(_ amount: Yuan) -> String {
        switch language {
        case .chinese: "\(amount)元"
        case .english: "\(amount) yuan"
        }
    }

    /// The first item with its quantity, and how many other items follow: `龙井绿茶 ×2 等 3 种商品`,
    /// `Longjing green tea ×2 and 2 more`.
    ///
    /// - Parameters:
    ///   - items: The order's items, or its first ones.
    ///   - count: How many items the order has in all.
    func summary(of items: [OrderItem], count: Int) -> String {
        guard let first = items.first else {
            return language == .chinese ? "无商品" : "No items"
        }
        let head = first.name.text(in: language) + " ×\(first.quantity)"
        guard count > 1 else { return head }
        switch language {
        case .chinese: return head + " 等 \(count) 种商品"
        case .english: return head + " and \(count - 1) more"
        }
    }

    /// What an order's details leave out, when they show its first items only: `…and 999980 more items`,
    /// `……另有 999980 种商品未列出`.
    ///
    /// - Parameter count: How many items are not shown, from 1.
    func moreItems(_ count: Int) -> String {
        switch language {
        case .chinese: "……另有 \(count) 种商品未列出"
        case .english: count == 1 ? "…and 1 more item" : "…and \(count) more items"
        }
    }

    func sentence(for error: OrderServiceError) -> String {
        switch (error, language) {
        case (.notFound, .chinese): "找不到该订单，它可能已被删除。"
        case (.notFound, .english): "The order was not found; it may have been removed."
        case (.notCancellable(let order), .chinese): "订单 \(order.number) 无法取消：\(why(notCancellable: order.status))。"
        case (.notCancellable(let order), .english):
            "Order \(order.number) cannot be cancelled: \(why(notCancellable: order.status))."
        case (.serverUnreachable, .chinese): "无法连接订单服务器，请重试。"
        case (.serverUnreachable, .english): "The order server cannot be reached. Try again."
        case (.storeUnavailable(let file, let problem), .chinese): "无法使用 \(file)：\(what(problem))。"
        case (.storeUnavailable(let file, let problem), .english): "\(file) cannot be used: \(what(problem))."
        case (.cancelled, .chinese): "请求已取消。"
        case (.cancelled, .english): "The request was cancelled."
        }
    }

    private func why(notCancellable status: OrderStatus) -> String {
        switch (status, language) {
        case (.shipped, .chinese): "订单已发货"
        case (.shipped, .english): "it has shipped"
        case (.delivered, .chinese): "订单已送达"
        case (.delivered, .english): "it has been delivered"
        case (.cancelled, .chinese): "订单已取消"
        case (.cancelled, .english): "it is cancelled already"
        case (.pendingPayment, _), (.paid, _):
            language == .chinese ? "订单状态为“\(title(of: status))”" : "its status is \(title(of: status).lowercased())"
        }
    }

    private func what(_ problem: OrderServiceError.StoreProblem) -> String {
        switch (problem, language) {
        case (.locked(let waited), .chinese): "它被另一个程序锁定（已等待 \(milliseconds(waited)) 毫秒）"
        case (.locked(let waited), .english): "it is locked by another program (waited \(milliseconds(waited)) ms)"
        case (.readOnly, .chinese): "它是只读的"
        case (.readOnly, .english): "it is read-only"
        case (.notADatabase, .chinese): "它不是数据库，或已损坏"
        case (.notADatabase, .english): "it is not a database, or it is damaged"
        case (.otherTables, .chinese): "它包含其他程序的表"
        case (.otherTables, .english): "it holds another program's tables"
        case (.otherApplication, .chinese): "它是另一个应用程序的数据库"
        case (.otherApplication, .english): "it is another application's database"
        case (.newerVersion(let found, let supported), .chinese):
            "它的结构版本 \(found) 比本程序能读取的版本（\(supported)）新，文件未被改动"
        case (.newerVersion(let found, let supported), .english):
            "it has schema version \(found), newer than this login reads (\(supported)); it was left untouched"
        case (.unknownVersion(let version), .chinese): "它的结构版本 \(version) 未知"
        case (.unknownVersion(let version), .english): "its schema version \(version) is unknown"
        case (.damagedOrder(let id), .chinese): "其中的订单 \(id) 无法读取"
        case (.damagedOrder(let id), .english): "its order \(id) cannot be read"
        case (.sqlite(let message), .chinese): "SQLite 报告“\(message)”"
        case (.sqlite(let message), .english): "SQLite says \"\(message)\""
        }
    }

    /// A duration in whole milliseconds, rounded down.
    private func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
