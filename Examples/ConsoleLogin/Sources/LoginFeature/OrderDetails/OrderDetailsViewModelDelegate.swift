public import PureMVVM

/// What an order's details screen asks its view for besides reloads: an alert, and closing the screen.
@MainActor
public protocol OrderDetailsNavigating: AnyObject {
    /// Shows a message, such as a note that could not be saved.
    ///
    /// - Parameter alert: What to show.
    func showAlert(_ alert: AlertContent<Never>)

    /// Closes the details screen, back to the orders list.
    func closeOrderDetails()
}

/// The order details screen's view, as ``OrderDetailsViewModel`` sees it: reloads, an alert and navigation.
public typealias OrderDetailsViewModelDelegate = OrderDetailsNavigating & ReloadDelegate<OrderDetailsOutputs>
