/// The home screen's header: the child ViewModel of the header view.
///
/// Child ViewModels are values the ``HomeViewModel`` creates and replaces; a view can read them but not make them.
public struct HeaderViewModel: Hashable, Sendable {
    /// The signed-in user's name, as typed at sign-in (the view sanitises it before printing).
    public let name: String
    /// A greeting line by the user's full name, or else the account name (``User/displayName``), such as
    /// "你好，dimsky" or "Hello, Ada Lovelace".
    public let greeting: String
}

/// One summary cell, such as the balance: the child ViewModel of a reusable cell.
public struct SummaryCellViewModel: Hashable, Sendable {
    /// Which figure the cell shows.
    public enum Kind: Hashable, Sendable {
        /// The account balance.
        case balance
        /// The number of red packets.
        case redPackets
    }

    /// Which figure the cell shows.
    public let kind: Kind
    /// The cell's label, such as "余额" or "Balance".
    public let title: String
    /// The value ready to show, such as "100元"; "…" while loading and "—" when unknown or malformed.
    public let value: String
}

/// One menu cell: the child ViewModel of a reusable cell. Selecting it is an input of the main ViewModel,
/// ``HomeViewModel/menuCellDidSelect(at:)``, which tells the delegate.
public struct MenuCellViewModel: Hashable, Sendable {
    /// Where the cell leads.
    public let item: MenuItem
    /// The cell's label, such as "设置" or "Settings".
    public let title: String
}
