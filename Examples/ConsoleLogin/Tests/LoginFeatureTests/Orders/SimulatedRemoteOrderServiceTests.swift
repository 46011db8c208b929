import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

/// The simulated order server: every request waits its delay on the injected clock before the service behind it is
/// asked (a listing, a look-up, a cancel, a note saved), `down` fails them all, `flaky` the first of each kind, and a
/// cancelled wait asks nothing.
final class SimulatedRemoteOrderServiceTests: GuardedTestCase {
    private let query = OrderQuery(username: "dimsky", search: "tea")
    private let demo = DemoOrders.orders()

    func testARequestWaitsForTheDelayBeforeTheBackendIsAsked() async throws {
        let clock = ManualClock()
        let backend = FakeOrderService()
        let server = SimulatedRemoteOrderService(backend: backend, delay: .seconds(1), clock: clock)
        let listing = Task { [query] in try await server.orders(query) }

        let delay = try await clock.nextSleep()
        XCTAssertEqual(delay, .seconds(1))
        await clock.advance(by: .milliseconds(999))
        XCTAssertEqual(clock.sleeperCount, 1, "still waiting")
        XCTAssertEqual(backend.listings.requests, [], "the backend is not asked during the delay")
        await clock.advance(by: .milliseconds(1))
        let request = try await backend.listings.next()
        XCTAssertEqual(request, query)
        let page = OrderPage(orders: Array(demo.prefix(2)), nextCursor: OrderCursor(after: demo[1]))
        backend.listings.respond(with: page)
        let answer = try await listing.value(awaiting: "the server's page")
        XCTAssertEqual(answer, page)
    }

    func testLookUpsAndCancelsWaitTooAndPassTheBackendsAnswersAndErrorsOn() async throws {
        let clock = ManualClock()
        let backend = FakeOrderService()
        let server = SimulatedRemoteOrderService(backend: backend, delay: .milliseconds(300), clock: clock)
        let id = demo[0].id

        let lookUp = Task { try await server.order(id, of: "dimsky") }
        let lookUpDelay = try await clock.nextSleep()
        XCTAssertEqual(lookUpDelay, .milliseconds(300))
        await clock.advance(by: .milliseconds(300))
        let lookedUp = try await backend.lookUps.next()
        XCTAssertEqual(lookedUp, .init(id: id, username: "dimsky"))
        backend.lookUps.respond(with: demo[0])
        let found = try await lookUp.value(awaiting: "the server's order")
        XCTAssertEqual(found, demo[0])

        let cancel = Task { try await server.cancelOrder(id, of: "dimsky") }
        let cancelDelay = try await clock.nextSleep()
        XCTAssertEqual(cancelDelay, .milliseconds(300))
        await clock.advance(by: .milliseconds(300))
        let cancelRequest = try await backend.cancels.next()
        XCTAssertEqual(cancelRequest, .init(id: id, username: "dimsky"))
        var shipped = demo[0]
        shipped.status = .shipped
        backend.cancels.fail(with: .notCancellable(shipped))
        do {
            _ = try await cancel.value(awaiting: "the server's refusal")
            XCTFail("cancelled a shipped order")
        } catch {
            XCTAssertEqual(error as? OrderServiceError, .notCancellable(shipped))
        }
    }

    func testADownServerFailsEveryRequestAfterItsDelayAndAsksNothing() async throws {
        let clock = RecordingClock()
        let backend = InMemoryOrders(["dimsky": demo])
        let server = SimulatedRemoteOrderService(backend: backend, reliability: .down, delay: .seconds(1), clock: clock)
        for _ in 1...2 {
            await assertThrows(.serverUnreachable) { _ = try await server.orders(self.query) }
            await assertThrows(.serverUnreachable) { _ = try await server.order(self.demo[0].id, of: "dimsky") }
            await assertThrows(.serverUnreachable) { _ = try await server.cancelOrder(self.demo[0].id, of: "dimsky") }
            await assertThrows(.serverUnreachable) {
                _ = try await server.saveDeliveryNote("Ring twice.", for: self.demo[0].id, of: "dimsky")
            }
        }
        XCTAssertEqual(clock.requestedDelays, Array(repeating: .seconds(1), count: 8))
        let newest = await backend.ordersByUser["dimsky"]?.first
        XCTAssertEqual(newest?.status, .pendingPayment, "nothing was cancelled")
    }

    func testAFlakyServerFailsTheFirstRequestOfEachKindOnly() async throws {
        let clock = RecordingClock()
        let backend = InMemoryOrders(["dimsky": demo])
        let server = SimulatedRemoteOrderService(
            backend: backend, reliability: .flaky, delay: .seconds(1), clock: clock)
        let newest = demo[0].id

        await assertThrows(.serverUnreachable) { _ = try await server.orders(self.query) }
        let page = try await server.orders(query)
        XCTAssertEqual(page, query.page(of: demo))
        let again = try await server.orders(query)
        XCTAssertEqual(again, page)

        await assertThrows(.serverUnreachable) { _ = try await server.cancelOrder(newest, of: "dimsky") }
        let stillOpen = await backend.ordersByUser["dimsky"]?.first?.status
        XCTAssertEqual(stillOpen, .pendingPayment, "the failed cancel changed nothing")
        let cancelled = try await server.cancelOrder(newest, of: "dimsky")
        XCTAssertEqual(cancelled.status, .cancelled)

        await assertThrows(.serverUnreachable) { _ = try await server.order(newest, of: "dimsky") }
        let found = try await server.order(newest, of: "dimsky")
        XCTAssertEqual(found.status, .cancelled)
        await assertThrows(.notCancellable(found)) { _ = try await server.cancelOrder(newest, of: "dimsky") }

        await assertThrows(.serverUnreachable) {
            _ = try await server.saveDeliveryNote("Ring twice.", for: newest, of: "dimsky")
        }
        let unnoted = await backend.ordersByUser["dimsky"]?.first?.deliveryNote
        XCTAssertEqual(unnoted, "", "the failed save changed nothing")
        let noted = try await server.saveDeliveryNote("Ring twice.", for: newest, of: "dimsky")
        XCTAssertEqual(noted.deliveryNote, "Ring twice.")
        XCTAssertEqual(clock.requestedDelays, Array(repeating: .seconds(1), count: 10), "each request waited")
    }

    func testACancelledWaitThrowsCancelledAsksNothingAndUsesUpNoFailure() async throws {
        let clock = ManualClock()
        let backend = FakeOrderService()
        let server = SimulatedRemoteOrderService(
            backend: backend, reliability: .flaky, delay: .seconds(1), clock: clock)
        let abandoned = Task { [query] in try await server.orders(query) }
        try await clock.nextSleep()
        abandoned.cancel()
        do {
            _ = try await abandoned.value(awaiting: "the cancelled request to end")
            XCTFail("answered a cancelled request")
        } catch {
            XCTAssertEqual(error as? OrderServiceError, .cancelled)
        }
        XCTAssertEqual(clock.sleeperCount, 0, "the cancelled sleep left the clock")

        let retry = Task { [query] in try await server.orders(query) }
        try await clock.nextSleep()
        await clock.advance(by: .seconds(1))
        do {
            _ = try await retry.value(awaiting: "the next request's failure")
            XCTFail("the flaky server's first failure was used up by a cancelled request")
        } catch {
            XCTAssertEqual(error as? OrderServiceError, .serverUnreachable)
        }
        XCTAssertEqual(backend.listings.requests, [], "neither request reached the backend")
        XCTAssertEqual(server.reliability, .flaky)
        XCTAssertEqual(server.delay, .seconds(1))
    }

    /// Runs a call that must throw an order service error, and checks which.
    private func assertThrows(
        _ expected: OrderServiceError, file: StaticString = #filePath, line: UInt = #line,
        _ call: () async throws -> Void
    ) async {
        do {
            try await call()
            XCTFail("no error; expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? OrderServiceError, expected, file: file, line: line)
        }
    }
}
