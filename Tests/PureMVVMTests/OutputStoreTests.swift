import PureMVVM
import TestSupport
import XCTest

@MainActor
final class OutputStoreTests: GuardedTestCase {
    func testSeveralChangesInOneUpdateGiveOneReloadWithExactlyThoseFields() async {
        let store = OutputStore(CounterOutputs())
        let spy = CounterSpy()

        let changes = store.update(notifying: spy) { outputs in
            outputs.count = 1
            outputs.count = 2
            outputs.isEnabled = true
        }

        XCTAssertEqual(changes, [.count, .isEnabled])
        XCTAssertEqual(spy.reloads, [[.count, .isEnabled]])
        XCTAssertEqual(spy.shown, [CounterOutputs(count: 2, isEnabled: true)])
        XCTAssertEqual(store.outputs.count, 2)
    }

    func testNoReloadWhenNothingChanged() async {
        let store = OutputStore(CounterOutputs(count: 1))
        let spy = CounterSpy()

        store.update(notifying: spy) { $0.count = 1 }
        store.update(notifying: spy) { outputs in
            outputs.title = "changed"
            outputs.title = ""
        }

        XCTAssertEqual(spy.reloads, [])
    }

    func testOutputsChangeWithoutADelegate() async {
        let store = OutputStore(CounterOutputs())
        let changes = store.update(notifying: nil) { $0.title = "hello" }
        XCTAssertEqual(changes, [.title])
        XCTAssertEqual(store.outputs.title, "hello")
    }

    func testTheDelegateReadsTheNewOutputsDuringTheReload() async {
        let store = OutputStore(CounterOutputs())
        let view = ReadingView()
        store.update(notifying: view) { $0.count = 7 }
        store.set(\.title, to: "seven", field: .title, notifying: view)
        XCTAssertEqual(view.seen, ["7 ", "7 seven"])
    }

    func testTheReloadHandsTheViewTheStoresOutputsInPlace() async {
        let store = OutputStore(CounterOutputs())
        let view = ReadingView()
        store.update(notifying: view) { $0.count = 1 }
        guard let handed = view.lastOutputs else { return XCTFail("no reload") }
        store.update(notifying: nil) { $0.count = 2 }
        XCTAssertEqual(handed.count, 2, "read later, the outputs a reload handed over are the store's current ones")
        XCTAssertEqual(handed.snapshot, store.outputs)
    }

    func testOutputsMadeFromASnapshotKeepTheirCopy() async {
        var snapshot = CounterOutputs(count: 3, title: "three", isEnabled: true)
        let outputs = ReadOnlyOutputs(snapshot)
        snapshot.count = 4
        XCTAssertEqual(outputs.count, 3)
        XCTAssertEqual(outputs.title, "three")
        XCTAssertEqual(outputs.snapshot, CounterOutputs(count: 3, title: "three", isEnabled: true))
    }

    /// An update or a set inside an update would lose one of the two changes: the store stops the program, saying
    /// how to fix it. Shown in a child process (`TestProbe`), which it ends.
    func testAnUpdateFromInsideAnUpdateStopsTheProgramSayingHowToFixIt() async throws {
        for scenario in ["update-inside-update", "set-inside-update"] {
            let outcome = try TestProbe.run(scenario, environment: ["SWIFT_BACKTRACE": "enable=no"])
            XCTAssertNil(outcome.exitStatus, "\(scenario) ended by a trap, not an exit: \(outcome)")
            XCTAssertNotNil(outcome.signal, scenario)
            XCTAssertTrue(
                outcome.errors.contains(
                    "Precondition failed: OutputStore<ProbeOutputs> was changed from inside its own update. "
                        + "To fix: make one update per input event and pass `inout ProbeOutputs` to helpers."),
                "\(scenario): \(outcome.errors)")
            XCTAssertFalse(outcome.output.contains("ended normally"), scenario)
        }
    }

    /// During its reload a store is no longer updating: a view may send the next input from `reloadViews`.
    func testAViewMaySendAnInputWhileItReloads() async throws {
        let outcome = try TestProbe.run("update-from-reload", environment: ["SWIFT_BACKTRACE": "enable=no"])
        XCTAssertEqual(outcome.exitStatus, 0, "\(outcome)")
        XCTAssertEqual(outcome.output, "TestProbe: count 2\nTestProbe: update-from-reload ended normally\n")
    }

    func testSetComparesOneOutput() async {
        let store = OutputStore(CounterOutputs())
        let spy = CounterSpy()

        XCTAssertTrue(store.set(\.title, to: "a", field: .title, notifying: spy))
        XCTAssertFalse(store.set(\.title, to: "a", field: .title, notifying: spy))

        XCTAssertEqual(spy.reloads, [[.title]])
        XCTAssertEqual(store.outputs.title, "a")
    }

    func testAnUpdateThatThrowsChangesNothing() async {
        struct Stop: Error {}
        let store = OutputStore(CounterOutputs())
        let spy = CounterSpy()
        XCTAssertThrowsError(
            try store.update(notifying: spy) { outputs in
                outputs.count = 5
                throw Stop()
            }
        )
        XCTAssertEqual(store.outputs.count, 0)
        XCTAssertEqual(spy.reloads, [])
        store.update(notifying: spy) { $0.count = 1 }
        XCTAssertEqual(spy.reloads, [[.count]], "the store is usable after a throwing update")
    }

    func testChangesSinceComparesEveryField() async {
        let old = CounterOutputs()
        let new = CounterOutputs(count: 1, title: "t", isEnabled: false)
        XCTAssertEqual(new.changes(since: old), [.count, .title])
        XCTAssertEqual(new.changes(since: new), [])
    }
}

@MainActor
private final class ReadingView: ReloadDelegate {
    var seen: [String] = []
    var lastOutputs: ReadOnlyOutputs<CounterOutputs>?
    func reloadViews(_ changes: ChangeSet<CounterOutputs>, from outputs: ReadOnlyOutputs<CounterOutputs>) {
        seen.append("\(outputs.count) \(outputs.title)")
        lastOutputs = outputs
    }
}
