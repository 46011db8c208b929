internal import PureMVVM

/// The orders list's sentences in each ``Language``: where loading stands, and what shows below the rows.
extension OrderText {
    /// The sentence for the list's phase; `nil` once loaded.
    ///
    /// - Parameters:
    ///   - phase: Where loading the list stands.
    ///   - search: The search the list shows, empty for every order.
    func listText(for phase: ListPhase<OrderServiceError>, search: String) -> String? {
        switch (phase, language, search.isEmpty) {
        case (.loaded, _, _): nil
        case (.loading, .chinese, true): "正在加载订单…"
        case (.loading, .english, true): "Loading your orders…"
        case (.loading, .chinese, false): "正在搜索包含“\(search)”的订单…"
        case (.loading, .english, false): "Searching your orders for “\(search)”…"
        case (.refreshing, .chinese, _): "正在刷新订单…"
        case (.refreshing, .english, _): "Refreshing your orders…"
        case (.empty, .chinese, true): "您还没有订单。"
        case (.empty, .english, true): "You have no orders yet."
        case (.empty, .chinese, false): "没有包含“\(search)”的订单。"
        case (.empty, .english, false): "No orders match “\(search)”."
        case (.failed(let error), .chinese, _): "订单加载失败。" + sentence(for: error)
        case (.failed(let error), .english, _): "The orders could not be loaded. " + sentence(for: error)
        }
    }

    /// The sentence below the rows; `nil` while more can be loaded.
    ///
    /// - Parameter paging: Where loading the next page stands.
    func pagingText(for paging: PagingPhase<OrderServiceError>) -> String? {
        switch (paging, language) {
        case (.more, _): nil
        case (.loading, .chinese): "正在加载更多订单…"
        case (.loading, .english): "Loading more orders…"
        case (.failed(let error), .chinese): "更多订单加载失败。" + sentence(for: error)
        case (.failed(let error), .english): "More orders could not be loaded. " + sentence(for: error)
        case (.endReached, .chinese): "没有更多订单了。"
        case (.endReached, .english): "No more orders."
        }
    }
}
