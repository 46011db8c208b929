public import PureMVVM

/// The login screen's widgets, platform-neutral, as UIKit's text fields, button, activity indicator and alert
/// controller would be: every pattern in the gallery draws its screen with these and hears the user through
/// ``delegate``, so all seven run on the same console (or, with a fake, in a test) without knowing which it is.
///
/// Like a UI run loop, the widgets redraw once after each event they report has been handled, so what a screen
/// changes while handling it shows together. Changes made later, when asynchronous work ends, draw at once: make
/// them in ``update(_:)``, which shows them together whatever their order, or change what the form shows before
/// hiding the loading indicator, so the screen never shows a state in between.
@MainActor
public protocol LoginWidgets: LoginNavigator {
    /// Hears the user's input. Implementations hold it weakly: the screen owns its widgets, not the reverse.
    var delegate: (any LoginWidgetsDelegate)? { get set }

    /// Shows a field's border: valid, invalid with the rule's messages, or neutral (nothing shown yet).
    ///
    /// - Parameters:
    ///   - border: The border.
    ///   - field: The field.
    func setBorder(_ border: BorderState, of field: LoginTextField)

    /// Enables or disables the login button.
    ///
    /// - Parameter isEnabled: Whether the button can be pressed.
    func setLoginEnabled(_ isEnabled: Bool)

    /// Shows or hides the loading indicator ("Signing in…").
    ///
    /// - Parameter isLoading: Whether a sign-in is running.
    func setLoading(_ isLoading: Bool)

    /// Shows an alert, such as a failed sign-in.
    ///
    /// - Parameter alert: The alert.
    func showAlert(_ alert: AlertContent<Never>)

    /// Makes several changes and shows them together.
    ///
    /// - Parameter changes: Calls to the setters above.
    func update(_ changes: () -> Void)
}
