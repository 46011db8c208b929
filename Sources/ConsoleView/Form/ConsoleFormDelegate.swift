/// What a ``ConsoleForm`` tells the code behind it: the user entered a field's text, or submitted the form.
///
/// This is the view's side of the seed's rule 1: the view forwards events and decides nothing. An adapter
/// conforms and calls its screen's inputs, for example a ViewModel's `usernameDidChange(_:)` and `login()`.
@MainActor
public protocol ConsoleFormDelegate<Field>: AnyObject {
    /// The fields of the form.
    associatedtype Field: ConsoleFormField

    /// The user typed a field's text and pressed Enter, which also leaves the field.
    ///
    /// - Parameters:
    ///   - form: The form.
    ///   - text: The whole text of the field. For a secure field it is the secret: pass it on, never keep it.
    ///   - field: The field.
    func form(_ form: ConsoleForm<Field>, didEnter text: String, in field: Field)

    /// Every field is entered and valid and the action is enabled: the form asks for it to run (pressing the
    /// action's button).
    ///
    /// - Parameter form: The form.
    func formDidSubmit(_ form: ConsoleForm<Field>)
}
