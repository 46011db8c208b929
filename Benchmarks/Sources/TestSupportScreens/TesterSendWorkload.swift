internal import BenchKit
internal import LoginFeature
internal import PureMVVM
internal import PureMVVMTesting

/// A test of the login screen that types one username after another, as a test writes it: each event is a
/// `ViewModelTester.send` with the change the test expects. That is what a test pays per event: the tester names
/// the input from the test's source line, the ViewModel runs and reloads, the spy records the reload with an
/// outputs snapshot, the tester collects it into its call log, checks the reload contract (one reload, naming
/// exactly what changed) and compares the outputs with the expected change.
///
/// Failures in PureMVVMTesting go to XCTest, which drops them outside a test, so the workload checks the passing
/// path itself: it keeps the outputs the tester compares with (the expected change applied to the outputs before
/// the event) and folds whether they equal the outputs after it, then those outputs, into the checksum. The
/// expected outcome, computed from the seed's rule without any ViewModel, holds only if every comparison passed.
@MainActor
final class TesterSendWorkload: EventWorkload {
    private let tester: ViewModelTester<LoginViewModel, LoginTestSpy>
    private var edits = UsernameEdits()
    private var checksum = Checksum()

    init() {
        let viewModel = LoginViewModel(authenticator: NoAuthenticator(), rules: .seed)
        viewModel.passwordDidChange(UsernameEdits.password)
        tester = ViewModelTester(viewModel, spy: LoginTestSpy())
    }

    func run(events count: Int) {
        for _ in 0..<count {
            let (text, isValid) = edits.next()
            var wanted = LoginOutputs()
            tester.send({ $0.usernameDidChange(text) }) {
                $0.usernameBorder = isValid ? .valid : UsernameEdits.tooShort
                $0.isLoginEnabled = isValid
                wanted = $0
            }
            let outputs = tester.viewModel.outputs
            checksum.add(wanted == outputs ? 1 : 0)
            UsernameEdits.fold(outputs, into: &checksum)
        }
    }

    /// Whether each event's outputs were as expected, the outputs after every event, and the delegate calls the
    /// spy recorded.
    var outcome: Outcome { Outcome(checksum: checksum.value, renders: tester.spy.recorder.callCount) }
}
