import Foundation
import LoginFeature
import PureMVVMTesting
import SQLiteProfiles
import TestSupport
import XCTest

/// The order database as an `OrderService`: its calls off the caller's thread, a file that cannot be opened
/// tried again on the next call, a cancelled call not run, and one new file shared with the profile store.
final class SQLiteOrderStoreTests: GuardedTestCase {
    private let demo = DemoOrders.orders()

    func testTheStoreListsLooksUpCancelsAndSavesANoteAndTheFileKeepsIt() async throws {
        let path = try newDatabasePath()
        let store = SQLiteOrderStore(path: path, seed: { ["dimsky": DemoOrders.orders()] })
        let page = try await store.orders(OrderQuery(username: "dimsky", search: "PM20250618"))
        XCTAssertEqual(page, OrderPage(orders: [demo[0]], nextCursor: nil))
        let found = try await store.order(demo[1].id, of: "dimsky")
        XCTAssertEqual(found, demo[1])
        let cancelled = try await store.cancelOrder(demo[1].id, of: "dimsky")
        XCTAssertEqual(cancelled.status, .cancelled)
        do {
            _ = try await store.cancelOrder(demo[1].id, of: "dimsky")
            XCTFail("cancelled twice")
        } catch {
            XCTAssertEqual(error, .notCancellable(cancelled))
        }

        let nextRun = SQLiteOrderStore(
            path: path,
            seed: {
                XCTFail("seeded twice"); return [:]
            })
        let noted = try await store.saveDeliveryNote("Ring twice.", for: demo[0].id, of: "dimsky")
        XCTAssertEqual(noted.deliveryNote, "Ring twice.")
        let again = try await nextRun.order(demo[1].id, of: "dimsky")
        XCTAssertEqual(again.status, .cancelled, "the next run of login reads the cancel")
        let notedAgain = try await nextRun.order(demo[0].id, of: "dimsky")
        XCTAssertEqual(notedAgain, noted, "and the note")
        XCTAssertEqual(nextRun.path, path)
    }

    func testAFileLockedAtOpeningIsOpenedAgainOnTheNextCall() async throws {
        let path = try newDatabasePath()
        _ = try OrderDatabase(path: path, seed: { ["dimsky": self.demo] })
        let other = try RawDatabase(path: path)
        try other.execute("BEGIN EXCLUSIVE")
        let store = SQLiteOrderStore(path: path, busyTimeout: .milliseconds(10))
        XCTAssertEqual(store.busyTimeout, .milliseconds(10))
        do {
            _ = try await store.orders(OrderQuery(username: "dimsky"))
            XCTFail("read through an exclusive lock")
        } catch {
            XCTAssertEqual(
                error, .storeUnavailable(file: "profiles.sqlite", problem: .locked(waited: .milliseconds(10))))
        }
        try other.execute("COMMIT")
        let page = try await store.orders(OrderQuery(username: "dimsky"))
        XCTAssertEqual(page.orders.count, 20)
    }

    func testAMissingFolderIsAnErrorUnlessTheStoreCreatesIt() async throws {
        let folder = try Files.temporaryFolder(for: self).appendingPathComponent("data/puremvvm")
        let path = folder.appendingPathComponent("profiles.sqlite").path
        do {
            _ = try await SQLiteOrderStore(path: path).orders(OrderQuery(username: "dimsky"))
            XCTFail("opened a file in a missing folder")
        } catch {
            XCTAssertEqual(
                error, .storeUnavailable(file: "profiles.sqlite", problem: .sqlite("unable to open database file")))
        }
        let page = try await SQLiteOrderStore(path: path, createsFolder: true).orders(OrderQuery(username: "dimsky"))
        XCTAssertEqual(page.orders, [])
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions]
        XCTAssertEqual(mode as? Int, 0o700)
    }

    func testACancelledCallDoesNotRun() async throws {
        let path = try newDatabasePath()
        let store = SQLiteOrderStore(path: path, seed: { ["dimsky": DemoOrders.orders()] })
        let cancel = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.cancelOrder(Order.ID(95), of: "dimsky")
        }
        do {
            _ = try await cancel.value(awaiting: "the cancelled call to end")
            XCTFail("cancelled the order from a cancelled task")
        } catch {
            XCTAssertEqual(error as? OrderServiceError, .cancelled)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "not even opened")
    }

    func testTheProfileAndOrderStoresShareOneNewFileWhicheverOpensItFirst() async throws {
        let path = try newDatabasePath()
        let profiles = SQLiteProfileStore(
            path: path, seed: { ["dimsky": ProfileRecord(balance: "100", redPacket: "3")] },
            orderSeed: { ["dimsky": DemoOrders.orders()] })
        let orders = SQLiteOrderStore(
            path: path, seed: { ["dimsky": DemoOrders.orders()] },
            profileSeed: { ["dimsky": ProfileRecord(balance: "100", redPacket: "3")] })
        async let profile = profiles.profile(for: "dimsky")
        async let page = orders.orders(OrderQuery(username: "dimsky", limit: 100))
        let (record, listed) = try await (profile, page)
        XCTAssertEqual(record, ProfileRecord(balance: "100", redPacket: "3"))
        XCTAssertEqual(listed.orders, demo, "seeded once, by whichever store came first")
        XCTAssertEqual(try ProfileDatabase(path: path).count(), 1)
    }
}
