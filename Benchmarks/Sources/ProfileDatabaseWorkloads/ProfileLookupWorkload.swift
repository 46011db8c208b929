internal import BenchKit
internal import Foundation
internal import LoginFeature
internal import SQLiteProfiles

/// Looks profiles up in a database file of 10,000 profiles, one per event, as the home screen's layered service
/// does after a sign-in: `ProfileDatabase.profile(for:)`, a prepared statement with the name bound, on a file
/// SQLite has open (its page cache warm after the first look-ups).
///
/// The file is made once per process, in the temporary folder, and removed when the process exits. Event `i`
/// looks up `user(i × 7919 mod 10,000)` and folds the balance it read (the user's number) into the checksum.
@MainActor
final class ProfileLookupWorkload: EventWorkload {
    nonisolated static let profiles = 10_000

    private let database: ProfileDatabase
    private var checksum = Checksum()
    private var lookups = 0

    init() {
        database = Self.shared
    }

    func run(events count: Int) {
        for event in 0..<count {
            let number = Self.user(for: event)
            let balance = (try? database.profile(for: "user\(number)"))?.flatMap { Int($0.balance) } ?? -1
            checksum.add(balance)
            lookups += 1
        }
    }

    var outcome: Outcome { Outcome(checksum: checksum.value, renders: lookups) }

    /// The outcome a fresh workload reaches after a number of events, from the numbering alone.
    nonisolated static func expected(events count: Int) -> Outcome {
        var checksum = Checksum()
        for event in 0..<count { checksum.add(user(for: event)) }
        return Outcome(checksum: checksum.value, renders: count)
    }

    private nonisolated static func user(for event: Int) -> Int {
        event &* 7919 % profiles
    }

    /// The database of this process, made on first use.
    private static let shared: ProfileDatabase = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("puremvvm-bench-profiles-\(getpid()).sqlite").path
        try? FileManager.default.removeItem(atPath: path)
        benchDatabasePath = path
        atexit { if let path = benchDatabasePath { unlink(path) } }
        do {
            let database = try ProfileDatabase(path: path)
            try database.save(
                Dictionary(
                    uniqueKeysWithValues: (0..<profiles).map {
                        ("user\($0)", ProfileRecord(balance: "\($0)", redPacket: "\($0 % 7)"))
                    }))
            return database
        } catch {
            fatalError("cannot make the benchmark's profile database at \(path): \(error)")
        }
    }()
}

/// The benchmark's database file, removed at exit.
nonisolated(unsafe) private var benchDatabasePath: String?
