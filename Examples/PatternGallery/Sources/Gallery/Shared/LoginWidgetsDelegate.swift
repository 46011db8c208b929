/// What the login screen's widgets report: text entered in a field, and the login button pressed.
///
/// The object of each pattern that hears the widgets conforms (MVC's controller, MVP's and VIPER's view, MVVM's
/// view, MVI's view) and turns the events into its own inputs.
@MainActor
public protocol LoginWidgetsDelegate: AnyObject {
    /// The user typed a field's text and left the field (pressed Enter).
    ///
    /// - Parameters:
    ///   - widgets: The widgets.
    ///   - text: The field's whole text. For the password it is the secret: pass it on, never print it.
    ///   - field: The field.
    func widgets(_ widgets: any LoginWidgets, didEnter text: String, in field: LoginTextField)

    /// The user pressed the login button. The widgets send this only while the button is enabled.
    ///
    /// - Parameter widgets: The widgets.
    func widgetsDidSubmit(_ widgets: any LoginWidgets)
}
