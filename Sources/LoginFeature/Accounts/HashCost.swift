/// What checking a password against a stored hash costs, as the hash says: its method and cost parameters
/// (without its salt and checksum), and whether that cost is too low to slow down someone guessing passwords.
///
/// Two hashes of equal ``key`` take the same time to check. ``AccountAuthenticator`` checks every sign-in against
/// one hash of each cost found in the accounts, so no name can be told from another by the time or the work a
/// sign-in takes.
public struct HashCost: Hashable, Sendable {
    /// The method and cost, such as `$6$rounds=5000`, `$y$j9T` or `$2$12`; equal keys, equal costs.
    public var key: String
    /// Why the cost is weak, such as "bcrypt cost 4 is below 10"; `nil` when it is not.
    public var weakness: String?

    /// Creates a cost.
    ///
    /// - Parameters:
    ///   - key: The method and cost parameters.
    ///   - weakness: Why the cost is weak; `nil` when it is not.
    public init(key: String, weakness: String? = nil) {
        self.key = key
        self.weakness = weakness
    }

    /// The cost of every hash of a hasher that knows one cost (``PasswordHasher/checkingCost(of:)``'s default).
    public static let uniform = HashCost(key: "")
}
