import PureMVVM
import TestSupport
import XCTest

/// A screen that shows a shared value: it records what it heard.
@MainActor
private final class Listener {
    var heard: [Int] = []
}

@MainActor
final class SharedStateTests: GuardedTestCase {
    func testEveryObserverButTheChangerHearsEachChangeInOrder() async {
        let state = SharedState(0, label: "count")
        let first = Listener()
        let second = Listener()
        state.observe(by: first) { [weak first] in first?.heard.append($0) }
        state.observe(by: second) { [weak second] in second?.heard.append($0) }
        state.update(by: first) { $0 = 1 }
        state.update { $0 += 1 }
        XCTAssertEqual(state.value, 2)
        XCTAssertEqual(first.heard, [2], "the changer shows its own change")
        XCTAssertEqual(second.heard, [1, 2])
        XCTAssertEqual(state.label, "count")
    }

    func testAChangeThatLeavesTheValueAsItWasIsHeardByNobody() async {
        let state = SharedState("note")
        let listener = Listener()
        state.observe(by: listener) { [weak listener] _ in listener?.heard.append(0) }
        state.update { $0 = "note" }
        XCTAssertEqual(listener.heard, [])
        XCTAssertNil(state.label)
    }

    func testAnObserverThatIsFreedHearsNothingAndIsNotKeptAlive() async {
        let state = SharedState(0)
        var heard = 0
        weak var freed: Listener?
        do {
            let listener = Listener()
            freed = listener
            state.observe(by: listener) { _ in heard += 1 }
        }
        XCTAssertNil(freed)
        state.update { $0 = 5 }
        XCTAssertEqual(heard, 0)
    }
}
