public import LoginFeature

/// How a login screen leaves: the platform's navigation, like a navigation controller in UIKit.
///
/// Whichever role a pattern gives navigation to (MVC's controller, MVP's view, VIPER's router…) calls it here.
@MainActor
public protocol LoginNavigator: AnyObject {
    /// Leaves the login screen for the home screen: the user signed in.
    ///
    /// - Parameter user: The user who signed in.
    func showHomeScreen(for user: User)

    /// Ends the session without signing in: the failure policy's last attempt failed.
    func endSession()
}
