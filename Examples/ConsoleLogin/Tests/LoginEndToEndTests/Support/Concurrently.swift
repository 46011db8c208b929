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

/// Runs `body` on a thread of its own while the caller goes on, as a run of the binary that waits out a real
/// timeout while the test drives another: ``wait()`` returns what it returned.
///
/// `body` must end by itself (a run of the binary ends within its own timeout): ``wait()`` waits for it.
final class BackgroundRun<Result>: @unchecked Sendable {
    private let results = ResultSlots<Result>(count: 1)
    private let done = DispatchGroup()

    init(_ body: @escaping @Sendable () -> Result) {
        done.enter()
        Thread.detachNewThread { [results, done] in
            results.set(body(), at: 0)
            done.leave()
        }
    }

    /// Waits for `body` to end and returns what it returned.
    func wait() -> Result {
        done.wait()
        return results.all[0]
    }
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
