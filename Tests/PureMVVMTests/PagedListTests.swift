import PureMVVM
import TestSupport
import XCTest

/// What a list screen's service fails with, as the screen shows it.
enum LoadFailure: Error, Equatable, Sendable { case offline }

final class PagedListTests: GuardedTestCase {
    private typealias List = PagedList<Item, Int, LoadFailure>

    /// A page of `count` rows numbered from `start`, and the cursor after it (`nil` at `total`).
    private func page(from start: Int, count: Int = 3, total: Int = 9) -> RowPage<Item, Int> {
        let end = min(start + count, total)
        return RowPage(rows: (start..<end).map { Item(id: $0) }, next: end < total ? end : nil)
    }

    func testTheFirstLoadGoesFromLoadingToLoadedOrEmpty() throws {
        var list = List(firstCursor: 0)
        XCTAssertEqual(list.phase, .loading)
        let request = try XCTUnwrap(list.load())
        XCTAssertEqual(request.kind, .first)
        XCTAssertEqual(request.cursor, 0)
        XCTAssertNil(list.load(), "one first load")
        XCTAssertEqual(list.requestInFlight, request)
        XCTAssertTrue(list.receive(page(from: 0), for: request))
        XCTAssertEqual(list.phase, .loaded)
        XCTAssertEqual(list.rows.map(\.id), [0, 1, 2])
        XCTAssertEqual(list.paging, .more)
        XCTAssertNil(list.requestInFlight)
        XCTAssertNil(list.load(), "loaded already")

        var empty = List(firstCursor: 0)
        let first = try XCTUnwrap(empty.load())
        empty.receive(RowPage(rows: [], next: nil), for: first)
        XCTAssertEqual(empty.phase, .empty)
        XCTAssertEqual(empty.paging, .endReached)
    }

    func testAFailedFirstLoadIsRetried() throws {
        var list = List(firstCursor: 0)
        let request = try XCTUnwrap(list.load())
        XCTAssertTrue(list.fail(.offline, for: request))
        XCTAssertEqual(list.phase, .failed(.offline))
        let again = try XCTUnwrap(list.retry())
        XCTAssertEqual(again.kind, .first)
        XCTAssertEqual(list.phase, .loading)
        XCTAssertNil(list.retry(), "one request at a time")
        list.receive(page(from: 0), for: again)
        XCTAssertEqual(list.phase, .loaded)
        XCTAssertNil(list.retry(), "nothing failed")
    }

    func testARefreshKeepsTheRowsUntilTheFirstPageArrives() throws {
        var list = List(firstCursor: 0)
        list.receive(page(from: 0), for: try XCTUnwrap(list.load()))
        list.receive(page(from: 3), for: try XCTUnwrap(list.loadMore()))
        let refresh = try XCTUnwrap(list.refresh())
        XCTAssertEqual(refresh.kind, .refresh)
        XCTAssertEqual(refresh.cursor, 0)
        XCTAssertEqual(list.phase, .refreshing)
        XCTAssertEqual(list.rows.count, 6, "the rows stay shown while refreshing")
        XCTAssertNil(list.refresh(), "one refresh at a time")
        XCTAssertNil(list.rowDidAppear(at: 5), "no page while refreshing")
        list.receive(RowPage(rows: [Item(id: 0, value: "new")], next: 1), for: refresh)
        XCTAssertEqual(list.rows.map(\.description), ["0:new"], "the first page replaces the rows")
        XCTAssertEqual(list.phase, .loaded)
    }

    func testAFailedRefreshKeepsTheRowsAndIsRetriedAsARefresh() throws {
        var list = List(firstCursor: 0)
        list.receive(page(from: 0), for: try XCTUnwrap(list.load()))
        let refresh = try XCTUnwrap(list.refresh())
        list.fail(.offline, for: refresh)
        XCTAssertEqual(list.phase, .failed(.offline))
        XCTAssertEqual(list.rows.count, 3)
        let again = try XCTUnwrap(list.retry())
        XCTAssertEqual(again.kind, .refresh)
        XCTAssertEqual(list.phase, .refreshing)
    }

    func testTheNextPageLoadsOnlyWhenTheLastRowsAppearOneAtATime() throws {
        var list = List(firstCursor: 0, prefetchDistance: 1)
        XCTAssertNil(list.rowDidAppear(at: 0), "no page before the first")
        list.receive(page(from: 0), for: try XCTUnwrap(list.load()))
        XCTAssertNil(list.rowDidAppear(at: 0))
        XCTAssertNil(list.rowDidAppear(at: 1))
        let next = try XCTUnwrap(list.rowDidAppear(at: 2))
        XCTAssertEqual(next.kind, .next)
        XCTAssertEqual(next.cursor, 3)
        XCTAssertEqual(list.paging, .loading)
        XCTAssertNil(list.rowDidAppear(at: 2), "at most one page request in flight")
        XCTAssertNil(list.loadMore())
        list.receive(page(from: 3), for: next)
        XCTAssertEqual(list.rows.map(\.id), Array(0..<6))
        XCTAssertEqual(list.paging, .more)

        var prefetching = List(firstCursor: 0)
        prefetching.receive(page(from: 0, count: 10, total: 20), for: try XCTUnwrap(prefetching.load()))
        XCTAssertNil(prefetching.rowDidAppear(at: 4))
        XCTAssertNotNil(prefetching.rowDidAppear(at: 5), "5 rows from the end by default")

        var atTheEnd = List(firstCursor: 0, prefetchDistance: 0)
        atTheEnd.receive(page(from: 0), for: try XCTUnwrap(atTheEnd.load()))
        XCTAssertNil(atTheEnd.rowDidAppear(at: 1))
        XCTAssertNotNil(atTheEnd.rowDidAppear(at: 2), "a distance of 0 counts as 1: the last row still loads more")
    }

    func testTheEndIsReached() throws {
        var list = List(firstCursor: 0)
        list.receive(page(from: 0, total: 5), for: try XCTUnwrap(list.load()))
        list.receive(page(from: 3, total: 5), for: try XCTUnwrap(list.loadMore()))
        XCTAssertEqual(list.paging, .endReached)
        XCTAssertNil(list.loadMore())
        XCTAssertNil(list.rowDidAppear(at: 4))
        XCTAssertEqual(list.rows.count, 5)
    }

    func testAFailedPageIsRetriedWithoutLosingRows() throws {
        var list = List(firstCursor: 0)
        list.receive(page(from: 0), for: try XCTUnwrap(list.load()))
        let next = try XCTUnwrap(list.loadMore())
        list.fail(.offline, for: next)
        XCTAssertEqual(list.paging, .failed(.offline))
        XCTAssertEqual(list.phase, .loaded)
        XCTAssertEqual(list.rows.count, 3)
        XCTAssertNil(list.rowDidAppear(at: 2), "scrolling does not retry by itself")
        let again = try XCTUnwrap(list.retry())
        XCTAssertEqual(again.kind, .next)
        XCTAssertEqual(again.cursor, 3, "the same page again")
        list.receive(page(from: 3), for: again)
        XCTAssertEqual(list.rows.map(\.id), Array(0..<6))
    }

    func testARefreshOvertakesAPageAndItsLateAnswerIsDropped() throws {
        var list = List(firstCursor: 0)
        list.receive(page(from: 0), for: try XCTUnwrap(list.load()))
        let next = try XCTUnwrap(list.loadMore())
        let refresh = try XCTUnwrap(list.refresh())
        XCTAssertEqual(list.paging, .more)
        XCTAssertFalse(list.receive(page(from: 3), for: next), "the page the refresh overtook")
        XCTAssertFalse(list.fail(.offline, for: next))
        XCTAssertEqual(list.rows.count, 3)
        XCTAssertTrue(list.receive(page(from: 0), for: refresh))
        XCTAssertFalse(list.receive(page(from: 0), for: refresh), "an answer is taken once")

        // A request is told from a later one of the same kind, not by its kind alone.
        let newer = try XCTUnwrap(list.loadMore())
        XCTAssertEqual(newer.kind, next.kind)
        XCTAssertFalse(list.receive(page(from: 6), for: next), "the overtaken page, later still")
        XCTAssertEqual(list.paging, .loading)
        XCTAssertTrue(list.receive(page(from: 3), for: newer))
        XCTAssertEqual(list.rows.map(\.id), Array(0..<6))
    }

    func testOverlappingPagesReplaceRowsInsteadOfRepeatingThem() throws {
        var list = List(firstCursor: 0)
        list.receive(page(from: 0), for: try XCTUnwrap(list.load()))
        list.receive(
            RowPage(rows: [Item(id: 2, value: "moved"), Item(id: 3)], next: 4), for: try XCTUnwrap(list.loadMore()))
        XCTAssertEqual(list.rows.map(\.description), ["0", "1", "2:moved", "3"])
    }

    func testRowsChangedBetweenPagesDecideLoadedOrEmpty() throws {
        var list = List(firstCursor: 0)
        list.receive(RowPage(rows: [Item(id: 1)], next: nil), for: try XCTUnwrap(list.load()))
        list.rows.remove(id: 1)
        XCTAssertEqual(list.phase, .empty)
        XCTAssertNotNil(list.refresh(), "an empty list can be refreshed")
    }

    func testARefreshBeforeTheFirstLoadIsTheFirstLoad() throws {
        var list = List(firstCursor: 1)
        let request = try XCTUnwrap(list.refresh())
        XCTAssertEqual(request.kind, .first)
        XCTAssertEqual(request.cursor, 1)
        list.fail(.offline, for: request)
        XCTAssertEqual(try XCTUnwrap(list.refresh()).kind, .first, "still no rows: a refresh loads them first")
        XCTAssertEqual(list.phase, .loading)
    }
}
