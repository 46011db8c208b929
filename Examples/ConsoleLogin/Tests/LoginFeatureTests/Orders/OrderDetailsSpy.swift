import LoginFeature
import PureMVVM
import PureMVVMTesting

/// An order details screen's view in its tests: reloads, alerts, and closing the screen.
@MainActor
final class OrderDetailsSpy: OrderDetailsViewModelDelegate, DelegateSpy {
    enum Event: Equatable, Sendable {
        case alert(AlertContent<OrderDetailsAlertAction>)
        case closed
    }

    let recorder = DelegateRecorder<OrderDetailsOutputs, Event>()
    func showAlert(_ alert: AlertContent<OrderDetailsAlertAction>) { recorder.record(.alert(alert)) }
    func closeOrderDetails() { recorder.record(.closed) }
}
