import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// An alert and its buttons are one expectation: the title, the message, each button's title, role and answer.
@MainActor
final class AlertButtonsTests: GuardedTestCase {
    private enum Answer: Hashable, Sendable { case discard }

    private enum Event: Equatable, Sendable { case alert(AlertContent<Answer>), discarded }

    @MainActor private protocol DraftNavigating: AnyObject {
        func showAlert(_ alert: AlertContent<Answer>)
        func moveToDiscardedScreen()
    }

    private final class DraftSpy: DraftNavigating, ReloadDelegate, DelegateSpy {
        let recorder = DelegateRecorder<CounterOutputs, Event>()
        func showAlert(_ alert: AlertContent<Answer>) { recorder.record(.alert(alert)) }
        func moveToDiscardedScreen() { recorder.record(.discarded) }
    }

    private final class DraftViewModel: ViewModel {
        weak var delegate: (any DraftNavigating & ReloadDelegate<CounterOutputs>)?
        var outputs: CounterOutputs { CounterOutputs() }
        var role = AlertContent<Answer>.Button.Role.destructive

        func discardButtonDidTap() {
            delegate?.showAlert(
                AlertContent(
                    title: "Discard the draft?", message: "It is lost.",
                    buttons: [.cancel("Keep"), AlertContent.Button("Discard", role: role, action: .discard)]))
        }

        func alertButtonDidTap(_ answer: Answer) {
            delegate?.moveToDiscardedScreen()
        }
    }

    private let expected = AlertContent<Answer>(
        title: "Discard the draft?", message: "It is lost.",
        buttons: [.cancel("Keep"), .destructive("Discard", action: .discard)])

    func testTheAlertAndItsButtonsAreAssertedAtOnceAndAButtonsAnswerIsAnInput() async {
        let tester = ViewModelTester(DraftViewModel(), spy: DraftSpy())
        tester.send { $0.discardButtonDidTap() }
        await tester.receive(.alert(expected))
        tester.send { $0.alertButtonDidTap(.discard) }
        await tester.receive(.discarded)
    }

    func testAButtonWithAnotherRoleFailsTheExpectation() async {
        let reports = await FailureReporter.capture {
            let viewModel = DraftViewModel()
            viewModel.role = .cancel
            let tester = ViewModelTester(viewModel, spy: DraftSpy())
            tester.send { $0.discardButtonDidTap() }
            await tester.receive(.alert(expected))
        }
        XCTAssertEqual(reports.failures.count, 1, reports.messages.joined(separator: "\n"))
        XCTAssertTrue(reports.failures.first?.message.contains("destructive") == true, reports.messages.joined())
    }
}
