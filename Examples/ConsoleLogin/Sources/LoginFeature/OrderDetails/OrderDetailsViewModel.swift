public import PureMVVM

/// The ViewModel of one order's details screen, which the orders list opens (``OrdersViewModel/orderDidSelect(at:)``):
/// the order, and its delivery note, which the user edits and saves through the ``OrderService``.
///
/// ```swift
/// // In the orders view's OrdersNavigating conformance:
/// func moveToOrderDetails(_ details: OrderDetailsViewModel) {
///     let screen = OrderDetailsView(viewModel: details)   // sets itself as the delegate
///     navigationController.pushViewController(screen, animated: true)
/// }
///
/// // In the details screen's view:
/// details.noteDidChange("Leave it at the door.")   // the border, the save button
/// details.saveButtonDidTap()                       // isSaving; then the note saved, or an alert
/// details.alertButtonDidTap(.saveAgain)            // the alert's "Try again"
/// details.closeButtonDidTap()                      // delegate: closeOrderDetails()
/// ```
///
/// ## Handed over by the list, reporting back to it
///
/// The orders list makes this ViewModel when an order is selected, with what it needs (the order, the user, the
/// service, the language, the delivery notes the two screens share), and hands it to its view in a navigation call:
/// the list's view shows the next screen, the ViewModel never presents anything. Whoever shows the screen owns the
/// ViewModel; the list keeps only a weak reference. A saved note goes into the shared delivery notes
/// (``OrdersViewModel/deliveryNotes``), and the list, which observes them, shows it in the order's row at once. The
/// list learns that the screen closed through a callback it gave at creation, which holds the list weakly (the list
/// then opens a details screen again; until then a second selection, such as a double tap, opens nothing). A screen
/// freed without closing, such as one the system dismissed, counts as closed: the list's weak reference is gone.
///
/// A save runs in an `InFlightTask` that refuses a second tap while it runs. Closing the screen, or freeing its
/// ViewModel, cancels the save in flight: nothing is shown or reported for it.
@MainActor
public final class OrderDetailsViewModel: ViewModel {
    /// What the details screen tells the list that opened it.
    enum Report {
        /// The screen was closed.
        case closed
    }

    /// The details screen's view; held weakly.
    public weak var delegate: (any OrderDetailsViewModelDelegate)?

    /// Everything the details screen shows right now.
    public var outputs: OrderDetailsOutputs { store.outputs }

    private let store: OutputStore<OrderDetailsOutputs>
    private let orderID: Order.ID
    private let username: String
    private let service: any OrderService
    private let language: Language
    private let report: @MainActor (Report) -> Void
    private let deliveryNotes: SharedState<[Order.ID: String]>
    private var note: ValidatedField
    private let save = InFlightTask<Order, OrderServiceError>(overlap: .refuse)
    private var isClosed = false

    /// Creates an order's details screen; only ``OrdersViewModel`` makes them.
    ///
    /// - Parameters:
    ///   - order: The order, as the list has it.
    ///   - username: Whose order it is.
    ///   - service: Where the note is saved.
    ///   - language: The language of the words.
    ///   - deliveryNotes: The delivery notes the list shares with this screen: a saved note goes there.
    ///   - report: Tells the list what happened; it must hold the list weakly.
    init(
        order: Order, username: String, service: any OrderService, language: Language,
        deliveryNotes: SharedState<[Order.ID: String]>, report: @escaping @MainActor (Report) -> Void
    ) {
        orderID = order.id
        self.username = username
        self.service = service
        self.language = language
        self.deliveryNotes = deliveryNotes
        self.report = report
        note = ValidatedField(rule: DeliveryNote.rule(in: language), whitespace: .trim)
        store = OutputStore(
            OrderDetailsOutputs(
                details: OrderDetails(order, language: language),
                savedNote: deliveryNotes.value[order.id] ?? order.deliveryNote))
    }

    // MARK: Inputs

    /// The note field's text changed: checks it, and enables the save button for a valid note that differs from
    /// the saved one.
    ///
    /// - Parameter text: The field's whole text.
    public func noteDidChange(_ text: String?) {
        note.edit(text)
        showNote()
    }

    /// The save button was pressed: saves the note through the service. Ignored while the button does not work
    /// (an invalid note, the note saved already, a save running).
    public func saveButtonDidTap() {
        guard outputs.isSaveEnabled, !isClosed, let text = note.value else { return }
        let started = save.start { [service, orderID, username] () async throws(OrderServiceError) -> Order in
            try await service.saveDeliveryNote(text, for: orderID, of: username)
        } then: { [weak self] result in
            self?.saveDidFinish(result)
        }
        guard started else { return }
        store.update(notifying: delegate) { outputs in
            outputs.isSaving = true
            outputs.isSaveEnabled = false
        }
    }

    /// A button of the screen's alert was picked: ``OrderDetailsAlertAction/saveAgain`` saves the note again, as
    /// the save button does. (The alert's cancel button has no action: the view only dismisses the alert.)
    ///
    /// - Parameter action: The action of the button picked.
    public func alertButtonDidTap(_ action: OrderDetailsAlertAction) {
        switch action {
        case .saveAgain: saveButtonDidTap()
        }
    }

    /// The close button was pressed (or the back button, or a swipe back): cancels a save in flight, tells the
    /// list, and closes the screen. An edit not saved is dropped.
    public func closeButtonDidTap() {
        guard !isClosed else { return }
        isClosed = true
        save.cancel()
        store.update(notifying: delegate) { $0.isSaving = false }
        report(.closed)
        delegate?.closeOrderDetails()
    }

    // MARK: Private

    private func saveDidFinish(_ result: Result<Order, OrderServiceError>) {
        switch result {
        case .success(let order):
            // Shared first, for the list; this screen shows the note in its own reload.
            deliveryNotes.update(by: self) { $0[order.id] = order.deliveryNote }
            store.update(notifying: delegate) { outputs in
                outputs.savedNote = order.deliveryNote
                outputs.isSaving = false
                outputs.isSaveEnabled = isNoteSavable(savedNote: order.deliveryNote)
            }
        case .failure(let error):
            // The text stays as typed: the user can save it again.
            store.update(notifying: delegate) { outputs in
                outputs.isSaving = false
                outputs.isSaveEnabled = isNoteSavable(savedNote: outputs.savedNote)
            }
            delegate?.showAlert(OrderText(language: language).noteNotSaved(error))
        }
    }

    private func showNote() {
        store.update(notifying: delegate) { outputs in
            outputs.noteBorder = note.border
            outputs.isSaveEnabled = !outputs.isSaving && isNoteSavable(savedNote: outputs.savedNote)
        }
    }

    /// Whether the note typed can be saved: it is valid and differs from the one saved.
    private func isNoteSavable(savedNote: String) -> Bool {
        note.isValid && note.value != savedNote
    }
}
