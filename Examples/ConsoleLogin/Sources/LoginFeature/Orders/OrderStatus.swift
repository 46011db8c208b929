/// Where an order is in its life: from waiting for payment to delivered, or cancelled.
///
/// Only an order nobody has shipped yet can be cancelled (``isCancellable``): one waiting for payment, or paid.
/// The raw values are the order database's codes.
public enum OrderStatus: String, CaseIterable, Hashable, Sendable {
    /// Placed, not paid yet.
    case pendingPayment = "pending_payment"
    /// Paid, not shipped yet.
    case paid
    /// On its way.
    case shipped
    /// Received by the buyer.
    case delivered
    /// Cancelled before it shipped.
    case cancelled

    /// Whether an order in this status can still be cancelled: ``pendingPayment`` and ``paid`` only.
    public var isCancellable: Bool {
        switch self {
        case .pendingPayment, .paid: true
        case .shipped, .delivered, .cancelled: false
        }
    }

    /// The status's name as a list shows it: `待付款`, `Pending payment`.
    ///
    /// - Parameter language: The language.
    /// - Returns: The name.
    public func title(in language: Language) -> String {
        OrderText(language: language).title(of: self)
    }
}
