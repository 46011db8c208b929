internal import LoginFeature

/// The seven ways the gallery writes the seed's login screen. Each builds its own objects on the same widgets
/// and dependencies, and all behave alike: the same rules, messages, authenticator and failure policy.
///
/// ```swift
/// let screen = LoginPattern.viper.makeScreen(on: widgets, dependencies: dependencies)
/// // keep `screen` while the login shows: the widgets hold their delegate weakly
/// ```
public enum LoginPattern: String, CaseIterable, Hashable, Sendable {
    /// MVC: the controller does it all.
    case mvc
    /// The MVC variant: the view configures itself from a model.
    case mvcVariant = "mvc-variant"
    /// MVP: a passive view protocol, a presenter, a service protocol.
    case mvp
    /// MVVM: the toolkit's `LoginViewModel` and a view that maps change sets onto the widgets.
    case mvvm
    /// MVVM with `Input`, `Output` and `transform(input:)`, built from closures and a delegate.
    case mvvmInputOutput = "mvvm-io"
    /// MVI: intents, a pure reducer, one state value, render.
    case mvi
    /// VIPER: view, interactor, presenter, entity, router, and a module assembly.
    case viper

    /// The pattern's name, such as "MVC variant".
    public var title: String {
        switch self {
        case .mvc: "MVC"
        case .mvcVariant: "MVC variant"
        case .mvp: "MVP"
        case .mvvm: "MVVM"
        case .mvvmInputOutput: "MVVM Input/Output"
        case .mvi: "MVI"
        case .viper: "VIPER"
        }
    }

    /// One line on how the pattern splits the screen, for `login --help`.
    public var summary: String {
        switch self {
        case .mvc: "the controller does it all"
        case .mvcVariant: "the view configures itself from a model"
        case .mvp: "a passive view, a presenter, a service protocol"
        case .mvvm: "the toolkit's LoginViewModel and a view of change sets"
        case .mvvmInputOutput: "Input, Output and transform(input:), no reactive types"
        case .mvi: "intents, a pure reducer, one state value, render"
        case .viper: "view, interactor, presenter, entity, router, assembly"
        }
    }

    /// Builds the login screen on the widgets: the pattern's objects, wired to each other and to the widgets.
    ///
    /// - Parameters:
    ///   - widgets: The screen's widgets; the returned object becomes their delegate, or owns the one that does.
    ///   - dependencies: The authenticator, rules, failure policy and clock.
    /// - Returns: The object that owns the rest of the screen (a controller or a view); keep it while the
    ///   screen shows, since nothing else holds it strongly.
    @MainActor
    public func makeScreen(on widgets: any LoginWidgets, dependencies: LoginDependencies) -> AnyObject {
        switch self {
        case .mvc:
            return MVC.LoginViewController(widgets: widgets, dependencies: dependencies)
        case .mvcVariant:
            return MVCVariant.LoginViewController(
                view: MVCVariant.LoginFormView(widgets: widgets), dependencies: dependencies)
        case .mvp:
            let view = MVP.LoginViewController(widgets: widgets)
            let service = MVP.AccountLoginService(
                authenticator: dependencies.authenticator, failurePolicy: dependencies.failurePolicy,
                clock: dependencies.clock)
            view.presenter = MVP.LoginPresenter(view: view, service: service, rules: dependencies.rules)
            return view
        case .mvvm:
            let viewModel = LoginViewModel(
                authenticator: dependencies.authenticator, rules: dependencies.rules,
                failurePolicy: dependencies.failurePolicy, clock: dependencies.clock)
            return MVVM.LoginView(widgets: widgets, viewModel: viewModel)
        case .mvvmInputOutput:
            return MVVMInputOutput.LoginView(
                widgets: widgets, viewModel: MVVMInputOutput.LoginViewModel(dependencies: dependencies))
        case .mvi:
            return MVI.LoginView(widgets: widgets, store: MVI.LoginStore(dependencies: dependencies))
        case .viper:
            return VIPER.LoginModule.make(widgets: widgets, dependencies: dependencies)
        }
    }
}
