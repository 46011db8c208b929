public import PureMVVM

/// What the sign-up screen asks its view for besides reloads: alerts and navigation.
@MainActor
public protocol SignupNavigating: AnyObject {
    /// Shows a message, such as a sign-up the service could not complete.
    ///
    /// - Parameter alert: What to show.
    func showAlert(_ alert: AlertContent<Never>)

    /// Leaves the sign-up screen for the home screen: the new account is signed in.
    ///
    /// - Parameter user: The user the account was created for.
    func moveToHomeScreen(for user: User)
}

/// The sign-up screen's view, as ``SignupViewModel`` sees it: reloads, alerts and navigation.
public typealias SignupViewModelDelegate = SignupNavigating & ReloadDelegate<SignupOutputs>
