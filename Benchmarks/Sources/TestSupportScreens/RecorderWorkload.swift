internal import BenchKit
internal import LoginFeature
internal import PureMVVM
internal import PureMVVMTesting

/// The login ViewModel with a spy as its delegate and no tester: each event runs the ViewModel and
/// `DelegateRecorder.recordReload` (a lock, a main-thread check, an append, a signal), and nothing reads the
/// recorded calls. It keeps a snapshot of the outputs each reload hands the view; without a tester it is not bound
/// to the ViewModel, so it does not read the ViewModel's own outputs to compare. The floor under
/// ``TesterSendWorkload``.
@MainActor
final class RecorderWorkload: EventWorkload {
    private let viewModel = LoginViewModel(authenticator: NoAuthenticator(), rules: .seed)
    private let spy = LoginTestSpy()
    private var edits = UsernameEdits()
    private var checksum = Checksum()

    init() {
        viewModel.passwordDidChange(UsernameEdits.password)
        viewModel.delegate = spy
    }

    func run(events count: Int) {
        for _ in 0..<count {
            viewModel.usernameDidChange(edits.next().text)
            UsernameEdits.fold(viewModel.outputs, into: &checksum)
        }
    }

    /// The outputs after every event, and the delegate calls the spy recorded.
    var outcome: Outcome { Outcome(checksum: checksum.value, renders: spy.recorder.callCount) }
}
