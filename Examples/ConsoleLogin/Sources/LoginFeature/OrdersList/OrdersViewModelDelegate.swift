public import PureMVVM

/// What the orders screen asks its view for besides reloads: navigation.
@MainActor
public protocol OrdersNavigating: AnyObject {
    /// Opens an order's details screen: show a screen with this ViewModel, and keep it as long as the screen
    /// shows (the orders screen keeps it only weakly).
    ///
    /// - Parameter details: The details screen's ViewModel, made for the order selected; its outputs hold the
    ///   order, ready to show.
    func moveToOrderDetails(_ details: OrderDetailsViewModel)
}

/// The orders screen's view, as ``OrdersViewModel`` sees it: reloads and navigation.
public typealias OrdersViewModelDelegate = OrdersNavigating & ReloadDelegate<OrdersOutputs>
