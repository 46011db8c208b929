public import PureMVVM

/// What one order's cell shows: the row, whether its cancel button works, whether a cancel is running, and why
/// the last cancel failed.
public struct OrderRowOutputs: ViewOutputs {
    /// The row: the order's number, date, items, amount and status.
    public var row: OrderRow
    /// Whether the cancel button works: the order can still be cancelled, and no cancel is running.
    public var isCancelEnabled: Bool
    /// Whether a cancel is running ("Cancelling…").
    public var isCancelling: Bool
    /// Why the last cancel failed, as a sentence, such as "The order server cannot be reached. Try again."; `nil`
    /// when it worked or none was tried.
    public var cancelFailure: String?

    /// Creates a cell's outputs.
    ///
    /// - Parameters:
    ///   - row: The row.
    ///   - isCancelEnabled: Whether the cancel button works.
    ///   - isCancelling: Whether a cancel is running.
    ///   - cancelFailure: Why the last cancel failed, or `nil`.
    public init(row: OrderRow, isCancelEnabled: Bool, isCancelling: Bool = false, cancelFailure: String? = nil) {
        self.row = row
        self.isCancelEnabled = isCancelEnabled
        self.isCancelling = isCancelling
        self.cancelFailure = cancelFailure
    }

    /// A cell's outputs, by name.
    public enum Field: Int, OutputField, CaseIterable {
        /// ``OrderRowOutputs/row``.
        case row
        /// ``OrderRowOutputs/isCancelEnabled``.
        case isCancelEnabled
        /// ``OrderRowOutputs/isCancelling``.
        case isCancelling
        /// ``OrderRowOutputs/cancelFailure``.
        case cancelFailure
    }

    /// Tells whether one output differs from an earlier snapshot.
    ///
    /// - Parameters:
    ///   - field: The output to compare.
    ///   - old: The earlier snapshot.
    /// - Returns: `true` when the output changed.
    public func hasChanged(_ field: Field, since old: OrderRowOutputs) -> Bool {
        switch field {
        case .row: row != old.row
        case .isCancelEnabled: isCancelEnabled != old.isCancelEnabled
        case .isCancelling: isCancelling != old.isCancelling
        case .cancelFailure: cancelFailure != old.cancelFailure
        }
    }
}
