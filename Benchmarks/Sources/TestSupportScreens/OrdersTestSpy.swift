internal import LoginFeature
internal import PureMVVM
internal import PureMVVMTesting

/// The orders screen's spy, as `Examples/ConsoleLogin/Tests/LoginFeatureTests/Orders/OrdersSpy.swift` writes it:
/// reloads come from `DelegateSpy`, a details screen opened is recorded as an event (and not kept: the benchmark
/// does not follow it).
@MainActor
final class OrdersTestSpy: OrdersViewModelDelegate, DelegateSpy {
    enum Event: Equatable, Sendable {
        case details(Order.ID)
    }

    let recorder = DelegateRecorder<OrdersOutputs, Event>()
    func moveToOrderDetails(_ details: OrderDetailsViewModel) { recorder.record(.details(details.outputs.details.id)) }
}
