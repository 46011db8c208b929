import Foundation

/// Runs `body` for every item at the same time, each on a thread of its own, and returns what each returned, in
/// the items' order. Each item here is a run of the binary, which spends its time in crypt(3), in a real failure
/// delay, or waiting for its output: a thread each, so that a run that sleeps holds up no other.
///
/// Assert on the results afterwards, on the test's thread: XCTest's assertions are not meant for other threads.
func concurrently<Item: Sendable, Result>(_ items: [Item], _ body: @escaping @Sendable (Item) -> Result) -> [Result] {
    let results = ResultSlots<Result>(count: items.count)
    let done = DispatchGroup()
    for (index, item) in items.enumerated() {
        done.enter()
        Thread.detachNewThread {
            results.set(body(item), at: index)
            done.leave()
        }
    }
    done.wait()
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
