internal import BenchKit
internal import LoginFeature
internal import PureMVVM
internal import PureMVVMTesting

/// A contract explorer over the login screen, as a test runs one: each event is one random sequence of up to 12
/// edits of the username and the password, drawn from the explorer's text corpus (empty, short, long, NFD, emoji,
/// control characters, 10,000 characters), each step sent through `ViewModelTester` with the contract checked, a
/// turn of the main actor for asynchronous reloads, the outputs read twice, and an invariant. The unit is a step:
/// the workload counts the steps it ran, as the number depends on the seeded sequences.
///
/// The invariant checks every step against the seed's rule computed here, without the ViewModel (a field is valid
/// from 6 characters; login is enabled when both are), and the checksum folds, per sequence, whether every step
/// held it. A failing sequence would also be shrunk, which makes more sequences than events and so another
/// checksum.
@MainActor
final class ExplorerWorkload: EventWorkload {
    /// What the screen must show, worked out from the texts typed.
    private final class Model {
        var isUsernameValid = false
        var isPasswordValid = false
        var isEdited = (username: false, password: false)
        var held = true

        func holds(_ outputs: LoginOutputs) -> Bool {
            let ok =
                outputs.usernameBorder.isValid == (isEdited.username && isUsernameValid)
                && outputs.passwordBorder.isValid == (isEdited.password && isPasswordValid)
                && outputs.isLoginEnabled == (isUsernameValid && isPasswordValid) && !outputs.isLoading
                && !outputs.isLockedOut
            held = held && ok
            return ok
        }

        /// At least 6 characters, counting no further than the sixth: the corpus holds 10,000 of them.
        static func isValid(_ text: String?) -> Bool { (text ?? "").prefix(6).count == 6 }
    }

    private var model = Model()
    private var sequences = 0
    private var steps = 0
    private var checksum = Checksum()

    func run(events count: Int) {
        let explorer = ContractExplorer(
            { [unowned self] in makeTester() },
            inputs: [
                .call("usernameDidChange(_:)", with: .optionalText(around: [6], including: ["dimsky"])) {
                    [unowned self] viewModel, text in
                    steps += 1
                    model.isUsernameValid = Model.isValid(text)
                    model.isEdited.username = true
                    viewModel.usernameDidChange(text)
                },
                .call("passwordDidChange(_:)", with: .optionalText(around: [6], including: ["balabala"])) {
                    [unowned self] viewModel, text in
                    steps += 1
                    model.isPasswordValid = Model.isValid(text)
                    model.isEdited.password = true
                    viewModel.passwordDidChange(text)
                },
            ])
        explorer.seed = 20_260_101
        explorer.runs = count
        explorer.invariant("the borders and the button follow the seed's rule") { [unowned self] in model.holds($0) }
        ExplorerRuns.runQuietly { await explorer.run() }
        finishSequence()
    }

    /// The sequences run, whether each held the rule, and the steps run.
    var outcome: Outcome { Outcome(checksum: checksum.value, renders: steps) }

    /// What a fresh workload must show after a number of sequences: each held the rule.
    ///
    /// - Parameter count: The sequences.
    /// - Returns: The checksum; the steps are counted by the run.
    nonisolated static func expected(events count: Int) -> Outcome {
        ExplorerRuns.expected(sequences: count)
    }

    private func makeTester() -> ViewModelTester<LoginViewModel, LoginTestSpy> {
        finishSequence()
        sequences += 1
        model = Model()
        return ViewModelTester(LoginViewModel(authenticator: NoAuthenticator(), rules: .seed), spy: LoginTestSpy())
    }

    /// Folds whether the sequence that ended held the rule.
    private func finishSequence() {
        guard sequences > 0 else { return }
        checksum.add(model.held ? 1 : 0)
    }
}
