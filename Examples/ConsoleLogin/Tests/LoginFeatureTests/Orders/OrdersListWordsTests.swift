import PureMVVM
import TestSupport
import XCTest

@testable import LoginFeature

/// Every sentence the orders list says about its state, in both languages: the phases (with and without a search)
/// and what shows below the rows.
final class OrdersListWordsTests: GuardedTestCase {
    func testEveryPhaseHasASentenceButLoaded() {
        let phases: [(ListPhase<OrderServiceError>, String, String?, String?)] = [
            (.loaded, "", nil, nil),
            (.loading, "", "正在加载订单…", "Loading your orders…"),
            (.loading, "tea", "正在搜索包含“tea”的订单…", "Searching your orders for “tea”…"),
            (.refreshing, "tea", "正在刷新订单…", "Refreshing your orders…"),
            (.empty, "", "您还没有订单。", "You have no orders yet."),
            (.empty, "tea", "没有包含“tea”的订单。", "No orders match “tea”."),
            (
                .failed(.serverUnreachable), "", "订单加载失败。无法连接订单服务器，请重试。",
                "The orders could not be loaded. The order server cannot be reached. Try again."
            ),
        ]
        for (phase, search, chinese, english) in phases {
            XCTAssertEqual(OrderText(language: .chinese).listText(for: phase, search: search), chinese, "\(phase)")
            XCTAssertEqual(OrderText(language: .english).listText(for: phase, search: search), english, "\(phase)")
        }
    }

    func testWhatShowsBelowTheRows() {
        let pagings: [(PagingPhase<OrderServiceError>, String?, String?)] = [
            (.more, nil, nil),
            (.loading, "正在加载更多订单…", "Loading more orders…"),
            (
                .failed(.serverUnreachable), "更多订单加载失败。无法连接订单服务器，请重试。",
                "More orders could not be loaded. The order server cannot be reached. Try again."
            ),
            (.endReached, "没有更多订单了。", "No more orders."),
        ]
        for (paging, chinese, english) in pagings {
            XCTAssertEqual(OrderText(language: .chinese).pagingText(for: paging), chinese, "\(paging)")
            XCTAssertEqual(OrderText(language: .english).pagingText(for: paging), english, "\(paging)")
        }
    }
}
