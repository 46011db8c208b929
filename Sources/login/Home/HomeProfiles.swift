internal import LoginFeature

#if canImport(FoundationEssentials)
    internal import FoundationEssentials  // Foundation without ICU: a smaller process
#else
    internal import Foundation
#endif

/// The home screen's data layer in the console build (seed 002's layered design): the local store is a JSON
/// file, by default the repository's `Fixtures/profiles/profiles.json`, and the remote one a simulated server
/// that answers after ``serverDelay`` on the session's clock (so transcripts run at once).
enum HomeProfiles {
    /// The local store used without `--profiles`: found from this source file's path, as a demo can. A build run
    /// elsewhere finds no file there, which is a local miss: the remote server answers.
    static let defaultStore = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Home
        .deletingLastPathComponent()  // login
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/profiles/profiles.json")

    /// What the simulated server knows: the seed's values for the demo account.
    static let serverRecords = [DemoAccount.name: ProfileRecord(balance: "100", redPacket: "3")]

    /// How long the simulated server takes to answer.
    static let serverDelay = Duration.seconds(1)

    /// Why the simulated server fails, when it does.
    static let serverFailure = ProfileSourceError.unreachable("the profile server cannot be reached")

    /// Builds the service.
    ///
    /// - Parameters:
    ///   - storePath: `--profiles FILE`, or `nil` for ``defaultStore``.
    ///   - server: `--remote`.
    ///   - clock: The clock the server's delay runs on.
    /// - Returns: The layered service: the file first, then the server.
    static func service(storePath: String?, server: SimulatedServer, clock: any Clock<Duration>)
        -> LayeredProfileService
    {
        let local = JSONFileProfileSource(url: storePath.map { URL(fileURLWithPath: $0) } ?? defaultStore)
        let answering = SimulatedRemoteProfileSource(
            behavior: .answers(serverRecords), delay: serverDelay, clock: clock)
        let failing = SimulatedRemoteProfileSource(behavior: .fails(serverFailure), delay: serverDelay, clock: clock)
        let remote: any ProfileSource =
            switch server {
            case .up: answering
            case .down: failing
            case .flaky: FlakyProfileSource(failures: 1, failing: failing, working: answering)
            }
        return LayeredProfileService(local: local, remote: remote)
    }
}
