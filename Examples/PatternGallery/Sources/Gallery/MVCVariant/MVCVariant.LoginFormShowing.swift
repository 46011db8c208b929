extension MVCVariant {
    /// The form view as its controller sees it: a view that draws itself from the ``LoginForm`` it is given, tells
    /// its delegate what the user did, and lends the controller its widgets for alerts and navigation.
    /// ``LoginFormView`` is the one the screen uses.
    @MainActor
    protocol LoginFormShowing: AnyObject {
        /// Hears the user's input; held weakly.
        var delegate: (any LoginFormViewDelegate)? { get set }
        /// What the view shows; setting it redraws the form.
        var form: LoginForm? { get set }
        /// The widgets the view draws on, which the controller uses for alerts and navigation.
        var widgets: any LoginWidgets { get }
    }
}
