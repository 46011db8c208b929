/// What checking a password against a stored hash costs, as the hash says: its method and cost parameters
/// (without its salt and checksum), and whether that cost is too low to slow down someone guessing passwords.
///
/// Two hashes of equal ``key`` take the same time to check. ``AccountAuthenticator`` checks every sign-in against
/// one hash of each cost found in the accounts, so no name can be told from another by the time or the work a
/// sign-in takes.
public struct HashCost: Hashable, Sendable {
    /// The method and cost, such as `$6$rounds=5000`, `$y$j9T` or `$2$12`; equal keys, equal costs.
    public var key: String
    /// Why the cost is weak, such as bcrypt cost 4 (below 10); `nil` when it is not.
    public var weakness: Weakness?
    /// The memory one check takes, in bytes, when it is large enough to matter to the process's address-space
    /// limit: yescrypt's (128 · N · r · p, 16 MiB at libxcrypt's default); 0 when it is not told or small.
    public var memory: Int

    /// Creates a cost.
    ///
    /// - Parameters:
    ///   - key: The method and cost parameters.
    ///   - weakness: Why the cost is weak; `nil` when it is not.
    ///   - memory: The memory one check takes, in bytes; 0 when it is small or not known.
    public init(key: String, weakness: Weakness? = nil, memory: Int = 0) {
        self.key = key
        self.weakness = weakness
        self.memory = memory
    }

    /// The cost of every hash of a hasher that knows one cost (``PasswordHasher/checkingCost(of:)``'s default).
    public static let uniform = HashCost(key: "")

    /// Why a cost is weak: the method's cost parameter is below the least that slows down guessing.
    public struct Weakness: Hashable, Sendable {
        /// What the cost parameter counts.
        public enum Measure: Hashable, Sendable {
            /// A cost factor, such as bcrypt's (the logarithm of its rounds).
            case cost
            /// Rounds, such as sha512crypt's.
            case rounds
            /// Bytes of memory, such as yescrypt's (128 · N · r · p).
            case memory
        }

        /// The method, such as `bcrypt` or `sha512crypt`.
        public var method: String
        /// What ``value`` and ``minimum`` count.
        public var measure: Measure
        /// The hash's cost parameter.
        public var value: Int
        /// The least value that is not weak.
        public var minimum: Int

        /// Creates a weakness.
        ///
        /// - Parameters:
        ///   - method: The method.
        ///   - measure: What the values count.
        ///   - value: The hash's cost parameter.
        ///   - minimum: The least value that is not weak.
        public init(method: String, measure: Measure, value: Int, minimum: Int) {
            self.method = method
            self.measure = measure
            self.value = value
            self.minimum = minimum
        }

        /// The weakness, such as "bcrypt cost 4 is below 10" (`bcrypt 的成本因子 4 低于 10`) or "yescrypt with 512
        /// bytes of memory, below 1048576".
        ///
        /// - Parameter language: The language of the clause.
        /// - Returns: The clause, without a final full stop.
        public func description(in language: Language) -> String {
            switch (measure, language) {
            case (.cost, .english): "\(method) cost \(value) is below \(minimum)"
            case (.cost, .chinese): "\(method) 的成本因子 \(value) 低于 \(minimum)"
            case (.rounds, .english): "\(method) with \(value) rounds, below \(minimum)"
            case (.rounds, .chinese): "\(method) 的轮数 \(value) 低于 \(minimum)"
            case (.memory, .english): "\(method) with \(value) bytes of memory, below \(minimum)"
            case (.memory, .chinese): "\(method) 的内存 \(value) 字节低于 \(minimum) 字节"
            }
        }
    }
}
