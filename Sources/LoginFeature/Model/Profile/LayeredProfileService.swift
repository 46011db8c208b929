/// The business layer of seed 002's layered design: read the local store first, and fall back to the remote
/// source when the local one has no profile for the user or fails.
///
/// ```swift
/// let service = LayeredProfileService(
///     local: try JSONFileProfileSource(contentsOf: url),
///     remote: SimulatedRemoteProfileSource(records: records, delay: .milliseconds(300))
/// )
/// let load = try await service.loadProfile(for: "dimsky")
/// ```
public struct LayeredProfileService: Sendable {
    /// Where a loaded profile came from, and what went wrong on the way.
    public struct Load: Hashable, Sendable {
        /// The profile, or `nil` when neither source has one for the user.
        public var record: ProfileRecord?
        /// Which source answered.
        public var origin: Origin
        /// Why the local store was skipped, when it failed rather than missed.
        public var localFailure: ProfileSourceError?

        /// Creates a load result.
        ///
        /// - Parameters:
        ///   - record: The profile, if any.
        ///   - origin: Which source answered.
        ///   - localFailure: Why the local store failed, if it did.
        public init(record: ProfileRecord?, origin: Origin, localFailure: ProfileSourceError? = nil) {
            self.record = record
            self.origin = origin
            self.localFailure = localFailure
        }
    }

    /// Which source answered.
    public enum Origin: Hashable, Sendable {
        /// The local store had the profile.
        case local
        /// The remote source answered, after a local miss or failure.
        case remote
    }

    /// The data layer's local store.
    public let local: any ProfileSource
    /// The data layer's remote source.
    public let remote: any ProfileSource

    /// Creates the service over its two sources.
    ///
    /// - Parameters:
    ///   - local: Read first.
    ///   - remote: Read when the local store misses or fails.
    public init(local: any ProfileSource, remote: any ProfileSource) {
        self.local = local
        self.remote = remote
    }

    /// Loads a user's profile: local first, then remote.
    ///
    /// - Parameter username: The account name.
    /// - Returns: The profile and where it came from; `record` is `nil` when neither source has one.
    /// - Throws: ``ProfileSourceError`` from the remote source when the local store could not provide the profile
    ///   and the remote source failed too; ``ProfileSourceError/cancelled`` when the task is cancelled.
    public func loadProfile(for username: String) async throws(ProfileSourceError) -> Load {
        var localFailure: ProfileSourceError?
        do {
            if let record = try await local.profile(for: username) {
                return Load(record: record, origin: .local)
            }
        } catch .cancelled {
            throw .cancelled
        } catch {
            localFailure = error
        }
        let record = try await remote.profile(for: username)
        return Load(record: record, origin: .remote, localFailure: localFailure)
    }
}
