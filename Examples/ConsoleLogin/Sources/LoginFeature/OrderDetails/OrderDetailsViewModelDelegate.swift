public import PureMVVM

/// What an order's details screen asks its view for besides reloads: an alert, and closing the screen.
@MainActor
public protocol OrderDetailsNavigating: AnyObject {
    /// Shows an alert, such as a note that could not be saved, with the buttons that answer it: the view hands the
    /// action of the button picked to ``OrderDetailsViewModel/alertButtonDidTap(_:)``.
    ///
    /// - Parameter alert: What to show.
    func showAlert(_ alert: AlertContent<OrderDetailsAlertAction>)

    /// Closes the details screen, back to the orders list.
    func closeOrderDetails()
}

/// The order details screen's view, as ``OrderDetailsViewModel`` sees it: reloads, an alert and navigation.
public typealias OrderDetailsViewModelDelegate = OrderDetailsNavigating & ReloadDelegate<OrderDetailsOutputs>
