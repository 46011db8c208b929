public import PureMVVM

/// What the login screen asks its view for besides reloads: alerts and navigation.
@MainActor
public protocol LoginNavigating: AnyObject {
    /// Shows a message, such as a failed sign-in.
    ///
    /// - Parameter alert: What to show.
    func showAlert(_ alert: AlertContent<Never>)

    /// Leaves the login screen for the home screen.
    ///
    /// - Parameter user: The user who signed in.
    func moveToHomeScreen(for user: User)
}

/// The login screen's view, as ``LoginViewModel`` sees it: reloads, alerts and navigation.
///
/// A composition rather than a refining protocol, so the ViewModel can hand it to ``OutputStore`` as is.
public typealias LoginViewModelDelegate = LoginNavigating & ReloadDelegate<LoginOutputs>
