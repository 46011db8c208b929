import PureMVVM

/// What the login screen asks its view for besides reloads.
@MainActor
protocol LoginNavigating: AnyObject {
    func showAlert(_ alert: AlertContent<Never>)
    func moveToHomeScreen(for user: User)
}

/// The login screen's view, as the ViewModel sees it: a composition, so it can be handed
/// to `OutputStore`.
typealias LoginViewModelDelegate = LoginNavigating & ReloadDelegate<LoginOutputs>
