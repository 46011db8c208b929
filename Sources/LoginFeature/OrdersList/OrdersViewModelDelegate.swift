public import PureMVVM

/// What the orders screen asks its view for besides reloads: navigation.
@MainActor
public protocol OrdersNavigating: AnyObject {
    /// Opens an order's details screen.
    ///
    /// - Parameter details: The order, ready to show.
    func moveToOrderDetails(_ details: OrderDetails)
}

/// The orders screen's view, as ``OrdersViewModel`` sees it: reloads and navigation.
public typealias OrdersViewModelDelegate = OrdersNavigating & ReloadDelegate<OrdersOutputs>
