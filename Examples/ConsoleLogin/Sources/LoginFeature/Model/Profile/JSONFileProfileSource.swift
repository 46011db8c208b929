#if canImport(FoundationEssentials)
    public import FoundationEssentials  // Foundation without ICU: a smaller process
#else
    public import Foundation
#endif

/// Profiles in a JSON file, an object keyed by username: the import format of the home screen's database, and a
/// read-only local store.
///
/// ```json
/// { "dimsky": { "balance": "100", "redPacket": "3" } }
/// ```
///
/// The file is read on every lookup, so edits show up on the next load. A missing file is a miss for every user
/// (nothing stored locally yet); a file that is not valid JSON of that shape is
/// ``ProfileSourceError/corrupt(file:reason:)``.
public struct JSONFileProfileSource: ProfileSource {
    /// The file's location.
    public let url: URL

    /// Creates a store over a file.
    ///
    /// - Parameter url: The JSON file; it need not exist yet.
    public init(url: URL) {
        self.url = url
    }

    /// Looks a user up in the file.
    ///
    /// - Parameter username: The account name.
    /// - Returns: The user's record, or `nil` when the file or the user is missing.
    /// - Throws: ``ProfileSourceError/corrupt(file:reason:)`` for a malformed file,
    ///   ``ProfileSourceError/unreachable(_:)`` when it exists but cannot be read.
    public func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
        try allProfiles()[username]
    }

    /// Reads every profile in the file: the JSON import format of a profile database.
    ///
    /// - Returns: The profiles by username; none when the file is missing.
    /// - Throws: ``ProfileSourceError/corrupt(file:reason:)`` for a malformed file,
    ///   ``ProfileSourceError/unreachable(_:)`` when it exists but cannot be read.
    public func allProfiles() throws(ProfileSourceError) -> [String: ProfileRecord] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return [:]
        } catch {
            throw .unreachable(
                .failed(file: url.lastPathComponent, action: .read, reason: Self.describe(reading: error)))
        }
        do {
            return try JSONDecoder().decode([String: ProfileRecord].self, from: data)
        } catch let error as DecodingError {
            throw .corrupt(file: url.lastPathComponent, reason: Self.describe(error))
        } catch {
            throw .corrupt(file: url.lastPathComponent, reason: .text("\(error)"))
        }
    }

    /// Why the file could not be read, from the system's error code (FoundationEssentials has no localized
    /// descriptions): its name, such as `EACCES` or `EISDIR`.
    private static func describe(reading error: any Error) -> String {
        guard let error = error as? CocoaError else { return "\(error)" }
        if error.code == .fileReadNoPermission { return "EACCES" }
        if let underlying = error.userInfo["NSUnderlyingError"] as? POSIXError { return "\(underlying.code)" }
        return "CocoaError \(error.code.rawValue)"
    }

    private static func describe(_ error: DecodingError) -> ProfileProblem {
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? .notJSON : .badValue(at: path(context.codingPath))
        case .keyNotFound(let key, let context):
            return .missingKey(key.stringValue, at: path(context.codingPath))
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .wrongType(at: path(context.codingPath))
        @unknown default:
            return .text("\(error)")
        }
    }

    /// A coding path as `dimsky.balance`; empty for the top level.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map(\.stringValue).joined(separator: ".")
    }
}
