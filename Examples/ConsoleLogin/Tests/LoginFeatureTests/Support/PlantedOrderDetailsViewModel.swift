import PureMVVM

@testable import LoginFeature

/// A bug planted in ``PlantedOrderDetailsViewModel``, a copy of an order's details screen, for the tests that must
/// catch it.
enum PlantedOrderDetailsBug {
    /// A double submit: a tap on save while a save runs is not refused. The save button is off meanwhile, but the
    /// tap checks only the note, and the save's task replaces the one in flight instead of refusing to start; so a
    /// second tap (a double tap, the keyboard's return key) sends the note again before the first save answered.
    case doubleSubmit
    /// The note field's border changes without a reload, as if the field drew its own border as the user types:
    /// the view shows a stale border.
    case borderWithoutReload
    /// The save's answer ends the save without a reload: the view keeps showing "Saving…", with the button off.
    case savedWithoutReload
}

/// `OrderDetailsViewModel` with one bug planted (``PlantedOrderDetailsBug``), chosen when it is made; it tells no
/// list what happened (the real one's `report`), which the bugs do not touch.
///
/// A copy of the real screen, so that the real one stays free of test switches; apart from the bug's steps, keep
/// it as the real one is.
@MainActor
final class PlantedOrderDetailsViewModel: ViewModel {
    weak var delegate: (any OrderDetailsViewModelDelegate)?
    var outputs: OrderDetailsOutputs { store.outputs }

    private let bug: PlantedOrderDetailsBug
    private let store: OutputStore<OrderDetailsOutputs>
    private let orderID: Order.ID
    private let username: String
    private let service: any OrderService
    private var note = ValidatedField(rule: DeliveryNote.rule(in: .english), whitespace: .trim)
    private let save: InFlightTask<Order, OrderServiceError>
    private var isClosed = false

    init(_ bug: PlantedOrderDetailsBug, order: Order, username: String, service: any OrderService) {
        self.bug = bug
        orderID = order.id
        self.username = username
        self.service = service
        // The double submit: a save replaces the one in flight (the default) instead of being refused.
        save = InFlightTask(overlap: bug == .doubleSubmit ? .cancelPrevious : .refuse)
        store = OutputStore(
            OrderDetailsOutputs(details: OrderDetails(order, language: .english), savedNote: order.deliveryNote))
    }

    func noteDidChange(_ text: String?) {
        note.edit(text)
        if bug == .borderWithoutReload {
            // The bug: the border is written without telling the view.
            store.update(notifying: nil) { $0.noteBorder = note.border }
        }
        store.update(notifying: delegate) { outputs in
            outputs.noteBorder = note.border
            outputs.isSaveEnabled = !outputs.isSaving && isNoteSavable(savedNote: outputs.savedNote)
        }
    }

    func saveButtonDidTap() {
        // The double submit again: the tap checks the note, not whether a save runs.
        let works = bug == .doubleSubmit ? isNoteSavable(savedNote: outputs.savedNote) : outputs.isSaveEnabled
        guard works, !isClosed, let text = note.value else { return }
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

    func closeButtonDidTap() {
        guard !isClosed else { return }
        isClosed = true
        save.cancel()
        store.update(notifying: delegate) { $0.isSaving = false }
        delegate?.closeOrderDetails()
    }

    private func saveDidFinish(_ result: Result<Order, OrderServiceError>) {
        switch result {
        case .success(let order):
            // The answer without a reload, for that bug.
            store.update(notifying: bug == .savedWithoutReload ? nil : delegate) { outputs in
                outputs.savedNote = order.deliveryNote
                outputs.isSaving = false
                outputs.isSaveEnabled = isNoteSavable(savedNote: order.deliveryNote)
            }
        case .failure(let error):
            store.update(notifying: delegate) { outputs in
                outputs.isSaving = false
                outputs.isSaveEnabled = isNoteSavable(savedNote: outputs.savedNote)
            }
            delegate?.showAlert(OrderText(language: .english).noteNotSaved(error))
        }
    }

    private func isNoteSavable(savedNote: String) -> Bool {
        note.isValid && note.value != savedNote
    }
}
