public import PureMVVM

/// The ViewModel of one order's cell in the orders list: a child of ``OrdersViewModel``, which keeps one per order
/// (the same one for the same order across pages and refreshes) and hands it out with
/// ``OrdersViewModel/rowViewModel(at:)``.
///
/// It shows its row and cancels the order through the service: "Cancelling…" while the service works, then the
/// order as the service returns it, or why it failed. It tells the parent what happened to the order through a
/// callback that holds the parent weakly, never through a strong reference: the parent owns its children.
///
/// ```swift
/// let row = orders.rowViewModel(at: 0)
/// row.delegate = cell
/// row.cancelButtonDidTap()    // isCancelling; then the order cancelled, or cancelFailure
/// ```
@MainActor
public final class OrderRowViewModel: ViewModel {
    /// What a child tells its parent about its order.
    enum Report {
        /// The order as the service returned it (cancelled, or its status now when it could not be).
        case changed(Order)
        /// The service no longer has the order.
        case removed(Order.ID)
    }

    /// The cell's view; held weakly.
    public weak var delegate: (any ReloadDelegate<OrderRowOutputs>)?

    /// Everything the cell shows right now.
    public var outputs: OrderRowOutputs { store.outputs }

    private let store: OutputStore<OrderRowOutputs>
    private let username: String
    private let service: any OrderService
    private let language: Language
    private let report: @MainActor (Report) -> Void
    /// The cancel in flight: one at a time, cancelled if the row's child is freed first.
    private let cancelRequest = InFlightTask<Order, OrderServiceError>(overlap: .refuse)

    /// Creates a row's child; only ``OrdersViewModel`` makes them.
    ///
    /// - Parameters:
    ///   - row: The row.
    ///   - username: Whose order it is.
    ///   - service: Where cancels go.
    ///   - language: The language of the failures' sentences.
    ///   - report: Tells the parent what happened to the order; it must hold the parent weakly.
    init(
        row: OrderRow, username: String, service: any OrderService, language: Language,
        report: @escaping @MainActor (Report) -> Void
    ) {
        self.username = username
        self.service = service
        self.language = language
        self.report = report
        store = OutputStore(OrderRowOutputs(row: row, isCancelEnabled: row.isCancellable))
    }

    // MARK: Inputs

    /// The cancel button was pressed: cancels the order through the service. Ignored while the button does not
    /// work (the order cannot be cancelled, or a cancel is running).
    public func cancelButtonDidTap() {
        guard outputs.isCancelEnabled, !cancelRequest.isRunning else { return }
        store.update(notifying: delegate) { outputs in
            outputs.isCancelling = true
            outputs.isCancelEnabled = false
            outputs.cancelFailure = nil
        }
        let id = outputs.row.id
        cancelRequest.start { [service, username] () async throws(OrderServiceError) -> Order in
            try await service.cancelOrder(id, of: username)
        } then: { [weak self] result in
            self?.cancelDidFinish(result)
        }
    }

    // MARK: From the parent

    /// The parent has a new value for the row (same order): shows it.
    func rowDidChange(_ row: OrderRow) {
        store.update(notifying: delegate) { outputs in
            outputs.row = row
            outputs.isCancelEnabled = row.isCancellable && !outputs.isCancelling
        }
    }

    // MARK: Private

    private func cancelDidFinish(_ result: Result<Order, OrderServiceError>) {
        let text = OrderText(language: language)
        switch result {
        case .failure(.cancelled):
            return  // the service gave up: nothing to show (a cancel this row cancelled never gets here)
        case .success(let order):
            show(order, failure: nil)
            report(.changed(order))
        case .failure(.notCancellable(let order)):
            show(order, failure: text.sentence(for: .notCancellable(order)))
            report(.changed(order))
        case .failure(.notFound(let id)):
            store.update(notifying: delegate) { outputs in
                outputs.isCancelling = false
                outputs.cancelFailure = text.sentence(for: .notFound(id))
            }
            report(.removed(id))
        case .failure(let error):
            store.update(notifying: delegate) { outputs in
                outputs.isCancelling = false
                outputs.isCancelEnabled = outputs.row.isCancellable
                outputs.cancelFailure = text.sentence(for: error)
            }
        }
    }

    private func show(_ order: Order, failure: String?) {
        let row = OrderRow(order, language: language)
        store.update(notifying: delegate) { outputs in
            outputs.row = row
            outputs.isCancelling = false
            outputs.isCancelEnabled = row.isCancellable
            outputs.cancelFailure = failure
        }
    }
}
