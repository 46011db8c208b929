/// The places the home screen's menu leads to.
public enum MenuItem: CaseIterable, Hashable, Sendable {
    /// The user's orders.
    case orders
    /// Account settings.
    case settings
    /// Help and contact.
    case help
}
