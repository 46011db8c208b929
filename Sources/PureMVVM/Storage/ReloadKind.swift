/// Which reload an ``OutputStore`` is sending, if any.
@usableFromInline
enum ReloadKind: Sendable {
    /// None: a view reading the outputs now has no earlier ones to compare with.
    case none
    /// An update's: the outputs before it are the baseline.
    case update
    /// A `set`'s: the one output it replaced is.
    case set
}
