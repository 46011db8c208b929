public import LoginFeature

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

    /// The pattern's name in a language: ``title``, but "MVC 变体" for the MVC variant in Chinese (the other names
    /// are acronyms, and Input/Output names Swift types).
    ///
    /// - Parameter language: The language of the name.
    /// - Returns: The name, such as "MVC variant".
    public func title(in language: Language) -> String {
        switch (self, language) {
        case (.mvcVariant, .chinese): "MVC 变体"
        default: title
        }
    }

    /// One line on how the pattern splits the screen, for `login --help`.
    ///
    /// - Parameter language: The language of the line.
    /// - Returns: The line, such as "the controller does it all".
    public func summary(in language: Language) -> String {
        switch (self, language) {
        case (.mvc, .english): "the controller does it all"
        case (.mvc, .chinese): "控制器包办一切"
        case (.mvcVariant, .english): "the view configures itself from a model"
        case (.mvcVariant, .chinese): "视图按模型自行配置"
        case (.mvp, .english): "a passive view, a presenter, a service protocol"
        case (.mvp, .chinese): "被动视图、呈现器、服务协议"
        case (.mvvm, .english): "the toolkit's LoginViewModel and a view of change sets"
        case (.mvvm, .chinese): "工具包的 LoginViewModel 和按变更集重绘的视图"
        case (.mvvmInputOutput, .english): "Input, Output and transform(input:), no reactive types"
        case (.mvvmInputOutput, .chinese): "Input、Output 和 transform(input:)，不用响应式类型"
        case (.mvi, .english): "intents, a pure reducer, one state value, render"
        case (.mvi, .chinese): "意图、纯函数 reducer、单一状态值、render"
        case (.viper, .english): "view, interactor, presenter, entity, router, assembly"
        case (.viper, .chinese): "视图、交互器、呈现器、实体、路由、装配"
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
            view.presenter = MVP.LoginPresenter(
                view: view, service: service, rules: dependencies.rules, alerts: dependencies.alerts)
            return view
        case .mvvm:
            let viewModel = LoginViewModel(
                authenticator: dependencies.authenticator, rules: dependencies.rules, alerts: dependencies.alerts,
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
