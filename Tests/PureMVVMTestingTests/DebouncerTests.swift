import Foundation
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// A search field's ViewModel: the title shows the text once typing pauses for 300 ms.
@MainActor
final class SearchViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())
    let debouncer: Debouncer

    init(clock: any Clock<Duration>) {
        debouncer = Debouncer(delay: .milliseconds(300), clock: clock)
    }

    func textDidChange(_ text: String) {
        debouncer.schedule { [weak self] in
            guard let self else { return }
            store.update(notifying: delegate) { $0.title = text }
        }
    }

    func clearButtonDidTap() {
        debouncer.cancel()
    }
}

@MainActor
final class DebouncerTests: GuardedTestCase {
    private let clock = ManualClock()

    func testOnlyTheLastOfABurstRunsOnceTheDelayHasPassed() async throws {
        let tester = ViewModelTester(SearchViewModel(clock: clock), spy: CounterSpy())
        tester.send { $0.textDidChange("a") }
        try await clock.nextSleep()
        tester.send { $0.textDidChange("ab") }
        let delay = try await clock.nextSleep()
        XCTAssertEqual(delay, .milliseconds(300))
        XCTAssertEqual(clock.sleeperCount, 1, "the earlier action was cancelled, not left waiting")
        XCTAssertTrue(tester.viewModel.debouncer.isPending)
        await clock.advance(by: .milliseconds(299))
        XCTAssertEqual(clock.sleeperCount, 1, "not yet")
        await clock.advance(by: .milliseconds(1))
        await tester.receiveReload { $0.title = "ab" }
        XCTAssertFalse(tester.viewModel.debouncer.isPending)
    }

    func testCancelStopsTheActionWaiting() async throws {
        let tester = ViewModelTester(SearchViewModel(clock: clock), spy: CounterSpy())
        tester.send { $0.textDidChange("a") }
        try await clock.nextSleep()
        tester.send { $0.clearButtonDidTap() }
        XCTAssertEqual(clock.sleeperCount, 0)
        XCTAssertFalse(tester.viewModel.debouncer.isPending)
        await clock.advance(by: .seconds(1))
    }

    func testCancelAfterTheSleepEndedButBeforeTheActionRanStopsIt() async throws {
        // A ManualClock's advance lets the work it wakes run: a clock of the test's own ends the sleep and lets
        // nothing run, so the cancel comes between the sleep's end and the action.
        let clock = HandClock()
        let debouncer = Debouncer(delay: .milliseconds(300), clock: clock)
        let flag = Flag()
        weak var captured: Marker?
        do {
            let marker = Marker()
            captured = marker
            debouncer.schedule { [marker] in
                withExtendedLifetime(marker) { flag.isSet = true }
            }
        }
        for _ in 0..<10_000 where clock.sleeperCount == 0 { await Task.yield() }
        XCTAssertEqual(clock.sleeperCount, 1)
        clock.wakeAll()  // the sleep ends; the action needs the main actor, held here
        debouncer.cancel()
        // Its task ends either way, and then frees the action and the marker the action holds.
        for _ in 0..<10_000 where captured != nil { await Task.yield() }
        XCTAssertNil(captured, "the debouncer's task ended")
        XCTAssertFalse(flag.isSet, "cancelled after its sleep, before it ran: it does not run")
    }

    func testFreeingTheDebouncerCancelsItsAction() async throws {
        weak var freed: Debouncer?
        do {
            let debouncer = Debouncer(delay: .milliseconds(300), clock: clock)
            freed = debouncer
            debouncer.schedule {}
            try await clock.nextSleep()
        }
        XCTAssertNil(freed)
        XCTAssertEqual(clock.sleeperCount, 0, "the sleep ended with its debouncer")
    }
}

/// Whether an action ran.
@MainActor
private final class Flag {
    var isSet = false
}

/// An object an action holds, freed when the task that holds the action ends.
private final class Marker: Sendable {}

/// A clock whose sleeps end when the test says, without letting anything run.
private final class HandClock: Clock, @unchecked Sendable {
    typealias Instant = ManualClock.Instant

    private let lock = NSLock()
    private var sleepers: [CheckedContinuation<Void, any Error>] = []

    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await withCheckedThrowingContinuation { continuation in lock.withLock { sleepers.append(continuation) } }
    }

    func wakeAll() {
        let woken = lock.withLock {
            defer { sleepers.removeAll() }
            return sleepers
        }
        for sleeper in woken { sleeper.resume() }
    }
}
