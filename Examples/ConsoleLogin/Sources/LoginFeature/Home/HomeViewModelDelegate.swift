public import PureMVVM

/// What the home screen asks its view for besides reloads: navigation.
@MainActor
public protocol HomeNavigating: AnyObject {
    /// Opens the screen a menu cell leads to.
    ///
    /// - Parameter item: The selected menu item.
    func moveToMenuItem(_ item: MenuItem)

    /// Signs out and returns to the login screen.
    func moveToLoginScreen()
}

/// The home screen's view, as ``HomeViewModel`` sees it: reloads and navigation.
public typealias HomeViewModelDelegate = HomeNavigating & ReloadDelegate<HomeOutputs>
