/// One place profiles come from: a local store or a remote service.
///
/// ```swift
/// struct InMemoryProfiles: ProfileSource {
///     let records: [String: ProfileRecord]
///     func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
///         records[username]
///     }
/// }
/// ```
public protocol ProfileSource: Sendable {
    /// Looks a user's profile up.
    ///
    /// - Parameter username: The account name.
    /// - Returns: The profile, or `nil` when this source has none for the user (a miss).
    /// - Throws: ``ProfileSourceError`` when the source cannot answer at all.
    func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord?
}
