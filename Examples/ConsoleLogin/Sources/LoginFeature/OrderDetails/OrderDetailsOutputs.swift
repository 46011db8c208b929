public import PureMVVM

/// What an order's details screen shows: the order, the delivery note it has, the note field's border, and the
/// save button.
///
/// The note field's text is the view's: it starts as ``savedNote``, and the ViewModel hears every edit
/// (``OrderDetailsViewModel/noteDidChange(_:)``) without sending the text back, so typing never moves the cursor.
public struct OrderDetailsOutputs: ViewOutputs {
    /// The order: its number, date, status, items and amount.
    public var details: OrderDetails
    /// The delivery note the order has on the server; empty for none. The note field shows it when the screen
    /// opens.
    public var savedNote: String
    /// The note field's border: neutral until it is edited, then valid or why not (see ``DeliveryNote``).
    public var noteBorder: BorderState
    /// Whether the save button works: the note is valid, differs from ``savedNote``, and no save is running.
    public var isSaveEnabled: Bool
    /// Whether a save is running ("Saving…").
    public var isSaving: Bool

    /// Creates the screen's outputs.
    ///
    /// - Parameters:
    ///   - details: The order, ready to show.
    ///   - savedNote: The delivery note the order has.
    ///   - noteBorder: The note field's border; neutral by default.
    ///   - isSaveEnabled: Whether the save button works; `false` by default.
    ///   - isSaving: Whether a save is running; `false` by default.
    public init(
        details: OrderDetails, savedNote: String, noteBorder: BorderState = .neutral, isSaveEnabled: Bool = false,
        isSaving: Bool = false
    ) {
        self.details = details
        self.savedNote = savedNote
        self.noteBorder = noteBorder
        self.isSaveEnabled = isSaveEnabled
        self.isSaving = isSaving
    }

    /// The screen's outputs, by name.
    public enum Field: Int, OutputField, CaseIterable {
        /// ``OrderDetailsOutputs/details``.
        case details
        /// ``OrderDetailsOutputs/savedNote``.
        case savedNote
        /// ``OrderDetailsOutputs/noteBorder``.
        case noteBorder
        /// ``OrderDetailsOutputs/isSaveEnabled``.
        case isSaveEnabled
        /// ``OrderDetailsOutputs/isSaving``.
        case isSaving
    }

    /// Tells whether one output differs from an earlier snapshot.
    ///
    /// - Parameters:
    ///   - field: The output to compare.
    ///   - old: The earlier snapshot.
    /// - Returns: `true` when the output changed.
    public func hasChanged(_ field: Field, since old: OrderDetailsOutputs) -> Bool {
        switch field {
        case .details: details != old.details
        case .savedNote: savedNote != old.savedNote
        case .noteBorder: noteBorder != old.noteBorder
        case .isSaveEnabled: isSaveEnabled != old.isSaveEnabled
        case .isSaving: isSaving != old.isSaving
        }
    }
}
