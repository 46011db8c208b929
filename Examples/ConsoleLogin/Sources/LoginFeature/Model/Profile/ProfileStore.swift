/// A local profile source that can also keep profiles: the layered service saves into it what the remote source
/// returned, so the next sign-in reads the profile locally (seed 002's "database first, then the server").
///
/// ```swift
/// actor InMemoryProfiles: ProfileStore {
///     var records: [String: ProfileRecord] = [:]
///     func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? { records[username] }
///     func save(_ record: ProfileRecord, for username: String) async throws(ProfileSourceError) {
///         records[username] = record
///     }
/// }
/// ```
public protocol ProfileStore: ProfileSource {
    /// Saves a user's profile, replacing any the store holds for the user.
    ///
    /// - Parameters:
    ///   - record: The profile.
    ///   - username: The account name.
    /// - Throws: ``ProfileSourceError`` when the store cannot keep it (read-only, locked, corrupt).
    func save(_ record: ProfileRecord, for username: String) async throws(ProfileSourceError)
}
