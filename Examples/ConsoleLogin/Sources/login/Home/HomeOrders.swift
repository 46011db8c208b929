internal import LoginFeature
internal import SQLiteProfiles

/// The orders behind the home screen's "我的订单 / My orders" entry in the console build: they live in the home
/// screen's database, the profiles' file (``HomeProfiles``), and a simulated order server answers from it after
/// ``HomeProfiles/serverDelay`` on the session's clock, failing as `--remote` says.
///
/// A database created by either store, the default one or one in memory, starts with the demo account's orders
/// (``seed``); a default database made by an older `login` (schema version 1) gets them when it is migrated. A
/// file named with `--profiles` starts with none, as it starts with no profiles.
enum HomeOrders {
    /// The demo account's orders (`DemoOrders`), the same on every run.
    static let seed: @Sendable () -> [String: [Order]] = { [DemoAccount.name: DemoOrders.orders()] }

    /// The order database: the same file as the profiles' (see ``HomeProfiles/store(path:defaultPath:)``).
    ///
    /// - Parameters:
    ///   - path: `--profiles FILE`, or `nil`.
    ///   - defaultPath: The default database, or `nil` for one in memory.
    /// - Returns: The store; nothing is opened until its first use.
    static func store(path: String?, defaultPath: String?) -> SQLiteOrderStore {
        if let path { return SQLiteOrderStore(path: path) }
        guard let defaultPath else {
            return SQLiteOrderStore(path: HomeProfiles.inMemory, seed: seed, profileSeed: HomeProfiles.seed)
        }
        return SQLiteOrderStore(path: defaultPath, seed: seed, profileSeed: HomeProfiles.seed, createsFolder: true)
    }

    /// The order service the orders screen talks to.
    ///
    /// - Parameters:
    ///   - store: The order database (see ``store(path:defaultPath:)``).
    ///   - server: `--remote`: `up` answers every request, `down` fails every one, `flaky` fails the first
    ///     request of each kind (listing, looking an order up, cancelling) and answers the rest.
    ///   - clock: The clock the server's delay runs on.
    /// - Returns: The simulated order server, answering from the database.
    static func service(store: SQLiteOrderStore, server: SimulatedServer, clock: any Clock<Duration>)
        -> SimulatedRemoteOrderService
    {
        let reliability: SimulatedRemoteOrderService.Reliability =
            switch server {
            case .up: .reliable
            case .down: .down
            case .flaky: .flaky
            }
        return SimulatedRemoteOrderService(
            backend: store, reliability: reliability, delay: HomeProfiles.serverDelay, clock: clock)
    }
}
