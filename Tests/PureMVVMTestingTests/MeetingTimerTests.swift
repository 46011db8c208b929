import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

// MARK: - A meeting timer: a screen that shows the time left

/// What the meeting timer shows: the time left, and whether it runs.
struct MeetingTimerOutputs: ViewOutputs {
    var timeLeft: String
    var isRunning = false

    enum Field: Int, OutputField { case timeLeft, isRunning }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .timeLeft: timeLeft != old.timeLeft
        case .isRunning: isRunning != old.isRunning
        }
    }
}

@MainActor
protocol MeetingTimerNavigating: AnyObject {
    func meetingDidEnd()
}

typealias MeetingTimerDelegate = MeetingTimerNavigating & ReloadDelegate<MeetingTimerOutputs>

@MainActor
final class MeetingTimerViewModel: ViewModel {
    weak var delegate: (any MeetingTimerDelegate)?
    var outputs: MeetingTimerOutputs { store.outputs }
    private let store: OutputStore<MeetingTimerOutputs>
    private let clock: any Clock<Duration>
    private var secondsLeft: Int
    private var timer: Task<Void, Never>?

    init(minutes: Int, clock: any Clock<Duration>) {
        secondsLeft = minutes * 60
        self.clock = clock
        store = OutputStore(MeetingTimerOutputs(timeLeft: Self.text(minutes * 60)))
    }

    deinit { timer?.cancel() }

    func startButtonDidTap() {
        guard timer == nil else { return }
        store.update(notifying: delegate) { $0.isRunning = true }
        timer = Task { [weak self, clock] in
            // One tick a second, each after a sleep of its own.
            while (try? await clock.sleep(for: .seconds(1))) != nil {
                guard let self, self.tick() else { return }
            }
        }
    }

    /// Counts a second down; `false` once the meeting is over.
    private func tick() -> Bool {
        secondsLeft -= 1
        let isOver = secondsLeft == 0
        store.update(notifying: delegate) {
            $0.timeLeft = Self.text(secondsLeft)
            $0.isRunning = !isOver
        }
        if isOver { delegate?.meetingDidEnd() }
        return !isOver
    }

    private static func text(_ seconds: Int) -> String {
        "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
    }
}

@MainActor
final class MeetingTimerSpy: MeetingTimerNavigating, ReloadDelegate, DelegateSpy {
    enum Event: Equatable, Sendable { case ended }
    let recorder = DelegateRecorder<MeetingTimerOutputs, Event>()
    func meetingDidEnd() { recorder.record(.ended) }
}

/// The timer example of "Time and timers" in the testing article: one advance, a tick for each second in it.
@MainActor
final class MeetingTimerTests: GuardedTestCase {
    func testTheTimerShowsTheTimeLeftEverySecond() async {
        let clock = ManualClock()
        let timer = MeetingTimerViewModel(minutes: 1, clock: clock)
        let tester = ViewModelTester(timer, spy: MeetingTimerSpy())
        tester.send({ $0.startButtonDidTap() }) { $0.isRunning = true }

        await clock.advance(by: .seconds(3))  // three ticks, in order
        await tester.receiveReload { $0.timeLeft = "0:59" }
        await tester.receiveReload { $0.timeLeft = "0:58" }
        await tester.receiveReload { $0.timeLeft = "0:57" }

        await clock.advance(by: .seconds(57))
        for second in (0..<57).reversed() {
            await tester.receiveReload {
                $0.timeLeft = "0:\(second < 10 ? "0" : "")\(second)"
                $0.isRunning = second > 0
            }
        }
        await tester.receive(.ended)
    }

    func testTheTimerEndsAtItsLastSecondWhenTheClockRunsOut() async {
        let clock = ManualClock()
        let tester = ViewModelTester(MeetingTimerViewModel(minutes: 1, clock: clock), spy: MeetingTimerSpy())
        tester.strictness = .partial
        tester.send({ $0.startButtonDidTap() }) { $0.isRunning = true }
        await clock.run()
        XCTAssertEqual(clock.now.offset, .seconds(60))
        XCTAssertEqual(tester.viewModel.outputs, MeetingTimerOutputs(timeLeft: "0:00", isRunning: false))
        await tester.receive(.ended)
    }
}
