/// The answers an order's details screen gives its alerts' buttons: the view hands the one picked to
/// ``OrderDetailsViewModel/alertButtonDidTap(_:)``.
public enum OrderDetailsAlertAction: Hashable, Sendable {
    /// Save the note again, as typed: the answer to a save that failed.
    case saveAgain
}
