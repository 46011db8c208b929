internal import LoginFeature
internal import SQLiteProfiles

#if canImport(FoundationEssentials)
    internal import FoundationEssentials  // Foundation without ICU: a smaller process
#else
    internal import Foundation
#endif

/// The home screen's data layer in the console build (seed 002's layered design): the local store is an SQLite
/// database, and the remote one a simulated server that answers after ``serverDelay`` on the session's clock (so
/// transcripts run at once). What the server returns is saved in the database, so the next sign-in reads it
/// locally.
///
/// Without `--profiles`, the database is ``defaultStorePath(environment:)``, created on first use with the demo's
/// profiles (``seedFile``); with neither `XDG_DATA_HOME` nor `HOME` set, it lives in memory for the session.
enum HomeProfiles {
    /// The demo's profiles, imported into a new default database: found from this source file's path, as a demo
    /// can. A build run elsewhere finds no file there, and its new database starts empty: the server answers.
    static let seedFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Home
        .deletingLastPathComponent()  // login
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // ConsoleLogin
        .deletingLastPathComponent()  // Examples
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/profiles/profiles.json")

    /// The path that keeps the database in memory, as SQLite names it.
    static let inMemory = ":memory:"

    /// What the simulated server knows: the seed's values for the demo account.
    static let serverRecords = [DemoAccount.name: ProfileRecord(balance: "100", redPacket: "3")]

    /// How long the simulated server takes to answer.
    static let serverDelay = Duration.seconds(1)

    /// Why the simulated server fails, when it does.
    static let serverFailure = ProfileSourceError.unreachable(.serverUnreachable)

    /// The default database of a user, as the XDG base directory specification places data:
    /// `$XDG_DATA_HOME/puremvvm/profiles.sqlite`, or `~/.local/share/puremvvm/profiles.sqlite`.
    ///
    /// - Parameter environment: The process's environment variables.
    /// - Returns: The path; `nil` when neither variable holds an absolute path.
    static func defaultStorePath(environment: [String: String]) -> String? {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/puremvvm/profiles.sqlite"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return home + "/.local/share/puremvvm/profiles.sqlite"
        }
        return nil
    }

    /// The database: `--profiles FILE` as given, or the default one (its folder created at first use, mode 0700),
    /// seeded from ``seedFile`` and with the demo's orders (``HomeOrders/seed``) when it is created; in memory, and
    /// seeded, without a default path.
    ///
    /// - Parameters:
    ///   - path: `--profiles FILE`, or `nil`.
    ///   - defaultPath: The default database, or `nil` for one in memory.
    /// - Returns: The store; nothing is opened until its first use.
    static func store(path: String?, defaultPath: String?) -> SQLiteProfileStore {
        if let path { return SQLiteProfileStore(path: path) }
        guard let defaultPath else { return SQLiteProfileStore(path: inMemory, seed: seed) }
        return SQLiteProfileStore(path: defaultPath, seed: seed, orderSeed: HomeOrders.seed, createsFolder: true)
    }

    /// Builds the service.
    ///
    /// - Parameters:
    ///   - store: The local database (see ``store(path:defaultPath:)``).
    ///   - server: `--remote`.
    ///   - clock: The clock the server's delay runs on.
    /// - Returns: The layered service: the database first, then the server, whose answers the database keeps.
    static func service(store: SQLiteProfileStore, server: SimulatedServer, clock: any Clock<Duration>)
        -> LayeredProfileService
    {
        let answering = SimulatedRemoteProfileSource(
            behavior: .answers(serverRecords), delay: serverDelay, clock: clock)
        let failing = SimulatedRemoteProfileSource(behavior: .fails(serverFailure), delay: serverDelay, clock: clock)
        let remote: any ProfileSource =
            switch server {
            case .up: answering
            case .down: failing
            case .flaky: FlakyProfileSource(failures: 1, failing: failing, working: answering)
            }
        return LayeredProfileService(local: store, remote: remote)
    }

    /// The demo's profiles from ``seedFile``; none when it is missing or unreadable.
    static let seed: @Sendable () -> [String: ProfileRecord] = {
        (try? JSONFileProfileSource(url: seedFile).allProfiles()) ?? [:]
    }
}
