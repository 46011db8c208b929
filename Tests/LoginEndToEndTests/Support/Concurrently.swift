import Dispatch
import Foundation

/// Runs `body` for every item at the same time, on as many threads as the machine has, and returns what each
/// returned, in the items' order: each run of the binary spends most of its time in crypt(3) or waiting, so runs
/// that do not share a file go side by side.
///
/// Assert on the results afterwards, on the test's thread: XCTest's assertions are not meant for other threads.
func concurrently<Item: Sendable, Result>(_ items: [Item], _ body: @escaping @Sendable (Item) -> Result) -> [Result] {
    let results = ResultSlots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        results.set(body(items[index]), at: index)
    }
    return results.all
}

/// One slot per item, written from several threads.
private final class ResultSlots<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ result: Result, at index: Int) {
        lock.withLock { slots[index] = result }
    }

    var all: [Result] {
        lock.withLock { slots.compactMap { $0 } }
    }
}
