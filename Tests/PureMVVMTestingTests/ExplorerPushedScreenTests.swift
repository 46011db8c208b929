import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The explorer follows a screen that the explored one pushes, handing over its ViewModel: the next screen's inputs
/// join the sequence and its contract is checked.
@MainActor
final class ExplorerPushedScreenTests: GuardedTestCase {
    private func makeExplorer(noteForgetsToReload: Bool) -> ContractExplorer<InboxViewModel, InboxSpy> {
        let explorer = ContractExplorer(
            { ViewModelTester(InboxViewModel(noteForgetsToReload: noteForgetsToReload), spy: InboxSpy()) },
            inputs: [.call(with: .int(in: 0...2)) { $0.messageDidSelect(at: $1) }])
        explorer.pushedScreens(
            MessageViewModel.self,
            from: { if case .message(let viewModel) = $0 { viewModel } else { nil } },
            spy: { ReloadSpy() },
            inputs: [.call(with: .int(in: 0...2)) { $0.starButtonDidTap(times: $1) }])
        explorer.seed = 11
        explorer.runs = 60
        return explorer
    }

    func testABugInThePushedScreenIsFoundThroughTheScreenThatPushedIt() async {
        let reports = await FailureReporter.capture { await makeExplorer(noteForgetsToReload: true).run() }
        assertOneFailure(
            reports, containing: "changed isStarred (false → true) without a reload.",
            "    let pushed1 = await tester.receive({ if case .message(let viewModel) = $0 { viewModel } else { nil } })\n"
                + "        let screen1 = try XCTUnwrap(pushed1)\n",
            "    let child1 = tester.pushedScreen(screen1, spy: { ReloadSpy() }())\n",
            "    child1.send({ $0.starButtonDidTap(times: 1) })")
    }

    func testAPushedScreenThatKeepsTheContractPasses() async {
        let reports = await FailureReporter.capture { await makeExplorer(noteForgetsToReload: false).run() }
        XCTAssertEqual(reports.failures.messages, [])
    }

    /// `from` is called once for each delegate call, as the printed test's `receive` calls it: a `from` that hands
    /// the screen over once, as a navigation stack's spy that lets it go does, is followed like any other.
    func testAScreenHandedOverOnceIsFollowed() async {
        var calls = 0
        weak var handedOver: MessageViewModel?
        let explorer = ContractExplorer(
            { ViewModelTester(InboxViewModel(noteForgetsToReload: true), spy: InboxSpy()) },
            inputs: [.call(with: .int(in: 0...2)) { $0.messageDidSelect(at: $1) }])
        explorer.pushedScreens(
            MessageViewModel.self,
            from: { event in
                calls += 1
                // The screen once: nil when asked again for the same call.
                guard case .message(let viewModel) = event, handedOver !== viewModel else { return nil }
                handedOver = viewModel
                return viewModel
            },
            spy: { ReloadSpy() },
            inputs: [.call(with: .int(in: 0...2)) { $0.starButtonDidTap(times: $1) }])
        explorer.seed = 11
        explorer.runs = 60
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(reports, containing: "changed isStarred (false → true) without a reload.")
        XCTAssertGreaterThan(calls, 0)
    }

    func testThePrintedReproductionWithAPushedScreenFailsTheSameWay() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(InboxViewModel(noteForgetsToReload: true), spy: InboxSpy())
            try? await exploredSequence(tester)
        }
        assertOneFailure(
            reports, containing: "`starButtonDidTap(times: 1)` changed isStarred (false → true) without a reload.")
    }

    private func exploredSequence(_ tester: ViewModelTester<InboxViewModel, InboxSpy>) async throws {
        tester.strictness = .partial
        tester.send({ $0.messageDidSelect(at: 0) })
        await tester.settle()
        let pushed1 = await tester.receive({ if case .message(let viewModel) = $0 { viewModel } else { nil } })
        let screen1 = try XCTUnwrap(pushed1)
        let child1 = tester.pushedScreen(screen1, spy: { ReloadSpy() }())
        child1.strictness = .partial
        child1.send({ $0.starButtonDidTap(times: 1) })
    }
}

// MARK: - An inbox that pushes a message's screen

struct InboxOutputs: ViewOutputs {
    var selected: Int?
    enum Field: Int, OutputField { case selected }
    func hasChanged(_ field: Field, since old: Self) -> Bool { selected != old.selected }
}

struct MessageOutputs: ViewOutputs {
    var isStarred = false
    enum Field: Int, OutputField { case isStarred }
    func hasChanged(_ field: Field, since old: Self) -> Bool { isStarred != old.isStarred }
}

@MainActor
protocol InboxNavigating: AnyObject {
    /// Shows a message: the next screen's ViewModel, made by the inbox.
    func showMessage(_ viewModel: MessageViewModel)
}

enum InboxEvent: Equatable, CustomStringConvertible {
    case message(MessageViewModel)

    static func == (lhs: InboxEvent, rhs: InboxEvent) -> Bool {
        switch (lhs, rhs) {
        case (.message(let left), .message(let right)): left === right
        }
    }

    var description: String { "message" }
}

@MainActor
final class InboxSpy: InboxNavigating, ReloadDelegate, DelegateSpy {
    let recorder = DelegateRecorder<InboxOutputs, InboxEvent>()
    func showMessage(_ viewModel: MessageViewModel) { recorder.record(.message(viewModel)) }
}

@MainActor
final class InboxViewModel: ViewModel {
    weak var delegate: (any InboxNavigating & ReloadDelegate<InboxOutputs>)?
    var outputs: InboxOutputs { store.outputs }
    private let store = OutputStore(InboxOutputs())
    private let noteForgetsToReload: Bool

    init(noteForgetsToReload: Bool) { self.noteForgetsToReload = noteForgetsToReload }

    func messageDidSelect(at index: Int) {
        store.update(notifying: delegate) { $0.selected = index }
        delegate?.showMessage(MessageViewModel(forgetsToReload: noteForgetsToReload))
    }
}

@MainActor
final class MessageViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<MessageOutputs>)?
    private(set) var outputs = MessageOutputs()
    private let forgetsToReload: Bool

    init(forgetsToReload: Bool) { self.forgetsToReload = forgetsToReload }

    /// Stars the message when tapped an odd number of times.
    func starButtonDidTap(times: Int) {
        let starred = times % 2 == 1 ? !outputs.isStarred : outputs.isStarred
        guard starred != outputs.isStarred else { return }
        outputs.isStarred = starred
        if !forgetsToReload { delegate?.reloadViews([.isStarred], from: ReadOnlyOutputs(outputs)) }
    }
}
