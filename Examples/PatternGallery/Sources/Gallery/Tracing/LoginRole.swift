/// A participant of a traced login screen: one lifeline of its sequence diagram.
///
/// The names are the roles' names in the gallery's code (`MVP.LoginPresenter` is the Presenter,
/// `VIPER.LoginInteractor` the Interactor), so a trace line leads to the file that sent or received it.
public enum LoginRole: String, CaseIterable, Hashable, Sendable {
    /// The platform's widgets (``LoginWidgets``): the text fields, the button, the alerts, the navigation.
    case widgets = "Widgets"
    /// The view of MVP, MVVM, MVI, VIPER and the MVC variant.
    case view = "View"
    /// The controller of MVC and of the MVC variant.
    case controller = "Controller"
    /// The presenter of MVP and VIPER.
    case presenter = "Presenter"
    /// The ViewModel of both MVVM patterns.
    case viewModel = "ViewModel"
    /// MVI's store, which runs the reducer and the effects.
    case store = "Store"
    /// MVI's reducer, a pure function.
    case reducer = "Reducer"
    /// VIPER's interactor: the business logic.
    case interactor = "Interactor"
    /// VIPER's router: the navigation.
    case router = "Router"
    /// MVP's login service: the model the presenter signs in with.
    case service = "Service"
    /// The model's `Authenticator`, which checks credentials.
    case authenticator = "Authenticator"
    /// The clock the failure delays run on.
    case clock = "Clock"

    /// The name a trace shows, such as "ViewModel".
    public var name: String { rawValue }
}
