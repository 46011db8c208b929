import Foundation
import LoginFeature
import PureMVVMTesting
import SQLiteProfiles
import TestSupport
import XCTest

@testable import login

/// The orders behind the home screen's "My orders" in the composition root: the same database as the profiles
/// (the default file, one in memory, or `--profiles FILE`), the demo account's orders in a new default database,
/// and the simulated order server with `--remote`'s delay and failures on the session's clock.
final class HomeOrdersTests: GuardedTestCase {
    private var folder: URL!

    override func setUp() async throws {
        let folder = try TemporaryFolder.make(prefix: "puremvvm-orders")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        self.folder = folder
    }

    func testTheDemoAccountsOrdersComeFromTheServerAfterItsDelay() async throws {
        let clock = ManualClock()
        let orders = HomeOrders.service(
            store: HomeOrders.store(path: nil, defaultPath: nil), server: .up, clock: clock)
        let listing = Task { try await orders.orders(OrderQuery(username: DemoAccount.name)) }
        let delay = try await clock.nextSleep()
        XCTAssertEqual(delay, HomeProfiles.serverDelay)
        await clock.advance(by: delay)
        let page = try await listing.value(awaiting: "the first page of the demo's orders")
        XCTAssertEqual(page.orders, Array(DemoOrders.orders().prefix(20)), "in memory, seeded")
        XCTAssertTrue(page.hasMore)
    }

    func testRemoteChoosesTheServersReliability() async throws {
        let store = HomeOrders.store(path: nil, defaultPath: nil)
        let expected: [(SimulatedServer, SimulatedRemoteOrderService.Reliability)] = [
            (.up, .reliable), (.down, .down), (.flaky, .flaky),
        ]
        for (server, reliability) in expected {
            let service = HomeOrders.service(store: store, server: server, clock: RecordingClock())
            XCTAssertEqual(service.reliability, reliability, "--remote \(server)")
            XCTAssertEqual(service.delay, HomeProfiles.serverDelay)
        }
        let flaky = HomeOrders.service(store: store, server: .flaky, clock: RecordingClock())
        do {
            _ = try await flaky.orders(OrderQuery(username: DemoAccount.name))
            XCTFail("the flaky server's first listing answered")
        } catch {
            XCTAssertEqual(error, .serverUnreachable)
        }
        let retried = try await flaky.orders(OrderQuery(username: DemoAccount.name))
        XCTAssertEqual(retried.orders.count, 20, "retry works")
    }

    func testTheDefaultDatabaseMadeForTheProfilesHoldsTheDemosOrders() async throws {
        let path = folder.appendingPathComponent("data/puremvvm/profiles.sqlite").path
        let profiles = HomeProfiles.store(path: nil, defaultPath: path)
        let profile = try await profiles.profile(for: DemoAccount.name)
        XCTAssertEqual(profile, ProfileRecord(balance: "100", redPacket: "3"), "Fixtures/profiles/profiles.json")
        let orders = HomeOrders.store(path: nil, defaultPath: path)
        let page = try await orders.orders(OrderQuery(username: DemoAccount.name, limit: 100))
        XCTAssertEqual(page.orders, DemoOrders.orders())
        let nobody = try await orders.orders(OrderQuery(username: "bob.smith"))
        XCTAssertEqual(nobody, OrderPage(orders: [], nextCursor: nil), "another account has no orders: the empty state")
    }

    func testTheOrderStoreMakesTheDefaultDatabaseWithTheDemosProfilesToo() async throws {
        let path = folder.appendingPathComponent("data/puremvvm/profiles.sqlite").path
        let page = try await HomeOrders.store(path: nil, defaultPath: path).orders(OrderQuery(username: "dimsky"))
        XCTAssertEqual(page.orders.count, 20)
        XCTAssertEqual(try ProfileDatabase(path: path).count(), 2, "Fixtures/profiles/profiles.json's two profiles")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path + "/data/puremvvm")[.posixPermissions]
        XCTAssertEqual(mode as? Int, 0o700)
    }

    func testAnOlderDefaultDatabaseIsMigratedWithTheDemosOrders() async throws {
        let path = folder.appendingPathComponent("profiles.sqlite").path
        try FileManager.default.copyItem(
            atPath: Paths.fixtures.appendingPathComponent("profiles/version-1.sqlite").path, toPath: path)
        let profile = try await HomeProfiles.store(path: nil, defaultPath: path).profile(for: "newcomer")
        XCTAssertEqual(profile, ProfileRecord(balance: "7", redPacket: "1"), "the old file's profile kept")
        let page = try await HomeOrders.store(path: nil, defaultPath: path).orders(OrderQuery(username: "dimsky"))
        XCTAssertEqual(page.orders.count, 20)
    }

    func testAFileNamedWithProfilesStartsWithoutOrders() async throws {
        let path = folder.appendingPathComponent("mine.sqlite").path
        let page = try await HomeOrders.store(path: path, defaultPath: nil).orders(OrderQuery(username: "dimsky"))
        XCTAssertEqual(page, OrderPage(orders: [], nextCursor: nil))
        let profile = try await HomeProfiles.store(path: path, defaultPath: nil).profile(for: "dimsky")
        XCTAssertNil(profile, "as it starts without profiles")
    }
}
