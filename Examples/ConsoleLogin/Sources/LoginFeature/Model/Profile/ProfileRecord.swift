/// A user's profile as a source delivers it: raw strings, as the seed's network returns them
/// (`{"balance": "100", "redPacket": "3"}`). The home screen formats them for display.
public struct ProfileRecord: Codable, Hashable, Sendable {
    /// The account balance in yuan, as sent, such as `"100"` or `"12.50"`.
    public var balance: String
    /// How many red packets the user holds, as sent, such as `"3"`.
    public var redPacket: String

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - balance: The balance as sent.
    ///   - redPacket: The red-packet count as sent.
    public init(balance: String, redPacket: String) {
        self.balance = balance
        self.redPacket = redPacket
    }
}
