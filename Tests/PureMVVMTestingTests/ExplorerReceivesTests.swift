import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// After each step the explorer receives what arrived, as the printed test does: a reload behind another call is
/// received too, and checked then (as a tester checks one left at a test's end).
@MainActor
final class ExplorerReceivesTests: GuardedTestCase {
    /// The step's work tells the view a notice, then reloads naming the wrong output: the explorer receives that
    /// reload, the second call after the step, and finds it there.
    func testAReloadThatIsTheSecondCallAfterAStepIsReceivedAndChecked() async {
        let explorer = ContractExplorer(
            { ViewModelTester(NoticeBoardViewModel(), spy: NoticeBoardSpy()) },
            inputs: [.call { $0.refreshButtonDidTap() }])
        explorer.pushedScreens(
            MessageViewModel.self, from: { if case .message(let screen) = $0 { screen } else { nil } },
            spy: { ReloadSpy() }, inputs: [])
        explorer.seed = 3
        explorer.runs = 5
        explorer.usesEnvironment = false
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(
            reports,
            containing: "An asynchronous reload sent reloadViews([title]), but the outputs that changed are [count].",
            "        await tester.settle()\n        await tester.receiveReload()\n    }")
    }

    /// A reload left unreceived at the end of a test, behind another call, is still held to the contract there.
    func testAReloadLeftAtTheEndBehindAnotherCallIsChecked() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(NoticeBoardViewModel(), spy: NoticeBoardSpy())
            tester.strictness = .partial
            tester.send { $0.refreshButtonDidTap() }
            await tester.settle()
        }
        assertOneFailure(
            reports,
            containing: "A reload that arrived after the last assertion sent reloadViews([title]), but the "
                + "outputs that changed are [count].")
    }
}

enum NoticeBoardEvent: Equatable, Sendable, CustomStringConvertible {
    case notice(String)
    case message(MessageViewModel)

    static func == (lhs: NoticeBoardEvent, rhs: NoticeBoardEvent) -> Bool {
        switch (lhs, rhs) {
        case (.notice(let left), .notice(let right)): left == right
        case (.message(let left), .message(let right)): left === right
        default: false
        }
    }

    var description: String {
        switch self {
        case .notice(let text): "notice(\(text))"
        case .message: "message"
        }
    }
}

@MainActor
protocol NoticeBoardNavigating: AnyObject {
    func showNotice(_ text: String)
    func showMessage(_ message: MessageViewModel)
}

@MainActor
final class NoticeBoardSpy: NoticeBoardNavigating, ReloadDelegate, DelegateSpy {
    let recorder = DelegateRecorder<CounterOutputs, NoticeBoardEvent>()
    func showNotice(_ text: String) { recorder.record(.notice(text)) }
    func showMessage(_ message: MessageViewModel) { recorder.record(.message(message)) }
}

/// Refreshes later: a notice, then a reload whose change set names the title where the count changed.
@MainActor
final class NoticeBoardViewModel: ViewModel {
    weak var delegate: (any NoticeBoardNavigating & ReloadDelegate<CounterOutputs>)?
    private(set) var outputs = CounterOutputs()
    private var task: Task<Void, Never>?

    deinit { task?.cancel() }

    func refreshButtonDidTap() {
        task = Task { [weak self] in
            await Task.yield()
            guard let self else { return }
            delegate?.showNotice("Refreshed")
            outputs.count += 1
            delegate?.reloadViews([.title], from: ReadOnlyOutputs(outputs))
        }
    }
}
