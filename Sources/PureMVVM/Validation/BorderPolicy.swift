/// When a field starts showing its validation state.
public enum BorderPolicy: Hashable, Sendable {
    /// From the first edit on, even an edit to `nil` or to empty text: an untouched field is neutral, an edited
    /// one shows valid or invalid. This is the seed login's behaviour and the default.
    case afterFirstEdit
    /// Only once the user has left the field (``ValidatedField/endEditing()``); until then it stays neutral, so
    /// a user typing a name is not told it is too short after the first letter.
    case afterLeaving
}
