/// The business layer of seed 002's layered design: read the local store first, and fall back to the remote
/// source when the local one has no profile for the user or fails. When the local source is a ``ProfileStore``
/// (a database), what the remote source returns is saved into it, so the next load is local.
///
/// ```swift
/// let service = LayeredProfileService(
///     local: try SQLiteProfileStore(path: "profiles.sqlite"),
///     remote: SimulatedRemoteProfileSource(behavior: .answers(records), delay: .milliseconds(300))
/// )
/// let load = try await service.loadProfile(for: "dimsky")   // remote, then saved
/// let again = try await service.loadProfile(for: "dimsky")  // local
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
        /// Why the remote source's profile could not be saved into the local store (read-only, locked), when the
        /// local store missed and then failed to save.
        public var saveFailure: ProfileSourceError?

        /// Creates a load result.
        ///
        /// - Parameters:
        ///   - record: The profile, if any.
        ///   - origin: Which source answered.
        ///   - localFailure: Why the local store failed, if it did.
        ///   - saveFailure: Why the remote profile was not saved locally, if it was not.
        public init(
            record: ProfileRecord?, origin: Origin, localFailure: ProfileSourceError? = nil,
            saveFailure: ProfileSourceError? = nil
        ) {
            self.record = record
            self.origin = origin
            self.localFailure = localFailure
            self.saveFailure = saveFailure
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
    /// The local source when it can keep profiles: remote answers are saved into it.
    private let cache: (any ProfileStore)?

    /// Creates the service over its two sources.
    ///
    /// - Parameters:
    ///   - local: Read first. When it is a ``ProfileStore``, the remote source's answers are saved into it.
    ///   - remote: Read when the local store misses or fails.
    public init(local: any ProfileSource, remote: any ProfileSource) {
        self.local = local
        self.remote = remote
        cache = local as? any ProfileStore
    }

    /// Loads a user's profile: local first, then remote.
    ///
    /// - Parameter username: The account name.
    /// - Returns: The profile and where it came from; `record` is `nil` when neither source has one. A profile the
    ///   remote source returned after a local miss is saved locally first (when the local source is a
    ///   ``ProfileStore``); a failed save is reported in ``Load/saveFailure``, never thrown.
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
        var saveFailure: ProfileSourceError?
        // A store that failed to read is not written: it already said what is wrong with it.
        if let record, let cache, localFailure == nil {
            do {
                try await cache.save(record, for: username)
            } catch .cancelled {
                throw .cancelled
            } catch {
                saveFailure = error
            }
        }
        return Load(record: record, origin: .remote, localFailure: localFailure, saveFailure: saveFailure)
    }
}
